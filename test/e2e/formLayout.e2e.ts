import { expect, test, type Locator } from '@playwright/test';
import { createAccount, logInByApi, onStep, openStep, radio, section, select, textbox, uniqueEmail } from './helpers/applicant';
import { saveScreenshot } from './helpers/screenshots';

/*
 * Issue 13 "Layout": fields that belong on one row line up, a checkbox does not float beside an
 * unrelated field, each question sits in its own group, and year lists start with a year still ahead.
 */
const top = async (locator: Locator) => (await locator.boundingBox())!.y;
const bottom = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return box.y + box.height;
};

test.describe('form layout', () => {
  const email = uniqueEmail('layout');

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await createAccount(request, email);
    await request.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await logInByApi(page, email);
  });

  test('first and last name share a row; the text-message opt-in sits under the phones, not beside one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openStep(page, '/about');
    await onStep(page, '/about', 'About You');
    const personal = section(page, 'Personal Information');
    await saveScreenshot(page, 'about-layout');
    expect(await top(textbox(personal, 'Last name (family name)'))).toBe(await top(textbox(personal, 'First name')));

    const cell = textbox(personal, 'Cell phone');
    const optIn = personal.getByRole('checkbox', { name: 'Send me text message updates about my application' });
    expect(await top(optIn)).toBeGreaterThan(await bottom(cell));
  });

  test("the first parent's contact preference is asked in Parent 1's block", async ({ page }) => {
    await openStep(page, '/about');
    await onStep(page, '/about', 'About You');
    const parents = section(page, 'Parents and Guardians');
    const firstParent = parents.getByRole('group', { name: /^Parent 1/ });
    await expect(select(firstParent, 'How does your first parent or guardian prefer to hear from us?')).toBeVisible();
  });

  test("a sibling's start year begins with one not yet under way", async ({ page }) => {
    // November: that year's fall intake has already started.
    await page.clock.setFixedTime(new Date('2026-11-24T12:00:00Z'));
    await openStep(page, '/about');
    await onStep(page, '/about', 'About You');
    const siblings = section(page, 'Siblings');
    await radio(siblings, /also applying/, 'Yes').check();
    const year = select(siblings, 'Year they plan to start college');
    await expect(year.locator('option').nth(1)).toHaveText('2027');
  });
});
