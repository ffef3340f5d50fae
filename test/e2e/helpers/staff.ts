import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../../src/catalogue/schema/staff';
import { PASSWORD, uniqueEmail } from './account';

/*
 * Staff accounts for the console's browser tests: an invitation made by the admin command, accepted
 * in the page with a password and an authenticator set up from the page's setup key.
 */

/** `npm run admin -- staff-invite EMAIL --role ROLE`: the printed invitation link. */
export function invite(email: string, role: StaffRole, baseURL: string): string {
  const root = resolve(import.meta.dirname, '../../..');
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
export const codeFor = (setupKey: string, ahead: number) =>
  new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

export async function acceptInvitation(page: Page, link: string, email: string): Promise<{ setupKey: string; recoveryCodes: string[] }> {
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

/** Signs in through the console's sign-in page with the authenticator's code `ahead` steps from now. */
export async function signInToConsole(page: Page, email: string, setupKey: string, ahead: number): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to the admissions office console' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(codeFor(setupKey, ahead));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toContainText(email);
}

/** A new staff member of `role`, invited, set up and signed in to the console in `page`. */
export async function signedInStaff(page: Page, baseURL: string, role: StaffRole, tag = `console-${role}`): Promise<{ email: string }> {
  const email = uniqueEmail(tag);
  const { setupKey } = await acceptInvitation(page, invite(email, role, baseURL), email);
  await page.goto('/staff');
  await signInToConsole(page, email, setupKey, 1);
  return { email };
}
