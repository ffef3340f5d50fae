import { expect, test, type Page } from '@playwright/test';
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

/** A new applicant whose application is complete, on Final Steps. */
async function onFinalStepsWithEverything(page: Page, label: string) {
  const email = uniqueEmail(label);
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, completeApplication);
  await openStep(page, '/final-steps');
  await onStep(page, '/final-steps', 'Final Steps');
}

const refuse = (errors: { key: string; message: string }[]) => ({
  status: 422,
  contentType: 'application/json',
  body: JSON.stringify({ message: "We're missing some information!", errors }),
});

/*
 * Issue 14's finding: a 422 whose errors the page's own check had not found sent the applicant to
 * About You with nothing saying why. The server's errors now show in the summary and at the field.
 */
test('errors only the server found are shown in the summary and at the field, until the answer changed is checked again', async ({
  page,
}) => {
  await onFinalStepsWithEverything(page, 'submit-server-only');
  const verdict = 'The post office does not know this city.';
  await page.route('**/api/submit', (route) => route.fulfill(refuse([{ key: 'city', message: verdict }])), { times: 1 });

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/, { timeout: 15_000 });
  const summary = page.getByTestId('missing-information');
  await expect(summary.getByRole('link', { name: verdict })).toBeVisible();
  const city = page.getByRole('textbox', { name: /^City/ });
  // About You's code was not loaded on Final Steps: on a busy machine its page can take longer than
  // an assertion's default wait to appear after the summary (the same allowance as the redirect's).
  await expect(city).toBeVisible({ timeout: 15_000 });
  await expect(city).toHaveAccessibleDescription(new RegExp(verdict));

  await city.fill(`${completeApplication.city as string} Heights`);
  // Errors keep their places while the applicant answers; Save checks again.
  await expect(summary.getByRole('link', { name: verdict })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(summary.getByRole('link', { name: verdict })).toHaveCount(0);
  await expect(page.getByText(verdict)).toHaveCount(0);
});

test('a refusal that names no question is said in the applicant’s words where they are', async ({ page }) => {
  await onFinalStepsWithEverything(page, 'submit-server-unplaced');
  const verdict = 'Applications for this term are closed.';
  await page.route('**/api/submit', (route) => route.fulfill(refuse([{ key: '', message: verdict }])), { times: 1 });

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: verdict })
      .or(page.getByRole('status').filter({ hasText: verdict })),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});
