import { expect, test, type ElementHandle, type Page } from '@playwright/test';
import { createAccount } from './helpers/account';

/** What the console said while the page loaded and hydrated: warnings and errors, and uncaught errors. */
function consoleTrouble(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
  return said;
}

/**
 * Holds every script of the build until `release` is called: what shows meanwhile is the HTML the
 * server sent, as on a slow connection while the scripts are still on their way.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds one route module's script (AuthArea, AboutPage…) until the returned function is called. */
async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const steps = (page: Page) => page.getByRole('navigation', { name: 'Application steps' });

/** The kinds of event the page's window listens to (through the browser's debugging protocol). */
async function windowListens(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { result } = await session.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.map((listener) => listener.type);
  } finally {
    await session.detach();
  }
}

const FIRST_SCREENS = [
  { path: '/login', heading: 'Log In', title: /^Log In \|/ },
  { path: '/signup', heading: 'Sign Up', title: /^Sign Up \|/ },
  { path: '/about', heading: 'About You', title: /^About You \|/ },
  { path: '/education', heading: 'Your Academics', title: /^Your Academics \|/ },
  { path: '/final-steps', heading: 'Final Steps', title: /^Final Steps \|/ },
];

test.describe('the first screen arrives with the HTML', () => {
  for (const { path, heading, title } of FIRST_SCREENS) {
    test(`${path}: the heading shows before the scripts run, and the scripts take over that same page without complaint`, async ({
      page,
    }) => {
      const trouble = consoleTrouble(page);
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      const shown = page.getByRole('heading', { level: 1, name: heading });
      await expect(shown).toBeVisible();
      const before = (await shown.elementHandle()) as ElementHandle<HTMLElement>;

      release();
      // The tab's title is set once React has taken over the page.
      await expect(page).toHaveTitle(title);
      // Hydrated, not rendered again: the heading the server sent is the one on the page.
      expect(await before.evaluate((node) => node.isConnected)).toBe(true);
      await expect(shown).toBeVisible();
      expect(trouble).toEqual([]);
    });
  }

  test('without JavaScript a visitor still sees the login card and the first step with its questions', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();

    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Application steps' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
    await expect(page.locator('#first_name input')).toBeVisible();
    await context.close();
  });

  test('the hydrated login card logs in', async ({ page }) => {
    const account = await createAccount(page.request, 'first-screen');
    const trouble = consoleTrouble(page);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    release();
    await expect(page).toHaveTitle(/^Log In \|/);
    await page.getByLabel('Email address').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
    expect(trouble).toEqual([]);
  });

  test("the hydrated first step takes a visitor's answer, and Save leads to sign-up", async ({ page }) => {
    const trouble = consoleTrouble(page);
    const release = await holdScripts(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
    release();
    await expect(page).toHaveTitle(/^About You \|/);
    const firstName = page.locator('#first_name input');
    await firstName.fill('Hydra');
    await expect(firstName).toHaveValue('Hydra');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(trouble).toEqual([]);
  });

  test('a visitor who reloads with answers typed in the tab gets them back, rendered by the client', async ({ page }) => {
    const trouble = consoleTrouble(page);
    await page.goto('/about');
    const firstName = page.locator('#first_name input');
    await firstName.fill('Kept');
    await page.reload();
    await expect(page.locator('#first_name input')).toHaveValue('Kept');
    expect(trouble).toEqual([]);
  });
});

test.describe('what a visitor does before the scripts have taken the first screen over', () => {
  test('a field of the server-rendered step takes no typing while the page says it is busy, then takes the answer, which leads to sign-up', async ({
    page,
  }) => {
    const trouble = consoleTrouble(page);
    const release = await holdScripts(page);
    const releasePage = await holdChunk(page, 'AboutPage');
    await page.goto('/about', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
    const firstName = page.locator('#first_name input');
    await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
    await expect(firstName).toBeDisabled();
    // A visitor who clicks the field and types anyway sees nothing go in: nothing is taken that could be lost.
    await firstName.click({ force: true });
    await page.keyboard.type('Early');
    await expect(firstName).toHaveValue('');

    // The entry script runs, the page's code is still on its way: typing is still refused, visibly.
    release();
    await expect.poll(() => windowListens(page)).toContain('unhandledrejection');
    await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
    await firstName.click({ force: true });
    await page.keyboard.type('Early');
    await expect(firstName).toHaveValue('');

    releasePage();
    await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
    await expect(firstName).toBeEnabled();
    await firstName.fill('Robin');
    await steps(page)
      .getByRole('link', { name: /Final Steps/ })
      .click();
    // The answers actor has the answer: a visitor with answers is sent to sign-up with them.
    await expect(page).toHaveURL(/\/signup$/);
    expect(trouble).toEqual([]);
  });

  test('a button pressed before the scripts have taken the screen over is pressed once they have: the notice opens', async ({ page }) => {
    const release = await holdScripts(page);
    const releaseCard = await holdChunk(page, 'AuthArea');
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    const privacy = page.getByRole('button', { name: 'Privacy and Cookie Notice' });
    await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
    await expect(privacy).toBeDisabled();
    expect(await privacy.evaluate((node) => getComputedStyle(node).cursor)).toBe('progress');
    // Before any script runs the screen takes no press at all.
    await privacy.focus();
    await expect(privacy).not.toBeFocused();

    // The entry script runs (the login card's code still on its way): a press from the keyboard is kept.
    release();
    await expect.poll(() => windowListens(page)).toContain('unhandledrejection');
    await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
    await privacy.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Privacy and Cookie Notice' });
    await expect(dialog).toBeHidden();

    releaseCard();
    await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Cookies');
  });

  test('an error thrown after the script started but before the app has rendered is shown as the Unexpected Error dialog', async ({
    page,
  }) => {
    // The entry script runs, but the login card's code waits: the app has not rendered its frame yet.
    const releaseCard = await holdChunk(page, 'AuthArea');
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    // The page's script has started: something listens for what nobody handles.
    await expect.poll(() => windowListens(page)).toContain('unhandledrejection');
    // React has not taken the page over yet: it sets the tab's title when it does.
    await expect(page).not.toHaveTitle(/^Log In \|/);
    await page.evaluate(() => {
      void Promise.reject(new Error('Nobody caught this.'));
    });
    releaseCard();
    const dialog = page.getByRole('alertdialog', { name: 'Unexpected Error' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
