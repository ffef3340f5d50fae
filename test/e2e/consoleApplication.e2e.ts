import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, logInByApi, saveAnswers, uniqueEmail, uploadStatement } from './helpers/applicant';
import { setWebStatus } from './helpers/application';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { signedInStaff } from './helpers/staff';

/*
 * One application in the console, in a real browser against the real server: found in the list,
 * read in the staff view's print layout, a read-only link made, and every one of those acts in its access history.
 */

test('a reader opens an application from the list: its facts, its answers masked, a read-only link and its history', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // An applicant who submitted, with an SSN.
  const applicant = uniqueEmail('console-app');
  await createAccount(page.request, applicant);
  await logInByApi(page, applicant);
  await saveAnswers(page, { ...completeApplication, first_name: 'Ada', last_name: 'Quiñones', ssn: '123-45-6789' });
  await setWebStatus(page.request, 'started', 'validating');
  expect((await page.request.post('/api/submit')).ok()).toBe(true);
  await page.context().clearCookies();

  const { email: staffEmail } = await signedInStaff(page, baseURL!, 'reader');
  await page.getByRole('searchbox', { name: 'Name, e-mail or reference number' }).fill(applicant);
  await page.getByRole('link', { name: 'Ada Quiñones' }).click();
  await expect(page).toHaveURL(/\/staff\/applications\/\d+$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Ada Quiñones' })).toBeVisible();
  const facts = page.getByRole('region', { name: 'Ada Quiñones' });
  await expect(facts.getByRole('definition').filter({ hasText: /^Submitted$/ })).toBeVisible();
  await expect(facts.getByText(/^ADM-\d{4}-\d{5,}-\d$/)).toBeVisible();
  await expect(facts.getByText(applicant)).toBeVisible();

  // The staff view's own print layout, sensitive answers masked.
  const personal = page.getByRole('region', { name: 'Personal Information' });
  await expect(personal.getByText('Quiñones', { exact: true })).toBeVisible();
  await expect(personal.getByText('•••-••-6789')).toBeVisible();
  await expect(page.getByText('123-45-6789')).toHaveCount(0);

  // The PDF copy: right after the submission it may still be being made (the page says so and asks
  // again by itself); then its link downloads the same PDF the applicant downloads.
  const copyLink = page.getByRole('link', { name: 'Download the PDF copy' });
  await expect(copyLink.or(page.getByText('The PDF copy is being prepared.', { exact: false }))).toBeVisible();
  await expect(copyLink).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), copyLink.click()]);
  const copy = await readFile(await download.path());
  expect(copy.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // A read-only link for someone without a console account: it opens the staff view.
  await page.getByRole('button', { name: 'Share a read-only link' }).click();
  const link = await page.getByRole('textbox', { name: /Read-only link/ }).inputValue();
  expect(link).toMatch(/service_token=/);
  const outsider = await page.context().browser()!.newContext();
  const shared = await outsider.newPage();
  await shared.goto(link);
  await expect(shared.getByRole('heading', { level: 1, name: /^Ada .*Quiñones$/ })).toBeVisible();
  await outsider.close();

  // A reload reads the application again: its history now holds every act above, by this reader.
  await page.reload();
  const history = page.getByRole('region', { name: 'Access history' });
  for (const act of ['Viewed the application', 'Downloaded the PDF copy', 'Made a read-only link']) {
    await expect(history.getByRole('row').filter({ hasText: act }).filter({ hasText: staffEmail }).first()).toBeVisible();
  }

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Quiñones' })).toBeVisible();
    await expectAccessible(page, `an application's page at ${width} px`);
    await saveScreenshot(page, 'console-application');
  }

  // Printed, only the application is on the sheet.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Share a read-only link' })).toBeHidden();
  await expect(history).toBeHidden();
  await expect(personal).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Back returns to the list.
  await page.goBack();
  await expect(page).toHaveURL(/\/staff(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
});

test('an application that does not exist says so', async ({ page, baseURL }) => {
  await signedInStaff(page, baseURL!, 'reader', 'console-missing');
  await page.goto('/staff/applications/999999999');
  await expect(page.getByRole('heading', { name: 'Application not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This application does not exist.');
});

test("a reader opens an applicant's uploaded document from its page, through the console session, and the history says so", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const applicant = uniqueEmail('console-doc');
  await createAccount(page.request, applicant);
  await logInByApi(page, applicant);
  await saveAnswers(page, { first_name: 'Bea', last_name: 'Documented' });
  await uploadStatement(page);
  await page.context().clearCookies();

  const { email: staffEmail } = await signedInStaff(page, baseURL!, 'reader', 'console-doc-reader');
  await page.getByRole('searchbox', { name: 'Name, e-mail or reference number' }).fill(applicant);
  await page.getByRole('link', { name: 'Bea Documented' }).click();
  const statement = page.getByRole('region', { name: 'Personal Statement' });
  await expect(statement.getByText('document attached')).toBeVisible();

  // The document's PDF comes through the staff session: no staff link, no applicant cookie.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByRole('button', { name: 'Open the document statement.pdf (PDF)' }).click(),
  ]);
  expect(new URL(download.url()).pathname).toMatch(/^\/api\/staff\/applications\/\d+\/document$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Each read of the document is in the history: this one, and the page's own to print its pages.
  await page.reload();
  const history = page.getByRole('region', { name: 'Access history' });
  await expect(history.getByRole('row').filter({ hasText: 'Read the document' }).filter({ hasText: staffEmail }).first()).toBeVisible();
});
