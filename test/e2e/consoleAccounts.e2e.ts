import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers/applicant';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { signedInStaff } from './helpers/staff';

/*
 * The staff accounts in the console, in a real browser against the real server: an admin invites
 * a reader, changes a role and deactivates an account after saying yes; a reader is offered none of
 * it. (The last active admin's refusal needs a server with one admin: the server's and the actor's
 * tests check it, this shared server has many.)
 */

test('an admin invites a staff member, changes a role, and deactivates an account after confirming, which ends its session', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  // A reader signed in elsewhere, whose session the deactivation ends.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  const { email: readerEmail } = await signedInStaff(otherPage, baseURL!, 'reader', 'accounts-reader');
  const { email: adminEmail } = await signedInStaff(page, baseURL!, 'admin', 'accounts-admin');

  const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff accounts' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Every staff account' });
  await expect(table.getByRole('rowheader', { name: `${adminEmail} (you)` })).toBeVisible();

  // An invitation: the address checked first, then sent.
  const invited = uniqueEmail('accounts-invited');
  await page.getByLabel('E-mail address').fill('not an address');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('E-mail address').fill(invited);
  await page.getByLabel('Role', { exact: true }).selectOption('reader');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toContainText('The invitation was e-mailed');
  await expect(page.getByLabel('E-mail address')).toHaveValue('');
  await expect(table.getByRole('row').filter({ hasText: invited })).toContainText('not yet set up');

  // A role changed.
  await table.getByLabel(`Role of ${invited}`).selectOption('admin');
  await expect(page.getByRole('status')).toContainText('The role was changed.');
  await expect(table.getByLabel(`Role of ${invited}`)).toHaveValue('admin');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `the staff accounts at ${width} px`);
    await saveScreenshot(page, 'console-accounts');
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A deactivation asks first; Escape keeps the account.
  const readerRow = table.getByRole('row').filter({ hasText: readerEmail });
  await readerRow.getByRole('button', { name: `Deactivate ${readerEmail}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Deactivate this staff account?' });
  await expect(dialog).toContainText('their open sessions end at once');
  await expectAccessible(page, 'the deactivation question');
  await saveScreenshot(page, 'console-accounts-deactivate', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(readerRow.getByRole('button', { name: `Deactivate ${readerEmail}` })).toBeFocused();
  await readerRow.getByRole('button', { name: `Deactivate ${readerEmail}` }).click();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status')).toContainText('deactivated');
  await expect(readerRow).toContainText('Deactivated');
  // The reader's open session ended: their next call signs them out.
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'Sign in to the admissions office console' })).toBeVisible();
  await other.close();
});

test('a reader is offered no staff accounts, and their address says only admins manage them', async ({ page, baseURL }) => {
  await signedInStaff(page, baseURL!, 'reader', 'accounts-reader-only');
  await expect(page.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
  await page.goto('/staff/accounts');
  await expect(page.getByRole('alert')).toHaveText('Only admins can manage staff accounts.');
  await expectAccessible(page, "a reader's staff accounts address");
});
