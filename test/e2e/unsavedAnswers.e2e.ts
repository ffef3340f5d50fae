import { serverAnswers } from './helpers/application';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInByApi, openStep, PASSWORD, saveAnswers, screenshot, textbox, uniqueEmail } from './helpers/applicant';

/*
 * Issue 12, cases 2 to 5: nothing an applicant types is ever lost without being told. A save that
 * fails for the network keeps the answers and sends them when the network returns; a reload or a
 * closed tab gives back what was not saved; a session that ends keeps them for the next login;
 * answers typed before logging in to an account that holds answers are offered, never dropped.
 */

const WIDTHS = [1280, 390] as const;
const ERROR_SCREEN = 'Something went wrong.';

async function openAbout(page: Page): Promise<void> {
  await openStep(page, '/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading the page…')).toHaveCount(0, { timeout: 30_000 });
}

// axe reads colours as they are painted: a toast fading in (200 ms) measures as low contrast, so
// the checks run with reduced motion, which shows toasts at once (Toasts.css).
test.use({ reducedMotion: 'reduce' });

const saveStatus = (page: Page) => page.locator('.step-actions__status');
/** The applicant's own city (a parent's address has a City too). */
const city = (page: Page) => page.locator('#q-city');

async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test('case 2: Save while offline keeps the answers, says so, and saves them when the network returns', async ({ page, context }) => {
      const email = uniqueEmail(`offline-${width}`);
      await createAccount(page.request, email);
      await logInByApi(page, email);
      await openAbout(page);

      await textbox(page, 'Middle name').fill('Grace');
      await city(page).fill('Springfield');
      await expect(saveStatus(page)).toHaveText('Not saved yet');

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(saveStatus(page)).toContainText('you are offline');
      await expect(saveStatus(page)).toContainText('will be saved when the connection returns');
      await expect(page.getByText(ERROR_SCREEN)).toHaveCount(0);
      await expect(textbox(page, 'Middle name')).toHaveValue('Grace');
      await expect(city(page)).toHaveValue('Springfield');
      await expectAccessible(page, 'offline status');
      await screenshot(page, 'save-offline', { fullPage: false });

      await context.setOffline(false);
      await expect(saveStatus(page)).toHaveText('All changes saved', { timeout: 20_000 });
      await expect(page.getByText(ERROR_SCREEN)).toHaveCount(0);
      expect(await serverAnswers(page)).toMatchObject({ middle_name: 'Grace', city: 'Springfield' });
    });
  });
}

test('a chunk that cannot be loaded shows a retry in its place, not the error screen', async ({ page }) => {
  const email = uniqueEmail('chunk');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await openAbout(page);
  await textbox(page, 'Middle name').fill('Grace');
  // The next step's code cannot be fetched (a connection lost on the way).
  const blocked = /\/assets\/EducationPage[^/]*\.js$/;
  await page.route(blocked, (route) => route.abort('internetdisconnected'));
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /Your Academics/ })
    .click();
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await expect(page.getByText('This part of the page could not be loaded.')).toBeVisible();
  await expect(page.getByText(ERROR_SCREEN)).toHaveCount(0);
  await expectAccessible(page, 'chunk retry');

  await page.unroute(blocked);
  await retry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeVisible({ timeout: 30_000 });
  // What was typed before is still there.
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /About You/ })
    .click();
  await expect(textbox(page, 'Middle name')).toHaveValue('Grace');
});

const field = (page: Page, key: string) => page.locator(`#q-${key}`);
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

for (const width of WIDTHS) {
  test.describe(`at ${width} px: answers not saved yet`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test('case 3: a reload asks first, then gives back and saves what was typed since the last save', async ({ page }) => {
      const email = uniqueEmail(`reload-${width}`);
      await createAccount(page.request, email);
      await logInByApi(page, email);
      await openAbout(page);
      await field(page, 'middle_name').fill('Grace');
      await city(page).fill('Springfield');
      await expect(saveStatus(page)).toHaveText('Not saved yet');

      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      await page.reload();
      expect(dialogs).toEqual(['beforeunload']);
      await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible({ timeout: 30_000 });
      await expect(field(page, 'middle_name')).toHaveValue('Grace');
      await expect(city(page)).toHaveValue('Springfield');
      await expect(toast(page, '2 answers you had not saved yet were kept on this device and are now saved.')).toBeVisible();
      expect(await serverAnswers(page)).toMatchObject({ middle_name: 'Grace', city: 'Springfield' });
      // Saved: leaving no longer asks.
      await page.reload();
      expect(dialogs).toEqual(['beforeunload']);
    });

    test('case 3: a tab closed before Save asks first; the next visit gives the answers back, saved', async ({ page, context }) => {
      const email = uniqueEmail(`close-${width}`);
      await createAccount(page.request, email);
      await logInByApi(page, email);
      await openAbout(page);
      await field(page, 'middle_name').fill('Grace');
      await city(page).fill('Springfield');
      await expect(saveStatus(page)).toHaveText('Not saved yet');
      await expectAccessible(page, 'not saved yet');

      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.accept();

      const next = await context.newPage();
      await openAbout(next);
      await expect(field(next, 'middle_name')).toHaveValue('Grace');
      await expect(city(next)).toHaveValue('Springfield');
      await expect(toast(next, 'kept on this device and are now saved')).toBeVisible();
      expect(await serverAnswers(next)).toMatchObject({ middle_name: 'Grace', city: 'Springfield' });
    });

    test('case 4: the session ends before Save; after logging in again the 4 answers are saved and the message says so', async ({
      page,
      context,
    }) => {
      const email = uniqueEmail(`session-${width}`);
      await createAccount(page.request, email);
      await logInByApi(page, email);
      await openAbout(page);
      await field(page, 'first_name').fill('Ada');
      await field(page, 'middle_name').fill('Grace');
      await field(page, 'last_name').fill('Lovelace');
      await city(page).fill('Springfield');

      await context.clearCookies({ name: 'sid' });
      // Save meets the 401, unless another call of the page met it first and left for /login:
      // either way /login must say the answers are kept.
      await page
        .getByRole('button', { name: 'Save', exact: true })
        .click({ timeout: 10_000 })
        .catch(() => undefined);
      await expect(page).toHaveURL(/\/login$/);
      const notice = page.getByTestId('card-notice');
      await expect(notice).toContainText('Your session ended before your latest answers were saved.');
      await expect(notice).toContainText('They are kept on this device: log in again to save them.');
      await expectAccessible(page, 'login after a session ended with answers unsaved');

      await page.getByLabel('Email address', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('main').getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(
        toast(page, 'Your session had ended before 4 answers could be saved. They were kept on this device and are now saved.'),
      ).toBeVisible({ timeout: 20_000 });
      await expect(field(page, 'middle_name')).toHaveValue('Grace');
      await expect(city(page)).toHaveValue('Springfield');
      expect(await serverAnswers(page)).toMatchObject({
        first_name: 'Ada',
        middle_name: 'Grace',
        last_name: 'Lovelace',
        city: 'Springfield',
      });
    });
  });
}

/**
 * Case 5's start: an account that already holds answers, then a visitor in this browser types a
 * last name and a city, presses Save (sign-up) and goes on to "Log in" to that account.
 */
async function typeThenLogIn(page: Page, email: string): Promise<void> {
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, { first_name: 'Ada', last_name: 'Byron', city: 'London' });
  expect((await page.request.get('/api/logout')).ok()).toBe(true);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible({ timeout: 30_000 });
  await field(page, 'last_name').fill('King');
  await city(page).fill('Springfield');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Submit' }).click();
}

const offerDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Which answers should we keep?' });

for (const width of WIDTHS) {
  test.describe(`at ${width} px: answers typed before logging in to an account with answers`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test("case 5: they are offered beside the account's; keeping the account's saves nothing", async ({ page }) => {
      await typeThenLogIn(page, uniqueEmail(`offer-keep-${width}`));
      const dialog = offerDialog(page);
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await expect(dialog).toContainText('You typed answers before logging in');
      const lastName = dialog.getByRole('listitem').filter({ hasText: 'Last name (family name)' });
      await expect(lastName).toContainText('Byron');
      await expect(lastName).toContainText('King');
      const cityItem = dialog.getByRole('listitem').filter({ hasText: /^City/ });
      await expect(cityItem).toContainText('London');
      await expect(cityItem).toContainText('Springfield');
      await expectAccessible(page, 'offer dialog');
      await screenshot(page, 'offer-dialog', { fullPage: false });
      // Only a choice closes it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();

      await dialog.getByRole('button', { name: "Keep my account's answers" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(field(page, 'last_name')).toHaveValue('Byron');
      await expect(city(page)).toHaveValue('London');
      expect(await serverAnswers(page)).toMatchObject({ last_name: 'Byron', city: 'London' });
    });

    test('case 5: using the new answers saves them all', async ({ page }) => {
      await typeThenLogIn(page, uniqueEmail(`offer-new-${width}`));
      const dialog = offerDialog(page);
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Use all the new answers' }).click();
      await expect(dialog).toHaveCount(0);
      // Its own words: these were typed before logging in, not kept from an earlier visit.
      await expect(toast(page, '2 answers you typed before logging in are now saved in your account.')).toBeVisible();
      await expect(field(page, 'last_name')).toHaveValue('King');
      await expect(city(page)).toHaveValue('Springfield');
      expect(await serverAnswers(page)).toMatchObject({ first_name: 'Ada', last_name: 'King', city: 'Springfield' });
    });

    test('case 5: picking per answer saves only the ticked ones', async ({ page }) => {
      await typeThenLogIn(page, uniqueEmail(`offer-pick-${width}`));
      const dialog = offerDialog(page);
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await dialog.getByRole('checkbox', { name: 'Use the new answer: City' }).check();
      await dialog.getByRole('button', { name: 'Use the ticked answers' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(city(page)).toHaveValue('Springfield');
      await expect(field(page, 'last_name')).toHaveValue('Byron');
      await expect.poll(async () => (await serverAnswers(page)).city).toBe('Springfield');
      expect(await serverAnswers(page)).toMatchObject({ last_name: 'Byron', city: 'Springfield' });
    });
  });
}

test('the toast and the login card load while the page is idle: Log Out while offline still reaches the login card', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('preload');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  const fetched: string[] = [];
  page.on('response', (response) => fetched.push(new URL(response.url()).pathname));
  await openAbout(page);
  // Nothing asked for them: the page fetched them because it was idle.
  await expect.poll(() => fetched.some((path) => /\/assets\/ToastItem[^/]*\.js$/.test(path))).toBe(true);
  await expect.poll(() => fetched.some((path) => /\/assets\/AuthArea[^/]*\.js$/.test(path))).toBe(true);

  await page.getByRole('button', { name: 'Account' }).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account).toBeVisible();
  await context.setOffline(true);
  await account.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The login card itself, with Log Out's message: its code came before the network went.
  await expect(page.getByTestId('card-notice')).toContainText('You have logged out.', { timeout: 20_000 });
  await expect(page.getByText(ERROR_SCREEN)).toHaveCount(0);
  await expect(page.getByText('This part of the page could not be loaded.')).toHaveCount(0);
  await context.setOffline(false);
});
