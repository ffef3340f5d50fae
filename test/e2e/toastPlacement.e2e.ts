import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { createAccount, logInByApi, onStep, openStep, screenshot, uniqueEmail } from './helpers/applicant';

/*
 * Issue 13: "Toasts cover the Account button and the step tabs on desktop: place them where they
 * hide no control." At a desktop width and a phone's, with the page at its top and scrolled, the
 * toast's box crosses neither the Account button, nor the step tabs, nor the field in use.
 */

type Box = { x: number; y: number; width: number; height: number };
const crosses = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectClear(page: Page, toast: Locator, what: string) {
  // Wait for the place to settle (a toast's code and its entrance animation).
  await page.waitForTimeout(300);
  const box = (await toast.boundingBox())!;
  expect(box, `${what}: the toast is on screen`).not.toBeNull();
  const keepClear: [string, Box | null][] = [
    [
      'the Account button',
      await page
        .getByRole('button', { name: /Account/ })
        .first()
        .boundingBox(),
    ],
    ['the step tabs', await page.getByRole('navigation', { name: 'Application steps' }).boundingBox()],
    [
      'the focused field',
      await page.evaluate(() => {
        const rect = document.activeElement?.getBoundingClientRect();
        return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
      }),
    ],
  ];
  for (const [name, other] of keepClear) {
    if (other && other.width > 0) expect(crosses(box, other), `${what}: the toast covers ${name}`).toBe(false);
  }
}

for (const width of [1280, 390]) {
  test(`at ${width} px a toast hides neither the Account button, the step tabs nor the focused field`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const email = uniqueEmail(`toast-${width}`);
    await createAccount(page.request, email);
    await logInByApi(page, email);
    // Saving fails, so the page shows an error toast, which stays (five minutes).
    await page.route('**/api/answer', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Server trouble.', request_id: 'r' } })
        : route.continue(),
    );
    await openStep(page, '/about');
    await onStep(page, '/about', 'About You');
    const first = page.getByRole('textbox', { name: 'First name', exact: true }).first();
    await first.fill('Ada');
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByRole('alert').locator('.toast').filter({ hasText: 'Server trouble.' });
    await expect(toast).toBeVisible();
    await expectClear(page, toast, 'after Save, near the bottom');

    // The top of the page, a field near the top in use.
    await page.evaluate(() => window.scrollTo(0, 0));
    await first.focus();
    await expectClear(page, toast, 'at the top, the first name in use');
    await screenshot(page, 'toast-placement-top', { fullPage: false });

    // A field at the very bottom of the window in use.
    const city = page.getByRole('textbox', { name: 'City', exact: true }).first();
    await city.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await city.focus();
    await expectClear(page, toast, 'a field at the bottom of the window in use');
    await screenshot(page, 'toast-placement-bottom', { fullPage: false });
    await expectAccessible(page, 'a placed toast');
  });
}
