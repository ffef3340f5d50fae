import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, PASSWORD, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/*
 * The console's dashboard in a real browser against the real server: applicants seeded through the
 * API (one of them moved 20 days back in the database, since the server's clock is the real one),
 * a reader invited by the admin command and signed in with the authenticator's code computed from
 * the setup key; the chart, the table with the same figures, and the list of applications waiting
 * more than 14 days.
 */

const DAY_MS = 86_400_000;
const root = resolve(import.meta.dirname, '../..');

/** `npm run admin -- staff-invite EMAIL --role reader`: the invitation's id out of the printed link. */
function inviteReader(email: string, baseURL: string): string {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'staff-invite', email, '--role', 'reader'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+\/staff\/invitation\?\S+/.exec(out)?.[0];
  if (!link) throw new Error(`No invitation link in: ${out}`);
  return new URL(link).searchParams.get('id')!;
}

/** The code an authenticator app shows `ahead` 30-second steps from now (each code is accepted once). */
const totp = (setupKey: string, ahead: number) =>
  new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

/** A reader invited, the invitation accepted and signed in through the staff calls: the page's context holds the staff cookie. */
async function signInReader(page: Page, baseURL: string): Promise<void> {
  const email = uniqueEmail('dashboard-reader');
  const id = inviteReader(email, baseURL);
  const setup = await page.request.post('/public/staff/invitation/password', { data: { id, password: PASSWORD } });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { setup_key } = (await setup.json()) as { setup_key: string };
  expect((await page.request.post('/public/staff/invitation/totp', { data: { id, code: totp(setup_key, 0) } })).ok()).toBe(true);
  expect((await page.request.post('/public/staff/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  expect((await page.request.post('/public/staff/login/code', { data: { code: totp(setup_key, 1) } })).ok()).toBe(true);
}

/** An applicant of its own, logged in through the API in a request context of its own. */
async function applicant(newContext: () => Promise<APIRequestContext>, tag: string) {
  const request = await newContext();
  const email = uniqueEmail(tag);
  await createAccount(request, email);
  expect((await request.post('/public/login', { data: { username: email, password: PASSWORD } })).ok()).toBe(true);
  return { request, email };
}

/**
 * Moves everything an applicant did to `daysAgo` days before now, in the server's database: the
 * account, the first save, the steps, the web status and the submission.
 */
function moveBack(email: string, daysAgo: number): number {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'admissions.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const when = Date.now() - daysAgo * DAY_MS;
    const { id } = db.prepare('SELECT id FROM users WHERE username = ?').get(email) as { id: number };
    db.transaction(() => {
      db.prepare('UPDATE users SET created_at = ?, confirmed_at = ? WHERE id = ?').run(when, when, id);
      db.prepare('UPDATE applications SET started_at = ?, submitted_at = ?, updated_at = ? WHERE user_id = ?').run(when, when, when, id);
      db.prepare('UPDATE web_status_events SET created_at = ? WHERE user_id = ?').run(when, id);
      db.prepare('UPDATE steps_reached SET reached_at = ? WHERE user_id = ?').run(when, id);
    })();
    return id;
  } finally {
    db.close();
  }
}

const shortDay = (time: number) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(time);

/** A row of the daily table by its day, its figures by column header. */
async function rowFigures(table: Locator, day: string): Promise<Record<string, number>> {
  const headers = (await table.locator('thead th').allTextContents()).slice(1);
  const row = table.locator('tbody tr').filter({ has: table.page().getByRole('rowheader', { name: day, exact: true }) });
  const cells = await row.getByRole('cell').allTextContents();
  return Object.fromEntries(headers.map((header, index) => [header, Number(cells[index])]));
}

test("the dashboard shows the cycle's figures as a chart and a table, and the applications waiting more than 14 days", async ({
  page,
  baseURL,
  playwright,
}) => {
  const newContext = () => playwright.request.newContext({ baseURL });
  // 20 days ago: an applicant who went through every step and submitted.
  const old = await applicant(newContext, 'dashboard-waiting');
  for (const last_page of ['/about', '/education', '/final-steps']) {
    expect((await old.request.put('/api/last-page', { data: { last_page } })).ok()).toBe(true);
  }
  expect((await old.request.put('/api/answer', { data: { ...completeApplication, first_name: 'Wendell', last_name: 'Waite' } })).ok()).toBe(
    true,
  );
  await setWebStatus(old.request, 'started');
  expect((await old.request.post('/api/submit')).ok()).toBe(true);
  const oldId = moveBack(old.email, 20);
  // Today: one account only, one started and told of missing information.
  await applicant(newContext, 'dashboard-account');
  const started = await applicant(newContext, 'dashboard-started');
  expect((await started.request.put('/api/last-page', { data: { last_page: '/about' } })).ok()).toBe(true);
  expect((await started.request.put('/api/answer', { data: { first_name: 'Ana' } })).ok()).toBe(true);
  await setWebStatus(started.request, 'started', 'validating');

  await signInReader(page, baseURL!);
  await page.goto('/staff/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The chart: one line per measure, drawn, hidden from screen readers (the table says the same).
  const chart = page.locator('.dashboard-chart');
  await expect(chart).toHaveAttribute('aria-hidden', 'true');
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('.recharts-line')).toHaveCount(10);

  const table = page.getByRole('table', { name: 'Counts per day' });
  await expect(table).toBeVisible();
  const longAgo = Date.now() - 20 * DAY_MS;
  // No other test moves anything back: the day 20 days ago holds the one applicant seeded there.
  expect(await rowFigures(table, shortDay(longAgo))).toEqual({
    'Accounts created': 1,
    'Applications started': 1,
    'About You reached': 1,
    'Your Academics reached': 1,
    'Final Steps reached': 1,
    'Missing information': 0,
    Submitted: 1,
    'First reviewed': 0,
    Decided: 0,
    'Decision released': 0,
  });
  // Today holds at least the two seeded today (other test files may add their own accounts).
  const today = await rowFigures(table, shortDay(Date.now()));
  expect(today['Accounts created']).toBeGreaterThanOrEqual(2);
  expect(today['Applications started']).toBeGreaterThanOrEqual(1);
  expect(today['About You reached']).toBeGreaterThanOrEqual(1);
  expect(today['Missing information']).toBeGreaterThanOrEqual(1);
  // The totals row adds up each column.
  const bodyCells = async (column: number) =>
    (await table.locator(`tbody tr td:nth-of-type(${column})`).allTextContents()).reduce((sum, cell) => sum + Number(cell), 0);
  const totals = await table.locator('tfoot td').allTextContents();
  for (let column = 1; column <= 7; column++) expect(Number(totals[column - 1])).toBe(await bodyCells(column));

  const waiting = page.getByRole('table', { name: /^Applications submitted before/ });
  const row = waiting.getByRole('row').filter({ hasText: old.email });
  await expect(row.getByRole('link', { name: 'Wendell Waite' })).toHaveAttribute('href', `/staff/applications/${oldId}`);
  await expect(row.getByRole('cell').last()).toHaveText('20');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expectAccessible(page, `the dashboard at ${width} px`);
    await saveScreenshot(page, 'console-dashboard');
  }
});
