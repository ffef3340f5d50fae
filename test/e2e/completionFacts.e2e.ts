import { expect, test } from '@playwright/test';
import type { Profile } from '../../machines/api/responses';
import { formatSubmittedAt } from '../../src/catalogue/submission';
import { completeApplication } from '../fixtures/completeApplication';
import { expectAccessible } from './helpers/axe';
import {
  createAccount,
  logInByApi,
  onStep,
  openStep,
  saveAnswers,
  screenshotBothWidths,
  serviceUrl,
  uniqueEmail,
} from './helpers/applicant';

/*
 * Issue 13: the completion page shows when the application was submitted and its reference number;
 * the staff view shows the submission status, date and the same number.
 */
test('the completion page and the staff view show the submission date and the same reference number', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('completion-facts');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, completeApplication);
  expect((await page.request.post('/api/web-status', { data: { web_status: 'started' } })).ok()).toBe(true);

  // Before submitting, staff read 'Not submitted yet'.
  const staffLink = serviceUrl(email, baseURL!);
  // Staff use their own browser, without the applicant's session.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staff.goto(staffLink.replace(/^https?:\/\/[^/]+/, baseURL!));
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(staff.locator('.service-view__status')).toHaveText(/Status:?\s*Not submitted yet/);

  await openStep(page, '/final-steps');
  await onStep(page, '/final-steps', 'Final Steps');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/, { timeout: 20_000 });

  const { submitted_at, reference } = (await (await page.request.get('/api/profile')).json()) as Profile;
  expect(reference).toMatch(/^ADM-\d{4}-\d{5}-\d$/);
  const facts = page.locator('.completion__facts');
  // Straight after submitting (from the submit's answer), then after a reload (from the profile).
  for (const when of ['after submitting', 'after a reload']) {
    await expect(facts.getByRole('definition').nth(0), when).toHaveText(formatSubmittedAt(submitted_at!));
    await expect(facts.getByRole('definition').nth(1), when).toHaveText(reference!);
    await expect(facts.getByRole('term').nth(1)).toHaveText('Reference number');
    if (when === 'after submitting') {
      await expectAccessible(page, 'the completion page with its date and reference');
      await screenshotBothWidths(page, 'completion-facts');
      await page.reload();
    }
  }

  await staff.reload();
  const status = staff.locator('.service-view__status');
  await expect(status).toContainText(`Submitted ${formatSubmittedAt(submitted_at!)}`);
  await expect(status).toContainText(reference!);
  await expectAccessible(staff, 'the staff view with the submission status');
  await staffContext.close();
});
