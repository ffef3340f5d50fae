import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, PASSWORD, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';
import { expectAccessible } from './helpers/axe';
import { press, tabTo, typeInto } from './helpers/keyboard';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { acceptInvitation, invite, signInToConsole } from './helpers/staff';

/*
 * The console's list of applications in a real browser against the real server: a staff member
 * signed in through a real invitation, five applicants made through the applicants' own API, and
 * the list's filters, order and pages kept in the address (reload, Back, Forward, a link).
 */

test.describe.configure({ mode: 'serial' });

/** A word in every seeded applicant's address, so that a search finds exactly them. */
const TAG = `lst${Date.now().toString(36)}`;
const staffEmail = uniqueEmail('list-staff');
/** The staff member's signed-in browser state, made once: each test's page opens signed in. */
const SIGNED_IN = join(mkdtempSync(join(tmpdir(), 'console-list-')), 'staff.json');
writeFileSync(SIGNED_IN, JSON.stringify({ cookies: [], origins: [] }));
test.use({ storageState: SIGNED_IN });

interface Seed {
  first: string;
  last: string;
  status: 'account_only' | 'started' | 'missing_information' | 'submitted';
}
const SEEDS: Seed[] = [
  { first: 'Thảo', last: 'Nguyễn', status: 'submitted' },
  { first: 'Ana', last: 'Pérez', status: 'started' },
  { first: 'Bea', last: 'Ortiz', status: 'missing_information' },
  { first: 'Carl', last: 'Berg', status: 'started' },
  { first: '', last: '', status: 'account_only' },
];

test.beforeAll(async ({ browser, baseURL }) => {
  for (const seed of SEEDS) {
    const context = await playwrightRequest.newContext({ baseURL });
    const email = uniqueEmail(TAG);
    await createAccount(context, email);
    expect((await context.post('/public/login', { data: { username: email, password: PASSWORD } })).ok()).toBe(true);
    if (seed.status !== 'account_only') {
      const answers = seed.status === 'submitted' ? { ...completeApplication } : {};
      const saved = await context.put('/api/answer', { data: { ...answers, first_name: seed.first, last_name: seed.last } });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    if (seed.status === 'missing_information') await setWebStatus(context, 'started', 'validating');
    if (seed.status === 'submitted') {
      await setWebStatus(context, 'started', 'validating');
      const submitted = await context.post('/api/submit');
      expect(submitted.ok(), await submitted.text()).toBe(true);
    }
    await context.dispose();
  }
  const page = await browser.newPage({ storageState: undefined });
  const { setupKey } = await acceptInvitation(page, invite(staffEmail, 'reader', baseURL!), staffEmail);
  await page.goto('/staff');
  await signInToConsole(page, staffEmail, setupKey, 1);
  await page.context().storageState({ path: SIGNED_IN });
  await page.close();
});

async function signIn(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await expect(page.getByRole('banner')).toContainText(staffEmail);
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
}

const rows = (page: Page) => page.getByRole('region', { name: /^Applications, page/ }).locator('tbody tr');
const rowNames = (page: Page) => rows(page).locator('th').allTextContents();
const statusChoice = (page: Page, label: RegExp) => page.getByRole('group', { name: 'Status' }).getByRole('button', { name: label });

test('a search ignores accents; the status and the search stay in the address through a reload, Back and Forward', async ({ page }) => {
  await signIn(page, '/staff');
  const search = page.getByLabel('Name, e-mail or reference number');

  await search.fill('Nguyen');
  await expect(page).toHaveURL(/\/staff\?q=Nguyen$/);
  await expect(page.getByRole('link', { name: 'Thảo Nguyễn' })).toBeVisible();
  const link = await page.getByRole('link', { name: 'Thảo Nguyễn' }).getAttribute('href');
  expect(link).toMatch(/^\/staff\/applications\/\d+$/);

  await search.fill(TAG);
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=${TAG}$`));
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('5 applications found');
  await expect(statusChoice(page, /^1\s*Submitted$/)).toBeVisible();
  await expect(statusChoice(page, /^2\s*Started$/)).toBeVisible();
  await expect(statusChoice(page, /^1\s*Missing information$/)).toBeVisible();
  await expect(statusChoice(page, /^1\s*Account only$/)).toBeVisible();
  await expect(statusChoice(page, /^5\s*All$/)).toHaveAttribute('aria-pressed', 'true');
  // Status in words, a step's title, a readable date, a reference number once submitted.
  const submittedRow = rows(page).filter({ hasText: 'Thảo Nguyễn' });
  await expect(submittedRow).toContainText('Submitted');
  await expect(submittedRow).toContainText(/ADM-\d{4}-\d{5,}-\d/);
  await expect(submittedRow.locator('time').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M UTC$/);
  await expect(rows(page).filter({ hasText: 'No name given' })).toContainText('Account only');

  await statusChoice(page, /Started$/).click();
  await expect(page).toHaveURL(new RegExp(`/staff\\?status=started&q=${TAG}$`));
  await expect(rows(page)).toHaveCount(2);
  expect((await rowNames(page)).sort()).toEqual(['Ana Pérez', 'Carl Berg']);

  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(search).toHaveValue(TAG);
  await expect(statusChoice(page, /Started$/)).toHaveAttribute('aria-pressed', 'true');

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=${TAG}$`));
  await expect(rows(page)).toHaveCount(5);
  await expect(statusChoice(page, /All$/)).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expect(rows(page)).toHaveCount(2);
  await expect(statusChoice(page, /Started$/)).toHaveAttribute('aria-pressed', 'true');

  // A link to a filtered list shows that list; a search that finds nothing says so.
  await page.goto(`/staff?status=submitted&q=${TAG}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(search).toHaveValue(TAG);
  await search.fill(`${TAG}-nobody`);
  await expect(page.getByText('No application matches these filters.')).toBeVisible();
});

test('sorts by a column and turns the pages, through the server', async ({ page }) => {
  await signIn(page, `/staff?q=${TAG}&page_size=2`);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('5 applications found, page 1 of 3');
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=name&order=desc/);
  await expect.poll(() => rowNames(page)).toEqual(['Thảo Nguyễn', 'Carl Berg']);

  const pages = page.getByRole('navigation', { name: 'Pages of the list' });
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => rowNames(page)).toEqual(['Bea Ortiz', 'Ana Pérez']);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect.poll(() => rowNames(page)).toEqual(['Thảo Nguyễn', 'Carl Berg']);
});

test('works with the keyboard alone', async ({ page }) => {
  await signIn(page, '/staff');
  await typeInto(page, page.getByLabel('Name, e-mail or reference number'), TAG);
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(5);
  await press(page, statusChoice(page, /Missing information$/), 'Space');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/status=missing_information/);
  await press(page, statusChoice(page, /All$/), 'Enter');
  await expect(rows(page)).toHaveCount(5);
  await press(page, page.getByRole('columnheader', { name: 'E-mail' }).getByRole('button'), 'Enter');
  await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'ascending');
  // The table's region takes the focus, so that the arrow keys scroll it.
  await tabTo(page, page.getByRole('region', { name: /^Applications, page/ }));
  await press(page, page.getByRole('link', { name: 'Bea Ortiz' }), 'Enter');
  await expect(page).toHaveURL(/\/staff\/applications\/\d+$/);
});

test('at 1280 and 390 px: readable, no serious axe finding', async ({ page }) => {
  await signIn(page, `/staff?q=${TAG}`);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(rows(page)).toHaveCount(5);
    await expectAccessible(page, `the list of applications at ${width} px`);
    await saveScreenshot(page, 'console-list');
  }
  // The table scrolls sideways inside its region at 390 px, not the page.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.client);
});
