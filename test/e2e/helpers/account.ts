import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { confirmationCodeFor } from './mail';

/** Meets every rule of section 5: 12+ characters, upper, lower, number, special. */
export const PASSWORD = 'Northfield-2027!';

let counter = 0;
/** A fresh address per call: every test gets its own applicant. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.org`;
}

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
  const signup = await request.post('/public/signup', { data: account });
  expect(signup.ok(), await signup.text()).toBe(true);
  const confirm = await request.post('/public/confirm', {
    data: { username: account.username, code: confirmationCodeFor(account.username) },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
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

/** Logs in with the API: the browser context shares the session cookie. */
export async function logInThroughApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/public/login', { data: account });
  expect(response.ok(), await response.text()).toBe(true);
}
