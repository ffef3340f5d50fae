import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInThroughApi, logInThroughCard } from './helpers/account';

/** The API calls the page makes, by path (the page's own document and its scripts aside). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(api|public|service|lookup)\//.test(pathname)) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

test.describe('the first screen comes with its answers', () => {
  test('a visitor sees /about without waiting for any call', async ({ page }) => {
    const calls = apiCalls(page);
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Application steps' })).toBeVisible();
    await expect(page.getByTestId('welcome-banner')).toBeVisible();
    expect(calls).toEqual([]);
  });

  test("a returning applicant's answers are on the page at once; after the next login the profile is asked for afresh", async ({
    page,
  }) => {
    const account = await createAccount(page.request, 'first-load');
    await logInThroughApi(page, account);
    await page.request.put('/api/answer', { data: { first_name: 'Preloaded' } });
    const calls = apiCalls(page);
    await page.goto('/about');
    await expect(page.locator('#first_name input')).toHaveValue('Preloaded');
    expect(calls.filter((call) => call.includes('/api/profile') || call.includes('/public/college'))).toEqual([]);

    // Log out and back in through the card: the page's preloaded profile was used once, the new one is fetched.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughCard(page, account);
    await expect(page.locator('#first_name input')).toHaveValue('Preloaded');
    expect(calls).toContain('GET /api/profile');
  });
});
