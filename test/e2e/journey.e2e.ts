import { expect, test, type Page } from '@playwright/test';
import { LEGAL_AGREEMENT } from '../../src/catalogue/questions';
import { APPLICATION_MESSAGES } from '../../src/catalogue/schema/application';
import {
  ABOUT_REQUIRED as A,
  PASSWORD,
  checkbox,
  codeFor,
  onStep,
  radio,
  screenshotBothWidths,
  section,
  select,
  textbox,
  uniqueEmail,
} from './helpers/applicant';

/*
 * Issue 4's whole journey with the mouse: answers typed anonymously survive sign-up, the
 * confirmation code and the first login; the three steps are filled; a submit with something
 * missing shows the summary and highlights the field; the fix submits; a second login welcomes
 * the applicant back.
 */

async function logIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await textbox(page, 'Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('from the first visit to a submitted application, and back again', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');

  // Anonymous: a few answers, then Next asks for an account and carries them along.
  await page.goto('/about');
  const personal = section(page, 'Personal Information');
  await textbox(personal, 'First name').fill(A.first);
  await textbox(personal, 'Last name (family name)').fill(A.last);
  await textbox(personal, 'Cell phone').fill('5552345678');
  await expect(textbox(personal, 'Cell phone')).toHaveValue(A.mobile);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/signup$/);
  await textbox(page, 'Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/confirm$/);
  await textbox(page, 'Confirmation code').fill(await codeFor(email));
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);

  // First login: the banner of section 1, and what was typed before is still there.
  await onStep(page, '/about', 'About You');
  await expect(page.getByTestId('welcome-banner')).toContainText('There is no application fee');
  await expect(textbox(personal, 'First name')).toHaveValue(A.first);
  await expect(textbox(personal, 'Last name (family name)')).toHaveValue(A.last);
  await expect(textbox(personal, 'Cell phone')).toHaveValue(A.mobile);

  // Step 1: the rest of what is required.
  await select(personal, 'Sex').selectOption({ label: A.sex });
  await textbox(personal, 'Date of birth').fill(A.birthDate);
  const address = section(page, 'Address');
  await textbox(address, 'Street address').fill(A.street);
  await textbox(address, 'City').fill(A.city);
  await select(address, 'Country').selectOption({ label: A.country });
  await select(address, 'State or province').selectOption({ label: A.state });
  await textbox(address, 'ZIP/Postal Code').fill(A.zip);
  await radio(address, /mailing address the same/, 'Yes').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: enrollment plans, the school search with its demo list, the counselor.
  await onStep(page, '/education', 'Your Academics');
  const plans = section(page, 'Enrollment Plans');
  await select(plans, 'When do you plan to start?').selectOption({ label: 'Fall 2027' });
  await select(plans, 'What would you like to study?').selectOption({ label: 'Computer Science' });
  const school = section(page, 'High School');
  await select(school, 'High school name').fill('Lincoln');
  await page.getByRole('option', { name: /^Lincoln High School \(Demo\)/ }).click();
  await expect(textbox(school, 'School city')).toHaveValue('Springfield');
  await expect(select(school, 'High school name')).toHaveValue('Lincoln High School (Demo)');
  await textbox(school, "Counselor's email address").fill('counselor@lincoln.example.org');
  const essay = section(page, 'Personal Statement');
  await textbox(essay, 'Personal statement').fill('Curiosity about machines that weave numbers.');
  await textbox(essay, 'Personal statement').blur();
  await expect(essay.getByText('Character count: 44 / 7000')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: the legal questions, but not yet the agreement.
  await onStep(page, '/final-steps', 'Final Steps');
  const legal = section(page, 'Legal and Conduct');
  await radio(legal, /convicted/, 'No').check();
  await radio(legal, /suspended/, 'No').check();
  await radio(legal, /give up your right/, 'Yes').check();
  await page.getByRole('button', { name: 'Submit' }).click();

  // Something is missing: the summary lists it, and its link leads to the highlighted question.
  const summary = page.getByRole('region', { name: "We're missing some information!" });
  await expect(summary).toBeVisible();
  const link = summary.getByRole('link', { name: APPLICATION_MESSAGES.legalAgreement });
  await expect(link).toBeVisible();
  await screenshotBothWidths(page, 'journey-missing');
  await link.click();
  await expect(page).toHaveURL(/\/final-steps#legal_agree$/);
  const agreement = checkbox(page, LEGAL_AGREEMENT);
  await expect(agreement).toBeFocused();
  await expect(agreement).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#legal_agree')).toHaveClass(/q-field--invalid/);
  await expect(page.locator('#legal_agree')).toBeInViewport();
  await screenshotBothWidths(page, 'journey-highlighted');

  // The fix, then the submit that goes through.
  // Errors keep their places until the next check: the mark stays until Submit checks again.
  await agreement.check();
  await expect(agreement).toBeChecked();
  await expect(page.locator('#legal_agree')).toHaveClass(/q-field--invalid/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.').first()).toBeVisible();

  // Log out and in again: a submitted application is finished, and the banner says so (issue 13).
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/completion$/);
  const banner = page.getByTestId('welcome-banner');
  await expect(banner).toHaveAttribute('data-variant', 'submitted');
  await expect(banner).toContainText('Thank you for applying');
  await expect(banner).not.toContainText('almost finished');
});
