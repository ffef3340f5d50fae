import { expect, test, type Page } from '@playwright/test';
import { LEGAL_AGREEMENT } from '../../src/catalogue/questions';
import { APPLICATION_MESSAGES } from '../../src/catalogue/schema/application';
import { ABOUT_REQUIRED as A, PASSWORD, checkbox, codeFor, onStep, section, select, textbox, uniqueEmail } from './helpers/applicant';
import { chooseOption, chooseRadio, press, tabTo, typeInto } from './helpers/keyboard';

/*
 * The journey of journey.e2e.ts with the keyboard alone: Tab and Shift+Tab to move, typing,
 * type-ahead in selects, arrow keys in radio groups and in the school search, Space and Enter
 * to act. No click, no fill.
 */

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function logIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await typeInto(page, textbox(page, 'Email address'), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await page.keyboard.press('Enter');
}

test('the whole journey with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('keyboard');

  await page.goto('/about');
  const personal = section(page, 'Personal Information');
  await typeInto(page, textbox(personal, 'First name'), A.first);
  await typeInto(page, textbox(personal, 'Last name (family name)'), A.last);
  await press(page, button(page, 'Next'), 'Enter');

  await expect(page).toHaveURL(/\/signup$/);
  await typeInto(page, textbox(page, 'Email address'), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/confirm$/);
  await typeInto(page, textbox(page, 'Confirmation code'), await codeFor(email));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await onStep(page, '/about', 'About You');
  await expect(textbox(personal, 'First name')).toHaveValue(A.first);

  // About You.
  await chooseOption(page, select(personal, 'Sex'), A.sex);
  // The date field takes month, day and year as typed digits.
  await typeInto(page, textbox(personal, 'Date of birth'), '03142007');
  await expect(textbox(personal, 'Date of birth')).toHaveValue(A.birthDate);
  await typeInto(page, textbox(personal, 'Cell phone'), '5552345678');
  await expect(textbox(personal, 'Cell phone')).toHaveValue(A.mobile);
  const address = section(page, 'Address');
  await typeInto(page, textbox(address, 'Street address'), A.street);
  await typeInto(page, textbox(address, 'City'), A.city);
  await chooseOption(page, select(address, 'Country'), A.country);
  await chooseOption(page, select(address, 'State or province'), A.state);
  await typeInto(page, textbox(address, 'ZIP/Postal Code'), A.zip);
  await chooseRadio(page, address.getByRole('radiogroup', { name: /mailing address the same/ }), 'No');
  await expect(textbox(address, 'Mailing street address')).toBeVisible();
  await chooseRadio(page, address.getByRole('radiogroup', { name: /mailing address the same/ }), 'Yes');
  await expect(textbox(address, 'Mailing street address')).toHaveCount(0);
  // A checkbox with Space; Shift+Tab back up the page to reach it.
  const asian = checkbox(section(page, 'Ethnicity and Race'), 'Asian');
  await press(page, asian, 'Space');
  await expect(asian).toBeChecked();
  await tabTo(page, textbox(personal, 'Middle name'));
  await press(page, button(page, 'Next'), 'Enter');

  // Your Academics.
  await onStep(page, '/education', 'Your Academics');
  const plans = section(page, 'Enrollment Plans');
  await chooseOption(page, select(plans, 'When do you plan to start?'), 'Fall 2027');
  await chooseOption(page, select(plans, 'What would you like to study?'), 'Computer Science');
  const school = section(page, 'High School');
  await typeInto(page, select(school, 'High school name'), 'Lincoln');
  await expect(page.getByRole('option', { name: /^Lincoln High School \(Demo\)/ })).toBeVisible();
  // The list also offers the typed text itself.
  await expect(page.getByRole('option', { name: /^Use: Lincoln/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /^Lincoln High School \(Demo\)/ })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(textbox(school, 'School city')).toHaveValue('Springfield');
  await typeInto(page, textbox(school, "Counselor's email address"), 'counselor@lincoln.example.org');
  const essay = section(page, 'Personal Statement');
  // Arrow keys move between the tabs without switching (switching clears the other tab).
  await tabTo(page, essay.getByRole('tab', { name: 'Write it here' }));
  await page.keyboard.press('ArrowRight');
  await expect(essay.getByRole('tab', { name: 'Upload a document' })).toBeFocused();
  await expect(essay.getByRole('tab', { name: 'Write it here' })).toHaveAttribute('aria-selected', 'true');
  await typeInto(page, textbox(essay, 'Personal statement'), 'Weaving numbers.');
  await press(page, button(page, 'Next'), 'Enter');

  // Final Steps, without the agreement.
  await onStep(page, '/final-steps', 'Final Steps');
  const legal = section(page, 'Legal and Conduct');
  await chooseRadio(page, legal.getByRole('radiogroup', { name: /convicted/ }), 'No');
  await chooseRadio(page, legal.getByRole('radiogroup', { name: /suspended/ }), 'No');
  await chooseRadio(page, legal.getByRole('radiogroup', { name: /give up your right/ }), 'Yes');
  await press(page, button(page, 'Submit'), 'Enter');

  const summary = page.getByRole('region', { name: "We're missing some information!" });
  await expect(summary).toBeVisible();
  await press(page, summary.getByRole('link', { name: APPLICATION_MESSAGES.legalAgreement }), 'Enter');
  await expect(page).toHaveURL(/\/final-steps#legal_agree$/);
  const agreement = checkbox(page, LEGAL_AGREEMENT);
  await expect(agreement).toBeFocused();
  await page.keyboard.press('Space');
  await expect(agreement).toBeChecked();
  await press(page, button(page, 'Submit'), 'Enter');
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.').first()).toBeVisible();

  // Log out through the Account popover, and in again.
  await press(page, button(page, 'Account'), 'Enter');
  await press(page, button(page, 'Log Out'), 'Enter');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  // A submitted applicant is thanked, not told they are almost finished.
  await expect(page.getByTestId('welcome-banner')).toContainText('Thank you for applying');
});
