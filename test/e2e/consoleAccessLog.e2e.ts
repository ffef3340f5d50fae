import { expect, test } from '@playwright/test';
import { createAccount, logInByApi, saveAnswers, uniqueEmail } from './helpers/applicant';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { signedInStaff } from './helpers/staff';

/*
 * The access log in the console, in a real browser against the real server: an admin's own acts
 * in it, filtered by kind, by applicant and by person, the filters kept in the address through a
 * reload and Back; a reader offered none of it.
 */

test('an admin reads the access log: their view of an application in it, filtered by kind, applicant and person, kept by reload and Back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const applicant = uniqueEmail('log-applicant');
  await createAccount(page.request, applicant);
  await logInByApi(page, applicant);
  await saveAnswers(page, { first_name: 'Lena', last_name: 'Logged' });
  await page.context().clearCookies();

  const { email: adminEmail } = await signedInStaff(page, baseURL!, 'admin', 'log-admin');
  await page.getByRole('searchbox', { name: 'Name, e-mail or reference number' }).fill(applicant);
  await page.getByRole('link', { name: 'Lena Logged' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lena Logged' })).toBeVisible();

  // From the application's history to everything the log holds about it.
  await page.getByRole('link', { name: 'Everything about this application in the access log' }).click();
  await expect(page).toHaveURL(/\/staff\/access-log\?application_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access log' })).toBeVisible();
  await expect(page.getByText(new RegExp(`Only application \\d+ \\(${applicant.replace(/[.+]/g, '\\$&')}\\)`))).toBeVisible();
  const table = page.getByRole('region', { name: /Access log, page 1/ });
  const viewed = table.getByRole('row').filter({ hasText: 'Viewed the application' }).filter({ hasText: adminEmail });
  await expect(viewed).toHaveCount(1);
  await expect(viewed.getByRole('link', { name: applicant })).toHaveAttribute('href', /\/staff\/applications\/\d+$/);

  // By kind, by keyboard: the address follows, a reload keeps it.
  await page.getByLabel('What').focus();
  await page.getByLabel('What').selectOption({ label: 'Searched the list' });
  await expect(page).toHaveURL(/application_id=\d+&kind=list_searched$/);
  await expect(page.getByText('No entry matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Show every applicant' }).click();
  await expect(page).toHaveURL(/\/staff\/access-log\?kind=list_searched$/);
  const searched = table.getByRole('row').filter({ hasText: 'Searched the list' }).filter({ hasText: adminEmail });
  await expect(searched.first()).toBeVisible();
  await expect(searched.first()).toContainText(/\d+ applications?/);
  await page.reload();
  await expect(page.getByLabel('What')).toHaveValue('list_searched');
  await expect(searched.first()).toBeVisible();

  // By person: this admin's own sign-in is there.
  await page.getByLabel('What').selectOption({ label: 'Signed in' });
  await page.getByLabel('Person').selectOption({ label: adminEmail });
  await expect(page).toHaveURL(/staff_id=\d+&kind=sign_in$/);
  await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: adminEmail })).toHaveCount(1);

  // Back returns to the kind alone, then to the searches.
  await page.goBack();
  await expect(page).toHaveURL(/\/staff\/access-log\?kind=sign_in$/);
  await expect(page.getByLabel('Person')).toHaveValue('');
  await page.goBack();
  await expect(page.getByLabel('What')).toHaveValue('list_searched');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `the access log at ${width} px`);
    await saveScreenshot(page, 'console-access-log');
  }
});

test('a reader is offered no access log, and its address says only admins read it', async ({ page, baseURL }) => {
  await signedInStaff(page, baseURL!, 'reader', 'log-reader');
  await expect(page.getByRole('link', { name: 'Access log' })).toHaveCount(0);
  await page.goto('/staff/access-log');
  await expect(page.getByRole('alert')).toHaveText('Only admins can read the access log.');
  await expectAccessible(page, "a reader's access log address");
});
