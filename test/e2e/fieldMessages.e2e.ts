import { expect, test, type Page } from '@playwright/test';
import { setWebStatus } from './helpers/application';
import { createAccount, logInByApi, openStep, section, textbox, uniqueEmail } from './helpers/applicant';

/*
 * Issue 13: every message names the field as the applicant sees it and says what to do; an
 * optional e-mail is checked only when given; phone numbers are masked only when they are US ones.
 */

/** A field's accessible description holds its help and its error text (aria-describedby). */
const describing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function validatingApplicant(page: Page, tag: string): Promise<void> {
  const email = uniqueEmail(tag);
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await setWebStatus(page.request, 'started', 'validating');
}

test('required messages name the field by its label and say what to do', async ({ page }) => {
  await validatingApplicant(page, 'messages');

  await openStep(page, '/about');
  const sex = section(page, 'Personal Information').getByRole('combobox', { name: 'Sex', exact: true });
  await expect(sex).toHaveAccessibleDescription(describing('Sex is required.'));
  await expect(sex).not.toHaveAccessibleDescription(/Gender/);

  await openStep(page, '/education');
  const term = page.getByRole('combobox', { name: 'When do you plan to start?', exact: true });
  await expect(term).toHaveAccessibleDescription(describing('Please choose a term for "When do you plan to start?".'));
  const counselorEmail = textbox(page, "Counselor's email address");
  // Never touched, and optional: no message about its format.
  await expect(counselorEmail).not.toHaveAccessibleDescription(describing('invalid'));
  await counselorEmail.fill('casey@');
  // Errors keep their places between checks: Save checks the page again.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(counselorEmail).toHaveAccessibleDescription(describing('The counselor email address you entered is invalid.'));

  await openStep(page, '/final-steps');
  const certify = page.getByRole('checkbox', { name: /I certify that the information/ });
  await expect(certify).toHaveAccessibleDescription(
    describing('Please tick the box to certify that the information on this application is complete and correct.'),
  );
});

test("the applicant's own e-mail is checked when given", async ({ page }) => {
  await validatingApplicant(page, 'own-email');
  await openStep(page, '/about');
  const email = textbox(section(page, 'Personal Information'), 'Email address');
  await email.fill('minh.khai.nguyen@');
  // Errors keep their places between checks: Save checks the page again.
  const save = page.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(email).toHaveAccessibleDescription(describing('The email address you entered is invalid.'));
  await email.fill('minh.khai.nguyen@example.edu');
  await save.click();
  await expect(email).not.toHaveAccessibleDescription(describing('invalid'));
});

test('phones: a +1 number keeps its country code, another country is kept as typed and sent to its own field', async ({ page }) => {
  await validatingApplicant(page, 'phones');
  await openStep(page, '/about');
  const home = textbox(page, 'Home phone');
  const cell = textbox(page, 'Cell phone');

  await home.pressSequentially('+1 (408) 555-0199');
  await expect(home).toHaveValue('+1 (408) 555-0199');
  await expect(home).not.toHaveAccessibleDescription(describing('valid home phone'));

  await cell.pressSequentially('+84 28 3829 5000');
  await expect(cell).toHaveValue('+84 28 3829 5000');
  await expect(cell).toHaveAccessibleDescription(
    describing('Cell phone takes US numbers only. Please enter a number from another country under "International phone number".'),
  );
});
