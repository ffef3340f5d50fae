import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInByApi, saveAnswers, uniqueEmail } from './helpers/applicant';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { acceptInvitation, invite, signedInStaff, signInToConsole } from './helpers/staff';

/*
 * An admin's exports from the console's list, in a real browser against the real server: a CSV of
 * exactly the rows the list shows, with a name a spreadsheet would run written safely; sensitive
 * answers in full after the second factor is entered again; a ZIP made by the server with its
 * progress shown, then downloaded. Readers are offered no export.
 */

/** The file a click saves. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** How many files a ZIP holds, from its end-of-central-directory record. */
function zipEntryCount(zip: Buffer): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  return zip.readUInt16LE(end + 10);
}

test('an admin exports what the list shows: a safe CSV, sensitive answers after the code again, and a ZIP with its progress', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const applicant = uniqueEmail('export-applicant');
  await createAccount(page.request, applicant);
  await logInByApi(page, applicant);
  await saveAnswers(page, { first_name: 'Ann;=1+1', last_name: '@SUM(1)', ssn: '123-45-6789' });
  await page.context().clearCookies();

  const adminEmail = uniqueEmail('export-admin');
  const { setupKey, recoveryCodes } = await acceptInvitation(page, invite(adminEmail, 'admin', baseURL!), adminEmail);
  await page.goto('/staff');
  await signInToConsole(page, adminEmail, setupKey, 1);
  await page.getByRole('searchbox', { name: 'Name, e-mail or reference number' }).fill(applicant);
  await expect(page.getByRole('status').filter({ hasText: /^1 application/ })).toBeVisible();
  // The list has settled (not dimmed while a page loads) before the dialog covers it.
  await expect(page.getByRole('region', { name: /Applications, page/ })).not.toHaveAttribute('aria-busy', 'true');

  const open = page.getByRole('button', { name: 'Export…' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Export the applications shown' });
  await expect(dialog).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `the export dialog at ${width} px`);
    await saveScreenshot(page, 'console-export', { fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A CSV of the one row the list shows, a formula-looking name written so no spreadsheet runs it.
  const csv = await downloaded(page, () => dialog.getByRole('button', { name: 'Export', exact: true }).click());
  expect(csv.name).toMatch(/\.csv$/);
  const lines = csv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain('email');
  expect(lines[1]).toContain(applicant);
  // The name cell "Ann;=1+1 @SUM(1)": the piece a spreadsheet would split at ';' no longer starts a formula.
  expect(lines[1]).toContain("Ann;'=1+1");
  expect(lines[1]).not.toContain(';=1+1');

  // Every answer with sensitive ones in full: the code again first (a recovery code here).
  await dialog.getByLabel('Every answer of the application (a column per question)').check();
  await dialog.getByLabel(/Include sensitive answers in full/).check();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('confirm your second factor again');
  await dialog.getByLabel('Code from your authenticator app').fill(recoveryCodes[0]!);
  const full = await downloaded(page, () => dialog.getByRole('button', { name: 'Confirm and export' }).click());
  expect(full.bytes.toString('utf8')).toContain('123-45-6789');

  // A ZIP of the PDF copies: its progress, then its download.
  await dialog.getByLabel('ZIP of the PDF copies').check();
  await dialog.getByRole('button', { name: 'Make the ZIP' }).click();
  const zipLink = dialog.getByRole('link', { name: 'Download the ZIP' });
  await expect(zipLink).toBeVisible({ timeout: 60_000 });
  const zip = await downloaded(page, () => zipLink.click());
  expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zipEntryCount(zip.bytes)).toBeGreaterThanOrEqual(1);

  // Escape closes the dialog and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('a reader is offered no export', async ({ page, baseURL }) => {
  await signedInStaff(page, baseURL!, 'reader', 'export-reader');
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export…' })).toHaveCount(0);
});
