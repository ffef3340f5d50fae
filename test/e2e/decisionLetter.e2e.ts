import { expect, test, type APIRequestContext } from '@playwright/test';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, logInByApi, saveAnswers, screenshotBothWidths, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';
import { expectAccessible } from './helpers/axe';
import { signedInStaff } from './helpers/staff';

/** The release's time, from its preparation: long enough to look before it, short enough to wait for. */
const RELEASE_AFTER_MS = 20_000;
const SCRIPT_NAME = '<script>window.__letterScript = true</script>';

async function releaseState(request: APIRequestContext, id: number): Promise<{ state: string; sent: number }> {
  return (await (await request.get(`/api/staff/releases/${id}`)).json()) as { state: string; sent: number };
}

/*
 * A decision reaches an applicant only through a release, prepared by one admin and approved by
 * another, at its time: before it the completion page is as it was; after it the letter is there,
 * readable, printable and as a PDF, and an applicant's typed `<script>` name is text in it.
 */
test('the applicant reads their decision letter only after its release time, their <script> name as text', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const applicant = uniqueEmail('letter');
  await createAccount(page.request, applicant);
  await logInByApi(page, applicant);
  await saveAnswers(page, { ...completeApplication, first_name: SCRIPT_NAME, last_name: 'Okafor' });
  await setWebStatus(page.request, 'started', 'validating');
  expect((await page.request.post('/api/submit')).ok()).toBe(true);

  // Two admins, each in a browser of their own: one prepares the release, the other approves it.
  const preparing = await browser.newContext();
  const preparer = await preparing.newPage();
  await signedInStaff(preparer, baseURL!, 'admin', 'letter-preparer');
  const found = (await (await preparer.request.get(`/api/staff/applications?q=${encodeURIComponent(applicant)}`)).json()) as {
    applications: { id: number }[];
  };
  const id = found.applications[0]!.id;
  expect((await preparer.request.post(`/api/staff/applications/${id}/decisions`, { data: { code: 'admit' } })).status()).toBe(201);
  const prepared = await preparer.request.post('/api/staff/releases', {
    data: { scope: { kind: 'selection', application_ids: [id] }, scheduled_at: new Date(Date.now() + RELEASE_AFTER_MS).toISOString() },
  });
  expect(prepared.status()).toBe(201);
  const release = (await prepared.json()) as { id: number };
  const approving = await browser.newContext();
  const approver = await approving.newPage();
  await signedInStaff(approver, baseURL!, 'admin', 'letter-approver');
  expect((await approver.request.post(`/api/staff/releases/${release.id}/approve`)).status()).toBe(200);

  // Before its time: the completion page as the specification has it, no letter.
  await page.goto('/completion');
  await expect(page.getByText('We will e-mail you about your admission decision.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your admission decision' })).toHaveCount(0);
  expect((await releaseState(preparer.request, release.id)).state).toBe('approved');

  await expect.poll(async () => (await releaseState(preparer.request, release.id)).state, { timeout: 60_000 }).toBe('sent');
  await page.reload();
  const letter = page.getByRole('region', { name: 'Your admission decision' });
  await expect(letter).toBeVisible({ timeout: 20_000 });
  await expect(letter.getByRole('heading', { level: 3 })).toHaveText(`Congratulations, ${SCRIPT_NAME}!`);
  await expect(letter.getByText('Northfield College', { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __letterScript?: boolean }).__letterScript)).toBeUndefined();
  await expect(letter.locator('script')).toHaveCount(0);
  await expect(page.getByText('We will e-mail you about your admission decision.', { exact: false })).toHaveCount(0);

  const pdfLink = letter.getByRole('link', { name: 'Download the letter as a PDF' });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expect(letter.getByRole('button', { name: 'Print the letter' })).toBeVisible();

  await expectAccessible(page, 'the completion page with the decision letter');
  await screenshotBothWidths(page, 'decision-letter');

  // Opening it was recorded for the office.
  await expect
    .poll(async () => {
      const evaluation = (await (await approver.request.get(`/api/staff/applications/${id}/evaluation`)).json()) as {
        released: { first_opened_at: string | null } | null;
      };
      return evaluation.released?.first_opened_at ?? null;
    })
    .not.toBeNull();
  await preparing.close();
  await approving.close();
});
