import { expect, test, type Page } from '@playwright/test';
import { createAccount, PASSWORD, uniqueEmail } from './helpers/account';
import { expectAccessible } from './helpers/axe';
import { confirmationCodeFor, lastMailTo } from './helpers/mail';
import { LOGOUT_MESSAGE } from '../../src/catalogue/messages';

/** Section 5's account-form messages, exactly. */
const MESSAGES = {
  loginEmail: 'Please provide a valid email address.',
  email: 'Your email address must be valid.',
  password: 'Password is required.',
  resendEmail: 'You must provide a valid email address to resend a confirmation code.',
  code: 'The confirmation code must be exactly 6 numbers.',
  mismatch: 'passwords must match',
  sessionInvalid: 'Your session is invalid. Please clear your cookies and login again.',
};

const card = (page: Page) => page.locator('section.auth-card');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submit = (page: Page) => card(page).getByRole('button', { name: 'Submit' });

/** The field's error is tied to it (aria-describedby) and the field says it is invalid. */
async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.?]/g, '\\$&')));
  await expect(card(page).getByRole('alert').filter({ hasText: message })).toBeVisible();
}

test.describe('the login card', () => {
  test('has its title, links and footer question', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(card(page).getByRole('button', { name: 'Resend confirmation code?' })).toBeVisible();
    await expect(card(page).getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await expect(card(page).getByText("Don't have an account?")).toBeVisible();
    await card(page).getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  });

  test('shows an invalid e-mail when the field is left, and the password only on submit', async ({ page }) => {
    await page.goto('/login');
    await field(page, 'Email address').fill('not-an-email');
    await field(page, 'Password').focus();
    await expectFieldError(page, 'Email address', MESSAGES.loginEmail);
    // Leaving the password empty is not an error yet (section 5: checked only on submit).
    await field(page, 'Email address').focus();
    await expect(field(page, 'Password')).not.toHaveAttribute('aria-invalid', 'true');
    await submit(page).click();
    await expectFieldError(page, 'Password', MESSAGES.password);
    await expect(page).toHaveURL(/\/login$/);
    // The error goes as soon as the field is fixed.
    await field(page, 'Email address').fill('someone@example.org');
    await expect(field(page, 'Email address')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('asks for a valid e-mail before resending a confirmation code', async ({ page }) => {
    await page.goto('/login');
    await card(page).getByRole('button', { name: 'Resend confirmation code?' }).click();
    await expectFieldError(page, 'Email address', MESSAGES.resendEmail);
  });

  test('shows the server error inline as a Log In Error', async ({ page }) => {
    await page.goto('/login');
    await field(page, 'Email address').fill(uniqueEmail('nobody'));
    await field(page, 'Password').fill('Wrong-password-1!');
    await submit(page).click();
    const notice = page.getByTestId('card-notice');
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText('Log In Error');
    await expect(notice).toContainText('Incorrect email address or password.');
    await notice.getByRole('button', { name: 'Close message' }).click();
    await expect(notice).toBeHidden();
  });
});

test.describe('the sign-up card', () => {
  test('lists the password requirements as inactive, error and success', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    const items = page.locator('#password-requirements li');
    await expect(items).toHaveCount(6);
    await expect(items.first()).toContainText('is at least 12 characters');
    await expect(items.nth(1)).toContainText('contains at least one uppercase letter');
    for (const item of await items.all()) await expect(item).toHaveAttribute('data-state', 'inactive');

    await field(page, 'Password').fill('short');
    await expect(items.filter({ hasText: 'is at least 12 characters' })).toHaveAttribute('data-state', 'error');
    await expect(items.filter({ hasText: 'lowercase' })).toHaveAttribute('data-state', 'success');
    await expect(items.filter({ hasText: 'lowercase' })).toContainText('(met)');

    await field(page, 'Password').fill(PASSWORD);
    for (const item of await items.all()) await expect(item).toHaveAttribute('data-state', 'success');
    await expect(field(page, 'Password')).toHaveAccessibleDescription(/is at least 12 characters/);
  });

  test('shows every field error on submit', async ({ page }) => {
    await page.goto('/signup');
    await field(page, 'Email address').fill('broken@');
    await field(page, 'Password').fill('weakpassword');
    await submit(page).click();
    await expectFieldError(page, 'Email address', MESSAGES.email);
    await expectFieldError(page, 'Password', 'contains at least one uppercase letter');
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test('the skip link moves to the card and keeps what was typed in it', async ({ page }) => {
  await page.goto('/login');
  await field(page, 'Email address').fill('someone@example.org');
  await page.locator('.skip-link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login#main$/);
  await expect(page.locator('#main')).toBeFocused();
  await expect(field(page, 'Email address')).toHaveValue('someone@example.org');
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(field(page, 'Email address')).toHaveValue('someone@example.org');
});

test('confirm, forgot and reset cards show their inline errors', async ({ page }) => {
  await page.goto('/confirm');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Account' })).toBeVisible();
  await field(page, 'Email address').fill('someone@example.org');
  await field(page, 'Confirmation code').fill('12a');
  await submit(page).click();
  await expectFieldError(page, 'Confirmation code', MESSAGES.code);

  await page.goto('/forgot');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await field(page, 'Email address').fill('someone');
  await submit(page).click();
  await expectFieldError(page, 'Email address', MESSAGES.email);

  await page.goto('/reset?username=someone%40example.org&id=x');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(field(page, 'Email address')).toHaveValue('someone@example.org');
  await field(page, 'New password').fill(PASSWORD);
  await field(page, 'Confirm new password').fill(`${PASSWORD}x`);
  await submit(page).click();
  await expectFieldError(page, 'Confirm new password', MESSAGES.mismatch);
  await expect(card(page).getByRole('alert').filter({ hasText: 'This password reset link is invalid' })).toBeVisible();
});

test('sign up, confirm with the mailed code, log in to the first-login banner, log out', async ({ page }) => {
  const username = uniqueEmail('journey');
  await page.goto('/signup');
  await field(page, 'Email address').fill(username);
  await field(page, 'Password').fill(PASSWORD);
  await submit(page).click();

  // Sign-up leads to /confirm with the username and the server's message as a toast.
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(field(page, 'Email address')).toHaveValue(username);
  await expect(page.getByRole('status').filter({ hasText: 'We sent a confirmation code' })).toBeVisible();
  await field(page, 'Confirmation code').fill(confirmationCodeFor(username));
  await submit(page).click();

  await expect(page).toHaveURL(/\/login$/);
  const toast = page.getByTestId('toast').filter({ hasText: 'Your account is confirmed. Please log in.' });
  await expect(toast).toContainText('Success');
  // Escape dismisses a toast.
  await page.keyboard.press('Escape');
  await expect(toast).toBeHidden();
  await expect(field(page, 'Email address')).toHaveValue(username);
  await field(page, 'Password').fill(PASSWORD);
  await submit(page).click();

  await expect(page).toHaveURL(/\/about$/);
  const banner = page.getByTestId('welcome-banner');
  await expect(banner).toHaveAttribute('data-variant', 'firstLogin');
  await expect(banner).toContainText('There is no application fee.');
  await expect(banner).toContainText('within three weeks of completing your application');
  await expect(banner).toContainText('merit scholarships');

  await page.getByRole('button', { name: 'Account' }).click();
  const popover = page.getByRole('dialog', { name: 'Account' });
  await expect(popover).toContainText(username.toLowerCase());
  await popover.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await page.goto('/about');
  await expect(page.getByTestId('welcome-banner')).toHaveAttribute('data-variant', 'visitor');
});

test('confirming an address two sign-ups gave different passwords says to choose the password with the mailed link', async ({ page }) => {
  const username = uniqueEmail('contested');
  for (const password of ['Someone-Else-Chose-1!', PASSWORD]) {
    const signup = await page.request.post('/public/signup', { data: { username, password } });
    expect(signup.ok(), await signup.text()).toBe(true);
  }
  await page.goto('/confirm');
  await field(page, 'Email address').fill(username);
  await field(page, 'Confirmation code').fill(confirmationCodeFor(username));
  await submit(page).click();

  // The confirm card leads to /login as always; the server's message is the toast there.
  await expect(page).toHaveURL(/\/login$/);
  const toast = page.getByTestId('toast').filter({ hasText: 'Your account is confirmed.' });
  await expect(toast).toContainText('Because more than one password was given when this account was created');
  await expect(toast).toContainText('please choose your password with the link we just e-mailed you.');
  expect(lastMailTo(username)?.text).toMatch(/^https?:\/\/\S+\/reset\?\S+$/m);
});

test('forgot password: a closable success message, then the mailed link resets the password', async ({ page }) => {
  const account = await createAccount(page.request, 'forgot');
  await page.goto('/login');
  await card(page).getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await field(page, 'Email address').fill(account.username);
  await submit(page).click();
  const notice = page.getByTestId('card-notice');
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice).toContainText('we sent it a link to reset your password');
  await notice.getByRole('button', { name: 'Close message' }).click();
  await expect(notice).toBeHidden();

  const link = /^(https?:\/\/\S+\/reset\?\S+)$/m.exec(lastMailTo(account.username)?.text ?? '')?.[1];
  expect(link, 'reset link in the mail').toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(field(page, 'Email address')).toHaveValue(account.username);
  const newPassword = 'Another-Password-9?';
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm new password').fill(newPassword);
  await submit(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  await field(page, 'Password').fill(newPassword);
  await submit(page).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('a session the server no longer knows sends the applicant to /login with the session-invalid message', async ({ page, context }) => {
  const account = await createAccount(page.request, 'expired');
  await page.request.post('/public/login', { data: account });
  // The cookie goes once the page's calls are quiet: until the PDF copy is ready the page asks
  // for it every second, and such a call would meet the 401 before the click this test makes.
  const copyReady = page.waitForResponse(
    async (response) => new URL(response.url()).pathname === '/api/pdf' && ((await response.json()) as { url: string | null }).url !== null,
  );
  await page.goto('/about');
  await expect(page.getByTestId('welcome-banner')).toHaveAttribute('data-variant', 'firstLogin');
  await copyReady;
  await page.waitForLoadState('networkidle');
  // The session cookie goes; the page still believes it is logged in until the next call answers 401.
  await context.clearCookies({ name: 'sid' });
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /Your Academics/ })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByTestId('card-notice');
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice).toContainText(MESSAGES.sessionInvalid);
});

test('Log Out lands on /login with its own message, at a desktop width and on a phone', async ({ page }) => {
  const account = await createAccount(page.request, 'leaving');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.request.post('/public/login', { data: account });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const notice = page.getByTestId('card-notice');
    await expect(notice).toContainText(LOGOUT_MESSAGE);
    await expect(notice).not.toContainText('inactivity');
    await expectAccessible(page, `/login after Log Out (${width} px)`);
  }
});
