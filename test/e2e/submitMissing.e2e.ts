import { expect, test } from '@playwright/test';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, logInByApi, onStep, openStep, saveAnswers, uniqueEmail } from './helpers/applicant';

/*
 * Issue 13: Submit with the only missing answer on Final Steps used to jump to /about, away from
 * the answer to give. It now stays on the page of the first missing answer, with the summary.
 */
test('a submit missing only the certification stays on Final Steps with the summary', async ({ page }) => {
  const email = uniqueEmail('submit-missing');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, { ...completeApplication, legal_agree: false });
  await openStep(page, '/final-steps');
  await onStep(page, '/final-steps', 'Final Steps');

  await page.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByTestId('missing-information');
  await expect(summary).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(summary.getByRole('link', { name: /Please tick the box to certify/ })).toBeVisible();
});
