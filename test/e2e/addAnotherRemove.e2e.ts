import { expect, test } from '@playwright/test';
import type { Profile } from '../../machines/api/responses';
import { ANNOUNCEMENTS } from '../../src/catalogue/announcements';
import { expectAccessible } from './helpers/axe';
import { createAccount, logInByApi, onStep, openStep, screenshotBothWidths, section, uniqueEmail } from './helpers/applicant';

/*
 * Issue 13: an added parent, sibling, activity or relative can be removed. It asks first; once
 * confirmed the count goes down, the removed item's answers are cleared and the later items move
 * up one place, on the page and on the server.
 */
test('an added activity is removed after confirming; the later one moves up, on the page and on the server', async ({ page }) => {
  const email = uniqueEmail('remove-item');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await openStep(page, '/education');
  await onStep(page, '/education', 'Your Academics');
  const activities = section(page, 'Activities');
  const item = (n: number) => activities.getByRole('group', { name: `Activity ${n}`, exact: true });
  const name = (n: number) => item(n).getByRole('textbox', { name: 'Activity name' });
  const add = activities.getByRole('button', { name: 'Add another activity' });
  await add.click();
  await expect(item(2)).toBeVisible();
  await add.click();
  await expect(item(3)).toBeVisible();
  await name(1).fill('Chess');
  await name(2).fill('Rowing');
  await name(3).fill('Choir');
  // The first item stays; each added one has its Remove button.
  await expect(item(1).getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  await item(2).getByRole('button', { name: 'Remove Activity 2' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove “Activity 2”?' });
  await expect(dialog).toContainText(
    'Removing “Activity 2” deletes its answers, here and on the server. The ones after it move up one place.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'the remove dialog');
  await screenshotBothWidths(page, 'add-another-remove-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(activities.getByRole('group', { name: /^Activity \d$/ })).toHaveCount(3);
  await expect(name(2)).toHaveValue('Rowing');

  await item(2).getByRole('button', { name: 'Remove Activity 2' }).click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(activities.getByRole('group', { name: /^Activity \d$/ })).toHaveCount(2);
  await expect(name(1)).toHaveValue('Chess');
  await expect(name(2)).toHaveValue('Choir');
  // Focus goes to the item now in the removed one's place, and the removal is announced.
  await expect(name(2)).toBeFocused();
  await expect(page.locator('#announcer')).toHaveText(ANNOUNCEMENTS.itemRemoved('Activity 2'));
  await expectAccessible(page, 'after removing an item');
  await item(2).scrollIntoViewIfNeeded();
  await screenshotBothWidths(page, 'add-another-removed', { fullPage: false });

  const counts = (await (await page.request.get('/api/add-another')).json()) as Record<string, number>;
  expect(counts.activities).toBe(2);
  const { answer } = (await (await page.request.get('/api/profile')).json()) as Profile;
  expect(answer).toMatchObject({ activity_name: 'Chess', activity_2_name: 'Choir', activity_3_name: '' });

  await page.reload();
  await onStep(page, '/education', 'Your Academics');
  await expect(section(page, 'Activities').getByRole('group', { name: /^Activity \d$/ })).toHaveCount(2);
  await expect(name(2)).toHaveValue('Choir');
});
