import { expect, test } from '@playwright/test';
import { createAccount, logInByApi, onStep, openStep, radio, section, select, textbox, uniqueEmail } from './helpers/applicant';

/*
 * Section 4 "Conditional content": hidden content is not rendered and its answers are cleared,
 * so bringing it back shows it empty; add-another groups stop at their maximum.
 */

test.describe('conditional content', () => {
  // One account for the group (sign-up mails are rate-limited per client); each test touches its own answers.
  const email = uniqueEmail('conditions');

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await createAccount(request, email);
    await request.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await logInByApi(page, email);
  });

  test('a conviction comment is cleared when the answer turns to No', async ({ page }) => {
    await openStep(page, '/final-steps');
    await onStep(page, '/final-steps', 'Final Steps');
    const legal = section(page, 'Legal and Conduct');
    const comment = textbox(legal, 'Please tell us what happened and what you learned from it.');
    await expect(comment).toHaveCount(0);

    await radio(legal, /convicted/, 'Yes').check();
    await comment.fill('A speeding ticket on a school night.');
    await comment.blur();
    await expect(comment).toHaveValue('A speeding ticket on a school night.');

    // Issue 12: the comment would go with the answer, so the page asks first (answerGuards.e2e.ts tests Cancel).
    await radio(legal, /convicted/, 'No').click();
    await page.getByRole('alertdialog', { name: 'Remove your answers?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(radio(legal, /convicted/, 'No')).toBeChecked();
    await expect(comment).toHaveCount(0);
    await radio(legal, /convicted/, 'Yes').check();
    await expect(comment).toHaveValue('');

    // Save stays on the page and says so.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  });

  test('the mailing address shows only when it differs, and comes back empty', async ({ page }) => {
    await openStep(page, '/about');
    const address = section(page, 'Address');
    const mailingStreet = textbox(address, 'Mailing street address');
    // Unanswered: nothing says the mailing address differs, so its fields wait (issue 13).
    await expect(radio(address, /mailing address the same/, 'No')).not.toBeChecked();
    await expect(mailingStreet).toHaveCount(0);

    await radio(address, /mailing address the same/, 'No').check();
    await mailingStreet.fill('PO Box 12');
    await select(address, 'Mailing country').selectOption({ label: 'Canada' });
    // displayAndOptions: the state list follows the country, provinces for Canada.
    await expect(select(address, 'Mailing state or province').getByRole('option', { name: 'Ontario' })).toHaveCount(1);
    await select(address, 'Mailing state or province').selectOption({ label: 'Ontario' });
    await select(address, 'Mailing country').selectOption({ label: 'France' });
    await expect(select(address, 'Mailing state or province')).toHaveCount(0);

    await radio(address, /mailing address the same/, 'Yes').click();
    const asked = page.getByRole('alertdialog', { name: 'Remove your answers?' });
    await expect(asked).toContainText('“Mailing country” and “Mailing street address”');
    await asked.getByRole('button', { name: 'Remove' }).click();
    await expect(mailingStreet).toHaveCount(0);
    await radio(address, /mailing address the same/, 'No').check();
    await expect(mailingStreet).toHaveValue('');
    await expect(select(address, 'Mailing country')).toHaveValue('');
  });

  test('a confirmation trigger reveals the Social Security number after confirming', async ({ page }) => {
    await openStep(page, '/about');
    const personal = section(page, 'Personal Information');
    const reveal = personal.getByRole('button', { name: 'Add my Social Security number' });
    await reveal.click();
    const dialog = page.getByRole('alertdialog', { name: 'Social Security number' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(textbox(personal, 'Social Security number')).toHaveCount(0);

    await reveal.click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const ssn = textbox(personal, 'Social Security number');
    await expect(ssn).toBeFocused();
    await ssn.pressSequentially('123456789');
    await expect(ssn).toHaveValue('123-45-6789');
  });

  test('an add-another group stops at its maximum', async ({ page }) => {
    await openStep(page, '/education');
    const activities = section(page, 'Activities');
    const add = activities.getByRole('button', { name: 'Add another activity' });
    for (const slot of [2, 3, 4]) {
      await add.click();
      await expect(activities.getByRole('group', { name: `Activity ${slot}` })).toBeVisible();
    }
    await expect(add).toHaveCount(0);
    await expect(activities.getByRole('group', { name: /^Activity \d$/ })).toHaveCount(4);

    // The counts are the server's: a reload shows the same four.
    await page.reload();
    await expect(section(page, 'Activities').getByRole('group', { name: /^Activity \d$/ })).toHaveCount(4);
  });
});

test('anonymous visitors see one slot and no add-another button', async ({ page }) => {
  await page.goto('/education');
  const activities = section(page, 'Activities');
  await expect(activities.getByRole('group', { name: 'Activity 1' })).toBeVisible();
  await expect(activities.getByRole('button', { name: /Add another/ })).toHaveCount(0);
});
