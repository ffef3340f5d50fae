import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './helpers/account';
import { acceptInvitation, codeFor, invite, signInToConsole } from './helpers/staff';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/*
 * The admissions office's console in a real browser against the real server: an invitation made by
 * the admin command, accepted with a password and an authenticator set up from the page's setup
 * key, the recovery codes shown once, then a sign-in with the authenticator's code and a sign-out.
 */

test('an invited admin sets up the account, signs in with the authenticator code and signs out', async ({ page, baseURL }) => {
  const email = uniqueEmail('console-admin');
  const { setupKey } = await acceptInvitation(page, invite(email, 'admin', baseURL!), email);
  await expectAccessible(page, 'the recovery codes');
  await page.getByRole('link', { name: 'Sign in to the console' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in to the admissions office console' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Signing in as ${email}`)).toBeVisible();
  await page.getByLabel('Code').fill(codeFor(setupKey, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`${email} (admin)`);
  // The staff cookie is the server's: a reload is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
  await expectAccessible(page, 'the list of applications');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to the admissions office console' })).toBeVisible();
  // Signed out on the server too: the console's pages ask to sign in again.
  await page.goto('/staff/applications');
  await expect(page.getByRole('heading', { name: 'Sign in to the admissions office console' })).toBeVisible();
  await expect(page.getByRole('banner')).not.toContainText(email);
});

test('a recovery code signs in once; a wrong password and a reused code are refused with their messages', async ({ page, baseURL }) => {
  const email = uniqueEmail('console-reader');
  const { recoveryCodes } = await acceptInvitation(page, invite(email, 'reader', baseURL!), email);
  await page.goto('/staff');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect email address or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toContainText(`${email} (reader)`);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/not correct or was already used/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toHaveCount(0);
});

test('the sign-in and invitation pages at 390 and 1280 px: no serious axe finding; a used invitation link says so', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('console-widths');
  const link = invite(email, 'reader', baseURL!);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Sign in to the admissions office console' })).toBeVisible();
    await expectAccessible(page, `sign-in at ${width} px`);
    await saveScreenshot(page, 'console-sign-in');
    await page.goto(link);
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expectAccessible(page, `invitation at ${width} px`);
    await saveScreenshot(page, 'console-invitation');
  }
  await acceptInvitation(page, link, email);
  await page.goto(link);
  await expect(page.getByText(/invalid, has expired or was already used/)).toBeVisible();
});

test('/staff/login shows the sign-in, and once signed in the list of applications takes its place', async ({ page, baseURL }) => {
  const email = uniqueEmail('console-login-address');
  const { setupKey } = await acceptInvitation(page, invite(email, 'reader', baseURL!), email);
  await page.goto('/staff/login');
  await signInToConsole(page, email, setupKey, 1);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
  // The sign-in's address is not left in the history: Back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/staff\/login$/);
});
