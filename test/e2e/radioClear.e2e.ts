import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createAccount, logInByApi, openStep, radio, section, uniqueEmail } from './helpers/applicant';
import { saveScreenshot } from './helpers/screenshots';

/*
 * Issue 13: every select starts with "--" (no answer), but an optional radio question had no way
 * back once a choice was made. It now offers "Clear answer", which leaves no choice checked and
 * is saved as no answer.
 */
test('an optional radio answer can be cleared and the empty answer is saved', async ({ page }) => {
  const email = uniqueEmail('radio-clear');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await openStep(page, '/about');

  const demographics = page.getByRole('radiogroup', { name: 'Are you Hispanic or Latino?' });
  const clear = demographics.getByRole('button', { name: 'Clear answer: Are you Hispanic or Latino?' });
  // Nothing to clear yet.
  await expect(clear).toHaveCount(0);

  await demographics.getByRole('radio', { name: 'Yes' }).check();
  await expect(clear).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('#ethnicity').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  await demographics.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'radio-clear-offered', { fullPage: false });
  await clear.click();
  await expect(demographics.getByRole('radio', { checked: true })).toHaveCount(0);
  // Focus stays in the group, on its first choice, rather than falling to the page.
  await expect(demographics.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await expect(clear).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const profile = (await (await page.request.get('/api/profile')).json()) as { answer: Record<string, unknown> };
  expect(profile.answer.ethnicity ?? '').toBe('');
});

test('a required radio question offers no clearing', async ({ page }) => {
  const email = uniqueEmail('radio-required');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await openStep(page, '/final-steps');
  const legal = section(page, 'Legal and Conduct');
  await radio(legal, /convicted/, 'No').check();
  await expect(legal.getByRole('button', { name: /^Clear answer/ })).toHaveCount(0);
});
