import { saveScreenshot } from './screenshots';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { confirmationCodeFor } from './mail';

/** Meets every sign-up rule of section 5 (length, cases, digit, special character). */
export const PASSWORD = 'Northfield-2027-pass';

let serial = 0;
/**
 * A fresh address per test: accounts outlive a test within one run's database, and the run's
 * workers (each its own process) make accounts at the same moment.
 */
export function uniqueEmail(tag: string): string {
  serial += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid.toString(36)}-${serial}@example.org`;
}

/** The code of the newest mail to `email`, waiting for the outbox to have it. */
export async function codeFor(email: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      try {
        code = confirmationCodeFor(email);
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  return code;
}

/** A confirmed account made through the public API: for tests whose subject is not sign-up. */
export async function createAccount(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  expect((await request.post('/public/signup', { data: { username: email, password } })).ok()).toBe(true);
  const code = await codeFor(email);
  expect((await request.post('/public/confirm', { data: { username: email, code } })).ok()).toBe(true);
}

/** Logs the page's browser context in through the API (the session cookie is shared). */
export async function logInByApi(page: Page, email: string, password = PASSWORD): Promise<void> {
  expect((await page.request.post('/public/login', { data: { username: email, password } })).ok()).toBe(true);
}

/** Stores answers for the logged-in context, as the form's Save would. */
export async function saveAnswers(page: Page, answers: Record<string, string | boolean>): Promise<void> {
  const response = await page.request.put('/api/answer', { data: answers });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Opens a step for a logged-in applicant. The app returns a student to the last page saved on
 * the server (section 2), so a test that shares an account says where it is going first.
 */
export async function openStep(page: Page, route: string): Promise<void> {
  expect((await page.request.put('/api/last-page', { data: { last_page: route } })).ok()).toBe(true);
  await page.goto(route);
}

/** The staff link for `email`, from the admissions office's command (section 6). */
export function serviceUrl(email: string, baseURL: string): string {
  const root = resolve(import.meta.dirname, '../../..');
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'service-token', email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL },
    encoding: 'utf8',
  });
  return out.trim();
}

/** A section of a step page, by its heading. */
export const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

/*
 * Fields by role and exact accessible name: labels end in a required mark (hidden from screen
 * readers, but part of the label's text), and many labels repeat across sections.
 */
export const textbox = (scope: Page | Locator, name: string): Locator => scope.getByRole('textbox', { name, exact: true });
export const select = (scope: Page | Locator, name: string): Locator => scope.getByRole('combobox', { name, exact: true });
export const checkbox = (scope: Page | Locator, name: string): Locator => scope.getByRole('checkbox', { name, exact: true });
export const radio = (scope: Page | Locator, group: string | RegExp, name: string): Locator =>
  scope.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });

/**
 * Waits until the step page and its answers are on screen. A cold step loads its code first,
 * which on a loaded 2-core machine can take longer than the default 5 s.
 */
export async function onStep(page: Page, path: string, title: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path}(#.*)?$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
}

/** The minimum of About You that passes validation: names, sex, birth date, a phone, the address. */
export const ABOUT_REQUIRED = {
  first: 'Ada',
  last: 'Lovelace',
  sex: 'Female',
  birthDate: '2007-03-14',
  mobile: '(555) 234-5678',
  street: '12 Elm Street',
  city: 'Springfield',
  country: 'United States',
  state: 'Illinois',
  zip: '62701',
} as const;

/**
 * Screenshots every run keeps for a person to look at (git-ignored): the full page, or only the
 * viewport for what floats over it (a dialog, an open list).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await saveScreenshot(page, name, { fullPage });
}

/** The same screen at a desktop width and at a phone's 390 px; the page keeps its width after. */
export async function screenshotBothWidths(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: original.height });
    await screenshot(page, name, options);
  }
  await page.setViewportSize(original);
}

/** Uploads a one-page PDF as the personal statement on Your Academics, waiting until it is stored. */
export async function uploadStatement(page: Page) {
  await page.goto('/education');
  const essay = section(page, 'Personal Statement');
  await essay.getByRole('tab', { name: 'Upload a document' }).click();
  await expect(essay.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('My personal statement.');
  await essay.getByLabel(/Personal statement document/).setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await pdf.save()),
  });
  await expect(essay.getByRole('button', { name: 'Delete statement.pdf' })).toBeVisible({ timeout: 30_000 });
}
