import { expect, test } from '@playwright/test';

test('the built front end is served and talks to the API', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByTestId('college-name')).toHaveText('Northfield College');
});
