import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount as createConfirmedAccount, logInByApi, PASSWORD, uniqueEmail } from './applicant';

/** An account as the login card takes it; the applicant helpers' password and addresses. */
export { PASSWORD, uniqueEmail };

export interface Account {
  username: string;
  password: string;
}

/**
 * Signs up and confirms through the API (the auth cards have their own tests): for tests about
 * something else that only need a confirmed account. The mail comes from the server's outbox.
 */
export async function createAccount(request: APIRequestContext, tag: string): Promise<Account> {
  const account = { username: uniqueEmail(tag), password: PASSWORD };
  await createConfirmedAccount(request, account.username, account.password);
  return account;
}

/**
 * Logs in through the login card, as an applicant would, and waits for the form area: /about,
 * or the page the applicant last saw (section 2 sends a returning applicant back to last_page).
 */
export async function logInThroughCard(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/(about|education|final-steps)$/);
  await expect(page.getByRole('navigation', { name: 'Application steps' })).toBeVisible();
}

/**
 * Logs in through the card and waits until the form page's own first calls (tabs, documents, the PDF
 * copy) have been answered: a test that then moves a fake clock by minutes would otherwise time
 * them out, which the page rightly shows as its error screen.
 */
export async function logInThroughCardAndSettle(page: Page, account: Account): Promise<void> {
  const answered = Promise.all(
    ['/api/tabs', '/api/document-answer', '/api/pdf'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    ),
  );
  await logInThroughCard(page, account);
  await answered;
}

/** Logs in with the API: the browser context shares the session cookie. */
export async function logInThroughApi(page: Page, account: Account): Promise<void> {
  await logInByApi(page, account.username, account.password);
}
