import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD, uniqueEmail } from './helpers/account';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/*
 * The admissions office's console in a real browser against the real server: an invitation made by
 * the admin command, accepted with a password and an authenticator set up from the page's setup
 * key, the recovery codes shown once, then a sign-in with the authenticator's code and a sign-out.
 */

/** `npm run admin -- staff-invite EMAIL --role ROLE`: the printed invitation link. */
function invite(email: string, role: 'admin' | 'reader', baseURL: string): string {
  const root = resolve(import.meta.dirname, '../..');
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'staff-invite', email, '--role', role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+\/staff\/invitation\?\S+/.exec(out)?.[0];
  if (!link) throw new Error(`No invitation link in: ${out}`);
  return link;
}

/**
 * The code an authenticator app shows `ahead` steps from now. A code is accepted once and the
 * server accepts the next step's too (a phone's clock a little ahead): each sign-in takes a later step.
 */
const codeFor = (setupKey: string, ahead: number) =>
  new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

async function acceptInvitation(page: Page, link: string, email: string): Promise<{ setupKey: string; recoveryCodes: string[] }> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your staff account' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The applicants' password rules, checked before any call.
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /characters|Password/ })
      .first(),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: '2. Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator setup' })).toBeVisible();
  const setupKey = (await page.locator('.console-totp__key').textContent()) ?? '';
  expect(setupKey.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from your authenticator app').fill(codeFor(setupKey, 0));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: '3. Your recovery codes' })).toBeVisible();
  const recoveryCodes = await page.locator('.console-codes code').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  return { setupKey, recoveryCodes };
}

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
  await expect(page.getByRole('heading', { name: 'Admissions office console', exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`${email} (admin)`);
  // The staff cookie is the server's: a reload is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admissions office console', exact: true })).toBeVisible();
  await expectAccessible(page, 'the console home');

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
  await expect(page.getByRole('heading', { name: 'Admissions office console', exact: true })).toHaveCount(0);
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
