import { expect, test } from '@playwright/test';
import { createAccount, logInByApi, onStep, openStep, screenshotBothWidths, section, uniqueEmail } from './helpers/applicant';
import { expectAccessible } from './helpers/axe';

/*
 * docs/behaviour.md "Which errors are the page's": a call the page cannot be shown without
 * fails into the root error screen; a call an action started fails into a toast and the page stays.
 */
test.describe('which errors are the page’s and which the action’s', () => {
  test.beforeEach(async ({ page }) => {
    const email = uniqueEmail('error-kinds');
    await createAccount(page.request, email);
    await logInByApi(page, email);
  });

  test('a load the page needs (the add-another counts) fails: the root error screen, focused, and no toast', async ({ page }) => {
    await page.route('**/api/add-another', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { message: 'Database unavailable.', request_id: 'r1' } })
        : route.continue(),
    );
    await openStep(page, '/about');
    const heading = page.getByRole('heading', { level: 1, name: 'Something went wrong.' });
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(heading).toBeFocused();
    await expect(page.getByText('The issue that caused you to see this has been logged.')).toBeVisible();
    // No form is left to act on, and the failure is not also a toast.
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Database unavailable.' })).toHaveCount(0);
    await expectAccessible(page, 'root error screen after a failed load');
    await screenshotBothWidths(page, 'error-kind-boundary', { fullPage: false });
  });

  test('an action (adding a parent) fails: an error toast, and the page and its answers stay', async ({ page }) => {
    await page.route('**/api/add-another', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Server trouble.', request_id: 'r2' } })
        : route.continue(),
    );
    await openStep(page, '/about');
    await onStep(page, '/about', 'About You');
    const first = page.getByRole('textbox', { name: 'First name', exact: true }).first();
    await first.fill('Ada');
    const parents = section(page, 'Parents and Guardians');
    await parents.getByRole('button', { name: 'Add another parent or guardian' }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Error adding another parents' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Server trouble.');
    await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
    await expect(first).toHaveValue('Ada');
    await expect(parents.getByRole('group', { name: /^Parent 2/ })).toHaveCount(0);
    await expectAccessible(page, 'error toast after a failed action');
    await screenshotBothWidths(page, 'error-kind-toast', { fullPage: false });
  });
});
