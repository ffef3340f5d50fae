import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInByApi, openStep, saveAnswers, screenshot, uniqueEmail } from './helpers/applicant';
import { serverAnswers } from './helpers/application';

/*
 * Issue 12: Log Out while answers are not saved yet never goes on silently. A dialog names them
 * and offers to save them and log out, discard them and log out, or stay; an explicit choice
 * leaves no draft of the account on the device, and a failed save keeps the dialog and the draft.
 */

const WIDTHS = [1280, 390] as const;

test.use({ reducedMotion: 'reduce' });

const field = (page: Page, key: string) => page.locator(`#q-${key}`);
const saveStatus = (page: Page) => page.locator('.step-actions__status');
const logoutDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Save your answers before logging out?' });

/** The drafts this device keeps, by account (localStorage `admissions.draft.<username>`). */
const drafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('admissions.draft.')));

/** A logged-in applicant on About You whose account holds a first name, with a city typed and not saved. */
async function cityNotSaved(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, { first_name: 'Ada' });
  await openStep(page, '/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible({ timeout: 30_000 });
  await expect(field(page, 'first_name')).toHaveValue('Ada', { timeout: 30_000 });
  await field(page, 'city').fill('Springfield');
  await expect(saveStatus(page)).toHaveText('Not saved yet');
  expect(await drafts(page)).toHaveLength(1);
  return email;
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px: Log Out with answers not saved yet`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test('asks first, naming the answer; Cancel keeps the applicant logged in with the answer', async ({ page }) => {
      await cityNotSaved(page, `logout-cancel-${width}`);
      await logOut(page);
      const dialog = logoutDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('1 answer is not saved yet: “City”.');
      await expect(dialog).toContainText('“Save and log out” saves it in your account.');
      // It opens on Cancel: Enter alone loses nothing.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page, 'Log Out dialog');
      await screenshot(page, 'logout-unsaved', { fullPage: false });

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/about$/);
      await expect(field(page, 'city')).toHaveValue('Springfield');
      await expect(saveStatus(page)).toHaveText('Not saved yet');
      expect(await drafts(page)).toHaveLength(1);
      // Escape is Cancel too.
      await logOut(page);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/about$/);
      await expect(field(page, 'city')).toHaveValue('Springfield');
    });

    test('"Save and log out" puts the answer on the server, logs out, and leaves no draft', async ({ page }) => {
      const email = await cityNotSaved(page, `logout-save-${width}`);
      await logOut(page);
      await logoutDialog(page).getByRole('button', { name: 'Save and log out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('card-notice')).toContainText('You have logged out.');
      expect(await drafts(page)).toEqual([]);
      await logInByApi(page, email);
      expect(await serverAnswers(page)).toMatchObject({ first_name: 'Ada', city: 'Springfield' });
    });

    test('"Discard and log out" leaves the server as it was and no draft; the next login offers nothing back', async ({ page }) => {
      const email = await cityNotSaved(page, `logout-discard-${width}`);
      await logOut(page);
      await logoutDialog(page).getByRole('button', { name: 'Discard and log out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('card-notice')).toContainText('You have logged out.');
      expect(await drafts(page)).toEqual([]);
      await logInByApi(page, email);
      const answers = await serverAnswers(page);
      expect(answers.first_name).toBe('Ada');
      expect(answers.city ?? '').toBe('');

      await openStep(page, '/about');
      await expect(field(page, 'first_name')).toHaveValue('Ada', { timeout: 30_000 });
      await expect(field(page, 'city')).toHaveValue('');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByTestId('toast')).toHaveCount(0);
    });

    test('a save that fails (offline) says so, keeps the dialog, the answer and its draft', async ({ page, context }) => {
      await cityNotSaved(page, `logout-offline-${width}`);
      await logOut(page);
      const dialog = logoutDialog(page);
      await expect(dialog).toBeVisible();
      await context.setOffline(true);
      await dialog.getByRole('button', { name: 'Save and log out' }).click();
      await expect(dialog.getByRole('alert')).toContainText('It could not be saved');
      await expect(dialog.getByRole('alert')).toContainText('You are still logged in and it is kept on this device.');
      await expect(dialog).toBeVisible();
      expect(await drafts(page)).toHaveLength(1);
      await expectAccessible(page, 'Log Out dialog after a failed save');

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(field(page, 'city')).toHaveValue('Springfield');
      await context.setOffline(false);
    });

    test('with nothing unsaved, Log Out logs out at once', async ({ page }) => {
      const email = uniqueEmail(`logout-saved-${width}`);
      await createAccount(page.request, email);
      await logInByApi(page, email);
      await openStep(page, '/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible({ timeout: 30_000 });
      await field(page, 'city').fill('Springfield');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(saveStatus(page)).toHaveText('All changes saved');
      await logOut(page);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('card-notice')).toContainText('You have logged out.');
      await expect(logoutDialog(page)).toHaveCount(0);
    });
  });
}
