import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, logInThroughApi } from './helpers/account';

/*
 * Section 2's routes through react-router-dom: the router owns the address bar and renders the
 * routes; the navigation actor hears of every location and decides where the applicant may be.
 */

const steps = (page: Page) => page.getByRole('navigation', { name: 'Application steps' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** A step page shows once its question views (school search, tabs, dialogs) arrived: slow on a busy machine. */
const PAGE_SHOWN = { timeout: 15_000 };

/**
 * A click on `link` as the browser delivers it, with Ctrl and Cmd held or not: true when the page
 * took it over (prevented the browser's own handling). What the browser then does with a modified
 * click (a new tab) is the browser's: here it is stopped once the page has had its say, because a
 * background tab that opens or not on a busy machine tested the browser, not the page.
 */
function pageTakesClick(link: Locator, { modified }: { modified: boolean }): Promise<boolean> {
  return link.evaluate((element, withKeys) => {
    let taken = false;
    const settle = (event: Event) => {
      taken = event.defaultPrevented;
      if (withKeys) event.preventDefault();
    };
    window.addEventListener('click', settle, { once: true });
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: withKeys, metaKey: withKeys }));
    return taken;
  }, modified);
}

/**
 * Waits until the client has taken over the server's first screen (the root no longer says it is
 * busy). Before that the steps and the card links are the server's markup: plain links the browser
 * follows itself, which is right for a visitor but is not the page taking the click.
 */
async function clientTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
}

/** The route modules' scripts the page has fetched so far, by their entry name (AboutPage, AuthArea…). */
function routeScripts(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) fetched.add(match[1]!);
  });
  return fetched;
}

test.describe('navigation through the router', () => {
  test('a deep link opens its page for a logged-in applicant, and a reload keeps it', async ({ page }) => {
    const account = await createAccount(page.request, 'deep-link');
    await logInThroughApi(page, account);
    await page.goto('/education');
    await expect(heading(page, 'Your Academics')).toBeVisible(PAGE_SHOWN);
    await expect(page).toHaveURL(/\/education$/);
    await expect(steps(page).getByRole('link', { name: /Your Academics/ })).toHaveAttribute('aria-current', 'page');
    await page.reload();
    await expect(heading(page, 'Your Academics')).toBeVisible(PAGE_SHOWN);
    await expect(page).toHaveURL(/\/education$/);
  });

  test('a returning applicant who opens the default route is sent on to the saved last page', async ({ page }) => {
    const account = await createAccount(page.request, 'last-page');
    await logInThroughApi(page, account);
    expect((await page.request.put('/api/last-page', { data: { last_page: '/final-steps' } })).ok()).toBe(true);
    // The profile comes with the page: its last page is known before the router is even mounted.
    await page.goto('/about');
    await expect(page).toHaveURL(/\/final-steps$/);
    await expect(heading(page, 'Final Steps')).toBeVisible(PAGE_SHOWN);
  });

  test('an unknown path becomes /about with its query, in place of the history entry', async ({ page }) => {
    await page.goto('/login');
    await expect(heading(page, 'Log In')).toBeVisible();
    await page.goto('/nope?x=1');
    await expect(page).toHaveURL(/\/about\?x=1$/);
    await expect(steps(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page, 'Log In')).toBeVisible();
  });

  test('Back and Forward move through the router between the cards, keeping each card', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await expect(heading(page, 'Forgot Password')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page, 'Log In')).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/\/forgot$/);
    await expect(heading(page, 'Forgot Password')).toBeVisible();
    // The links are real links: the router's own, with their address.
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  test('each route module is fetched only when its route is visited', async ({ page }) => {
    const account = await createAccount(page.request, 'lazy');
    await logInThroughApi(page, account);
    const fetched = routeScripts(page);
    await page.goto('/about');
    await expect(heading(page, 'About You')).toBeVisible(PAGE_SHOWN);
    expect([...fetched].filter((name) => ['FormArea', 'AboutPage'].includes(name)).sort()).toEqual(['AboutPage', 'FormArea']);
    // The login card (AuthArea) is not among them either, but it may come once the page is idle:
    // issue 12 preloads it for a session that ends while the connection is gone (unsavedAnswers.e2e.ts),
    // and /about's first download without it is the bundle test's (test/src/app/bundleBudget.test.ts).
    for (const other of ['EducationPage', 'FinalStepsPage', 'CompletionArea', 'ServiceView']) expect(fetched.has(other), other).toBe(false);

    await steps(page)
      .getByRole('link', { name: /Your Academics/ })
      .click();
    await expect(heading(page, 'Your Academics')).toBeVisible(PAGE_SHOWN);
    expect(fetched.has('EducationPage')).toBe(true);
    expect(fetched.has('FinalStepsPage')).toBe(false);
  });

  test('an auth card loads none of the form area', async ({ page }) => {
    const fetched = routeScripts(page);
    await page.goto('/signup');
    await expect(heading(page, 'Sign Up')).toBeVisible();
    expect(fetched.has('AuthArea')).toBe(true);
    for (const other of ['FormArea', 'AboutPage', 'formActors', 'CompletionArea', 'ServiceView'])
      expect(fetched.has(other), other).toBe(false);
  });

  test('a modified click on a step or a card link is left to the browser, and this page stays', async ({ page }) => {
    await page.goto('/about');
    await expect(steps(page)).toBeVisible();
    await clientTookOver(page);
    const stepLink = steps(page).getByRole('link', { name: /Your Academics/ });
    expect(await pageTakesClick(stepLink, { modified: true })).toBe(false);
    await expect(page).toHaveURL(/\/about$/);
    // The same link clicked plainly is the router's: the page moves itself (so the check above can fail).
    expect(await pageTakesClick(stepLink, { modified: false })).toBe(true);
    await expect(page).toHaveURL(/\/education$/);

    await page.goto('/login');
    await clientTookOver(page);
    const cardLink = page.getByRole('link', { name: 'Forgot password?' });
    expect(await pageTakesClick(cardLink, { modified: true })).toBe(false);
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page, 'Log In')).toBeVisible();
  });
});
