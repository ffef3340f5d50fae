import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInThroughApi, logInThroughCard, logInThroughCardAndSettle, PASSWORD } from './helpers/account';
import { setWebStatus, submitCompleteApplication } from './helpers/application';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/**
 * Every screen of the frame, the auth cards, the completion page, the error screen and the
 * modals, at 1280 px and 390 px: axe-core finds no serious or critical violation, and a
 * screenshot of each is left in test/artifacts/screenshots for a person to look at.
 */

/** The question pages have their own accessibility tests; here only the frame around them counts. */
const QUESTION_PAGE = '.step-page';
// Each screen is checked by axe and photographed at two widths, several screens a test: on a busy
// 2-core machine that took up to 50 s, too close to the default minute.
test.describe.configure({ timeout: 120_000 });

async function checkScreen(
  page: Page,
  name: string,
  options: { exclude?: string[]; settle?: (page: Page) => Promise<void>; fullPage?: boolean } = {},
) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await options.settle?.(page);
    let builder = new AxeBuilder({ page });
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const { violations } = await builder.analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious, `${name} at ${width} px`).toEqual([]);
    await saveScreenshot(page, name, { fullPage: options.fullPage ?? true });
  }
}

test.describe('auth cards', () => {
  test('log in, with and without errors', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await checkScreen(page, 'login');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await checkScreen(page, 'login-errors');
  });

  test('sign up with the requirement list', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email address').fill('someone@example.org');
    await page.getByLabel('Password', { exact: true }).fill('shortPass1');
    await checkScreen(page, 'signup');
  });

  test('confirm, forgot (sent) and reset', async ({ page }) => {
    await page.goto('/confirm');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Account' })).toBeVisible();
    await checkScreen(page, 'confirm');

    await page.goto('/forgot');
    await page.getByLabel('Email address').fill('nobody-here@example.org');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('card-notice')).toBeVisible();
    await checkScreen(page, 'forgot-sent');

    await page.goto('/reset?username=someone%40example.org&id=abcdefghijklmnopqrstuvwxyz0123456789');
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await checkScreen(page, 'reset');
  });
});

test.describe('the frame', () => {
  test('a visitor on /about, the Account popover, Help, privacy notice', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('welcome-banner')).toBeVisible();
    await checkScreen(page, 'about-visitor', { exclude: [QUESTION_PAGE] });

    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    await checkScreen(page, 'account-visitor', { exclude: [QUESTION_PAGE], fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
    await checkScreen(page, 'help', { exclude: [QUESTION_PAGE], fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Privacy and Cookie Notice' }).click();
    await expect(page.getByRole('dialog', { name: 'Privacy and Cookie Notice' })).toBeVisible();
    await checkScreen(page, 'privacy', { exclude: [QUESTION_PAGE], fullPage: false });
  });

  test('an applicant: first-login banner, Account popover, missing information, a toast', async ({ page }) => {
    const account = await createAccount(page.request, 'a11y');
    await logInThroughCard(page, account);
    await checkScreen(page, 'about-first-login', { exclude: [QUESTION_PAGE] });

    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    await checkScreen(page, 'account-applicant', { exclude: [QUESTION_PAGE], fullPage: false });
    await page.keyboard.press('Escape');

    await setWebStatus(page.request, 'started', 'validating');
    await page.reload();
    await expect(page.getByTestId('missing-information')).toBeVisible();
    await checkScreen(page, 'missing-information', { exclude: [QUESTION_PAGE] });

    await page.route('**/api/answer', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The save failed on purpose.' }) }),
    );
    await page
      .getByRole('navigation', { name: 'Application steps' })
      .getByRole('link', { name: /Final Steps/ })
      .click();
    await expect(page.getByTestId('toast')).toBeVisible();
    await checkScreen(page, 'toast-error', { exclude: [QUESTION_PAGE], fullPage: false });
  });

  test('the inactivity modal', async ({ page }) => {
    const account = await createAccount(page.request, 'a11y-idle');
    await page.clock.install();
    await logInThroughCardAndSettle(page, account);
    await page.clock.fastForward('14:00');
    await expect(page.getByRole('alertdialog', { name: 'Still working?' })).toBeVisible();
    await checkScreen(page, 'inactivity', { exclude: [QUESTION_PAGE], fullPage: false });
  });

  test('the unexpected-error dialog', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      void Promise.reject(new Error('Nobody caught this.'));
    });
    await expect(page.getByRole('alertdialog', { name: 'Unexpected Error' })).toBeVisible();
    await checkScreen(page, 'unexpected-error', { fullPage: false });
  });
});

test('the completion page with its PDF copy', async ({ page }) => {
  const account = await createAccount(page.request, 'a11y-done');
  await logInThroughApi(page, account);
  await submitCompleteApplication(page.request);
  await page.goto('/about');
  // A submitted application belongs on /completion (the navigation rules send it there).
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your application was successfully submitted.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download a PDF copy of your application' })).toBeVisible({ timeout: 30_000 });
  await checkScreen(page, 'completion');
});

test('the root error screen', async ({ page }) => {
  // A page that came without the answers the server writes into it (a stale copy, say), and the
  // college configuration cannot be loaded either: nothing can work, the root shows its error screen.
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script type="application\/json" id="preloaded-responses">.*?<\/script>/s, '');
    expect(body).not.toContain('preloaded-responses');
    await route.fulfill({ response, body });
  });
  await page.route('**/public/college', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeVisible();
  await expect(
    page.getByText('The issue that caused you to see this has been logged. We will get it fixed as soon as possible.'),
  ).toBeVisible();
  await checkScreen(page, 'error');
});
