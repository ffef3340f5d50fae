import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInThroughApi, logInThroughCard } from './helpers/account';

const steps = (page: Page) => page.getByRole('navigation', { name: 'Application steps' });
const banner = (page: Page) => page.getByTestId('welcome-banner');

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('footer modals', () => {
  test('Help opens and closes with the keyboard and lists both contacts', async ({ page }) => {
    await page.goto('/login');
    const help = page.getByRole('contentinfo').getByRole('button', { name: 'Help' });
    await help.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Technical support' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'support@northfield.example.edu' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: '(555) 555-0199' })).toHaveAttribute('href', 'tel:+15555550199');
    await expect(dialog.getByRole('heading', { name: 'Admissions questions' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'admissions@northfield.example.edu' })).toBeVisible();
    // Focus moved into the modal and stays there.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(help).toBeFocused();
  });

  test('the privacy and cookie notice closes with its Close button from the keyboard', async ({ page }) => {
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Privacy and Cookie Notice' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Privacy and Cookie Notice' });
    await expect(dialog).toContainText('Northfield College uses the information in this application only');
    await expect(dialog).toContainText('Cookies');
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    // Tab cycles inside the modal until Close has focus.
    for (let i = 0; i < 4 && !(await close.evaluate((element) => element === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("modals take section 3's widths: Help xs 30rem, the notice s 60rem, and 70vw on a tablet", async ({ page }) => {
    const maxWidth = (name: string) => page.getByRole('dialog', { name }).evaluate((element) => getComputedStyle(element).maxWidth);
    await page.goto('/login');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Help' }).click();
    expect(await maxWidth('Help')).toBe('480px');
    await expect(page.getByRole('dialog', { name: 'Help' }).locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Privacy and Cookie Notice' }).click();
    expect(await maxWidth('Privacy and Cookie Notice')).toBe('960px');
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await maxWidth('Privacy and Cookie Notice')).toBe('560px');
  });
});

test.describe('the Account popover', () => {
  test('offers Sign In and Create Account to a visitor, and closes', async ({ page }) => {
    await page.goto('/about');
    const account = page.getByRole('button', { name: 'Account' });
    await account.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Account' });
    await expect(popover.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(popover.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expect(popover.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    await popover.getByRole('button', { name: 'Close' }).click();
    await expect(popover).toBeHidden();

    await account.click();
    await expect(popover.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(account).toBeFocused();

    await account.click();
    await popover.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('shows the lower-case username and Log Out to an applicant', async ({ page }) => {
    const account = await createAccount(page.request, 'Popover');
    await logInThroughApi(page, account);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Account' }).click();
    const popover = page.getByRole('dialog', { name: 'Account' });
    await expect(popover).toContainText(account.username.toLowerCase());
    await expect(popover.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    await popover.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the welcome banner', () => {
  test('invites a visitor, welcomes a first login, hides after a page change, and says almost finished from the second login', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(banner(page)).toHaveAttribute('data-variant', 'visitor');
    await expect(banner(page).getByRole('link', { name: 'Log in' })).toBeVisible();

    const account = await createAccount(page.request, 'banner');
    await logInThroughCard(page, account);
    await expect(banner(page)).toHaveAttribute('data-variant', 'firstLogin');
    await expect(banner(page)).toContainText('There is no application fee.');

    await steps(page)
      .getByRole('link', { name: /Your Academics/ })
      .click();
    await expect(page).toHaveURL(/\/education$/);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    await logOut(page);
    await logInThroughCard(page, account);
    await expect(banner(page)).toHaveAttribute('data-variant', 'returning');
    await expect(banner(page)).toContainText("You're almost finished.");
  });

  test('adds the season note only between the configured start and end dates', async ({ page }) => {
    // The demo college's window: 2026-09-01 to 2027-01-15.
    await page.clock.setFixedTime(new Date('2026-08-20T12:00:00'));
    await page.goto('/about');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByTestId('banner-season')).toHaveCount(0);

    await page.clock.setFixedTime(new Date('2027-01-15T12:00:00'));
    await page.reload();
    await expect(page.getByTestId('banner-season')).toBeVisible();

    await page.clock.setFixedTime(new Date('2027-01-16T12:00:00'));
    await page.reload();
    await expect(banner(page)).toBeVisible();
    await expect(page.getByTestId('banner-season')).toHaveCount(0);
  });
});

test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email address')).toBeFocused();
});

test.describe('routes and step navigation', () => {
  test('an unknown path goes to /about keeping the query string', async ({ page }) => {
    await page.goto('/nowhere/at-all?campaign=fall');
    await expect(page).toHaveURL(/\/about\?campaign=fall$/);
    await expect(steps(page)).toBeVisible();
  });

  test('Back and Forward move between the pages and cards the applicant went through', async ({ page }) => {
    const account = await createAccount(page.request, 'history');
    await logInThroughApi(page, account);
    await page.goto('/about');
    await steps(page)
      .getByRole('link', { name: /Your Academics/ })
      .click();
    await expect(page).toHaveURL(/\/education$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeVisible();

    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  });

  test('a visitor who typed an answer is sent to sign-up by the steps', async ({ page }) => {
    await page.goto('/about');
    await page.locator('#first_name input').fill('Robin');
    await steps(page)
      .getByRole('link', { name: /Final Steps/ })
      .click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('the missing-information summary links to each question, which is scrolled to and focused', async ({ page }) => {
    const account = await createAccount(page.request, 'missing');
    await logInThroughApi(page, account);
    for (const status of ['started', 'validating']) {
      expect((await page.request.post('/api/web-status', { data: { web_status: status } })).ok()).toBe(true);
    }
    await page.goto('/about');
    const summary = page.getByTestId('missing-information');
    await expect(summary.getByRole('heading', { name: "We're missing some information!" })).toBeVisible();
    await expect(summary).toContainText('Missing items are also highlighted on each page');

    const aboutLink = summary.locator('a[href="/about#last_name"]');
    await aboutLink.click();
    await expect(page).toHaveURL(/\/about#last_name$/);
    await expect(page.locator('#last_name input')).toBeFocused();

    const educationLink = summary.locator('a[href^="/education#"]').first();
    const key = (await educationLink.getAttribute('href'))!.split('#')[1]!;
    await educationLink.click();
    await expect(page).toHaveURL(new RegExp(`/education#${key}$`));
    await expect(page.locator(`[id="${key}"]`)).toBeInViewport();
    await expect(
      page
        .locator(`[id="${key}"]`)
        .locator(':focus')
        .or(page.locator(`[id="${key}"]:focus`)),
    ).toHaveCount(1);
  });

  test('a screen whose code fails to load says so in its place, never the error screen, and Try again loads it', async ({ page }) => {
    // docs/behaviour.md "Which errors are the page's": a route's code that cannot be fetched is retried in place.
    let blocked = true;
    await page.route(/\/assets\/AuthArea-[^/]+\.js$/, (route) => (blocked ? route.abort() : route.continue()));
    await page.goto('/login');
    await expect(page.getByText('This part of the page could not be loaded. Please check your connection and try again.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong.' })).toHaveCount(0);
    blocked = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  });

  test('/completion before submitting goes back to the form', async ({ page }) => {
    const account = await createAccount(page.request, 'early');
    await logInThroughApi(page, account);
    await page.goto('/completion');
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('toasts and the unexpected-error dialog', () => {
  test('an error toast is an alert, survives a short swipe and goes with a 50 px swipe right', async ({ page }) => {
    const account = await createAccount(page.request, 'toast');
    await logInThroughApi(page, account);
    await page.route('**/api/answer', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The save failed on purpose.' }) }),
    );
    await page.goto('/about');
    await steps(page)
      .getByRole('link', { name: /Your Academics/ })
      .click();
    const toast = page.getByRole('alert').getByTestId('toast');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('The save failed on purpose.');

    const swipe = async (dx: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + dx / 2, y, { steps: 3 });
      await page.mouse.move(box.x + 40 + dx, y, { steps: 3 });
      await page.mouse.up();
    };
    await swipe(20);
    await expect(toast).toBeVisible();
    await swipe(60);
    await expect(toast).toBeHidden();
  });

  test('Escape on a toast’s own Dismiss button closes that toast', async ({ page }) => {
    const account = await createAccount(page.request, 'toastkey');
    await logInThroughApi(page, account);
    await page.route('**/api/answer', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The save failed on purpose.' }) }),
    );
    await page.goto('/about');
    await steps(page)
      .getByRole('link', { name: /Your Academics/ })
      .click();
    const toast = page.getByRole('alert').getByTestId('toast');
    // The page-wide Escape leaves keys pressed inside a toast to the toast itself.
    await toast.getByRole('button', { name: /^Dismiss notification/ }).focus();
    await page.keyboard.press('Escape');
    await expect(toast).toBeHidden();
  });

  test('an error nothing else handled opens the Unexpected Error dialog', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      void Promise.reject(new Error('Nobody caught this.'));
    });
    const dialog = page.getByRole('alertdialog', { name: 'Unexpected Error' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/about', '/login', '/signup']) {
    test(`${path} fits the width without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const footer = (await page.getByRole('contentinfo').boundingBox())!;
      expect(footer.x + footer.width).toBeLessThanOrEqual(390);
    });
  }

  test('the steps, the Account button and the Help modal fit', async ({ page }) => {
    await page.goto('/about');
    for (const name of [/About You/, /Your Academics/, /Final Steps/])
      await expect(steps(page).getByRole('link', { name })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Account' })).toBeInViewport();
    await page.getByRole('button', { name: 'Help' }).click();
    const box = (await page.getByRole('dialog', { name: 'Help' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
