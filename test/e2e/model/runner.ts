import { expect, type Page, type Route } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

/**
 * For generated specs written outside the project (`npm run paths -- <machine> --format playwright`).
 * @public
 */
export { test } from '@playwright/test';
import { completeApplication } from '../../fixtures/completeApplication';
import { createAccount, logInByApi, saveAnswers, uniqueEmail } from '../helpers/applicant';
import { setWebStatus, submitCompleteApplication } from '../helpers/application';
import { webStatusFromEntries } from '../../../machines/webStatusMachine';
import { ACCOUNT_EMAIL, ACCOUNT_PASSWORD, NEW_EMAIL } from '../../qa/models/authCard';
import {
  groupActions,
  stepGroups,
  type Call,
  type Expectation,
  type PageAction,
  type PageCheck,
  type PlanPath,
  type Reply,
  type UploadFile,
} from '../../qa/plan';

/** Modal dialogs, alert dialogs included (the inactivity modal is one). */
const dialogs = (page: Page, name?: string) =>
  page.getByRole('dialog', name === undefined ? {} : { name }).or(page.getByRole('alertdialog', name === undefined ? {} : { name }));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Drives the real pages through a generated path (test/qa/plan.ts): setup through the API,
 * the applicant's clicks on the page, the server's answers arranged with page.route() before the
 * click that causes them, timers with page.clock, and after each step what the page must show.
 * The generated specs call it directly.
 * @public
 */
export class ModelPage {
  private readonly replies = new Map<string, (Reply | 'hold')[]>();
  private loggedIn = false;
  /** A setup step chose the last page the server holds: opening the page does not overwrite it. */
  private keepLastPage = false;
  /** The confirmed account typed for ACCOUNT_EMAIL, made on first use; a fresh address for NEW_EMAIL. */
  private account: string | undefined;
  private newcomer: string | undefined;

  /** Downloads the page started, and how many a `download` check has seen. */
  private downloads = 0;
  private downloadsSeen = 0;

  constructor(
    readonly page: Page,
    private readonly timeout = 10_000,
  ) {
    page.on('download', () => void (this.downloads += 1));
  }

  /** The next call to `call` gets `reply` (in order, one reply per call); later calls reach the server. */
  private async arrange(call: Call, reply: Reply | 'hold'): Promise<void> {
    const key = `${call.method} ${call.path}`;
    const queue = this.replies.get(key);
    if (queue) {
      queue.push(reply);
      return;
    }
    this.replies.set(key, [reply]);
    await this.page.route(
      (url) => url.pathname === call.path,
      async (route: Route) => {
        if (route.request().method() !== call.method) return route.fallback();
        const next = this.replies.get(key)?.shift();
        if (next === undefined || next === 'real') return route.fallback();
        // The call stays unanswered: the page waits, as it would on a slow server.
        if (next === 'hold') return new Promise<void>(() => undefined);
        if (next === 'network') return route.abort('failed');
        return route.fulfill({ status: next.status, contentType: 'application/json', body: JSON.stringify(next.body ?? {}) });
      },
    );
  }

  /** A path that ends while a call runs: that call is never answered. */
  async hold(call: Call): Promise<void> {
    await this.arrange(call, 'hold');
  }

  async do(action: PageAction): Promise<void> {
    const { page } = this;
    switch (action.kind) {
      case 'setup':
        if (action.task === 'account') {
          const email = uniqueEmail('model');
          await createAccount(page.request, email);
          await logInByApi(page, email);
          this.loggedIn = true;
        } else if (action.task === 'request') {
          const response = await page.request.fetch(action.call.path, { method: action.call.method, data: action.body });
          expect(response.ok(), `${action.call.method} ${action.call.path}: ${await response.text()}`).toBe(true);
        } else if (action.task === 'lastPage') {
          // The page the applicant was on when they left: open() keeps it.
          await this.saveLastPage(action.path);
          this.keepLastPage = true;
        } else if (action.task === 'started' || action.task === 'validating') {
          await setWebStatus(page.request, ...(action.task === 'started' ? (['started'] as const) : (['validating'] as const)));
        } else if (action.task === 'submitted') {
          await submitCompleteApplication(page.request);
        } else if (action.task === 'clock') {
          // Before the app loads: its timers and Date.now() run on the test's clock.
          await page.clock.install();
        } else {
          await saveAnswers(page, completeApplication);
          await setWebStatus(page.request, 'started');
        }
        return;
      case 'server':
        return this.arrange(action.call, action.reply);
      case 'goto':
        return void (await page.goto(await this.real(action.path)));
      case 'click':
        return page.getByRole(action.role, { name: action.name, exact: true }).first().click();
      case 'fill':
        return page.getByLabel(action.label, { exact: true }).fill(await this.real(action.value));
      case 'upload':
        return page.getByLabel(action.label).setInputFiles(await fileOf(action.file));
      case 'wait':
        return page.clock.fastForward(action.ms);
      case 'history':
        return void (await (action.go === 'back' ? page.goBack() : page.goForward()));
      case 'await':
        return this.check(action.check, 'before the next action');
    }
  }

  /** The plan's stand-in addresses, as real ones. */
  private async real(text: string): Promise<string> {
    let result = text;
    if (result.includes(NEW_EMAIL) || result.includes(encodeURIComponent(NEW_EMAIL))) {
      this.newcomer ??= uniqueEmail('model-new');
      result = result.replaceAll(NEW_EMAIL, this.newcomer).replaceAll(encodeURIComponent(NEW_EMAIL), encodeURIComponent(this.newcomer));
    }
    if (result.includes(ACCOUNT_EMAIL) || result.includes(encodeURIComponent(ACCOUNT_EMAIL))) {
      if (!this.account) {
        this.account = uniqueEmail('model-account');
        await createAccount(this.page.request, this.account, ACCOUNT_PASSWORD);
      }
      result = result
        .replaceAll(ACCOUNT_EMAIL, this.account)
        .replaceAll(encodeURIComponent(ACCOUNT_EMAIL), encodeURIComponent(this.account));
    }
    return result;
  }

  async open(path: string): Promise<void> {
    // The app returns an applicant to the last page saved (section 2): say where the path starts.
    if (this.loggedIn && !this.keepLastPage) await this.saveLastPage(path);
    await this.page.goto(path);
  }

  private async saveLastPage(path: string): Promise<void> {
    expect((await this.page.request.put('/api/last-page', { data: { last_page: path } })).ok()).toBe(true);
  }

  /** The applicant's profile as the server holds it: its status and last page. */
  private async saved(what: 'webStatus' | 'lastPage'): Promise<string | null> {
    const response = await this.page.request.get('/api/profile');
    if (!response.ok()) return `(profile: ${response.status()})`;
    const profile = (await response.json()) as { last_page: string | null; web_status: { web_status: string }[] };
    return what === 'lastPage' ? profile.last_page : webStatusFromEntries(profile.web_status);
  }

  /** Every check of the state, each one Playwright expectation. */
  async expect(expectation: Expectation): Promise<void> {
    for (const check of expectation.checks) await this.check(check, expectation.words);
  }

  private async check(check: PageCheck, words: string): Promise<void> {
    const { page } = this;
    const options = { timeout: this.timeout };
    const message = `${words}: ${JSON.stringify(check)}`;
    switch (check.kind) {
      case 'url':
        return expect(page, message).toHaveURL(new RegExp(`${escape(check.path)}([?#].*)?$`), options);
      case 'heading':
        return expect(page.getByRole('heading', { name: check.name, exact: true }).first(), message).toBeVisible(options);
      case 'text':
        return expect(page.getByText(check.text, { exact: true }).first(), message).toBeVisible(options);
      case 'alert':
        return expect(page.getByRole('alert').filter({ hasText: check.text }).first(), message).toBeVisible(options);
      case 'region':
        return expect(page.getByRole('region', { name: check.name, exact: true }), message).toBeVisible(options);
      case 'link':
        return expect(page.getByRole('link', { name: check.name, exact: true }).first(), message).toBeVisible(options);
      case 'button': {
        const button = page.getByRole('button', { name: check.name, exact: true }).first();
        if (check.state === 'busy') return expect(button, message).toHaveAttribute('aria-busy', 'true', options);
        if (check.state === 'disabled') return expect(button, message).toBeDisabled(options);
        await expect(button, message).toBeEnabled(options);
        return expect(button, message).not.toHaveAttribute('aria-busy', 'true', options);
      }
      case 'tab': {
        const tab = page.getByRole('tab', { name: check.name, exact: true });
        return check.state === 'selected'
          ? expect(tab, message).toHaveAttribute('aria-selected', 'true', options)
          : expect(tab, message).toBeDisabled(options);
      }
      case 'noTabs':
        return expect(page.getByRole('tab'), message).toHaveCount(0, options);
      case 'dialog':
        return expect(dialogs(page, check.name), message).toBeVisible(options);
      case 'noDialog':
        return expect(dialogs(page), message).toHaveCount(0, options);
      case 'download': {
        await expect.poll(() => this.downloads, { message, timeout: this.timeout }).toBeGreaterThan(this.downloadsSeen);
        this.downloadsSeen = this.downloads;
        return;
      }
      case 'saved':
        return expect.poll(() => this.saved(check.what), { message, timeout: this.timeout }).toBe(check.value);
    }
  }
}

/** The file a plan names, made here (no binaries in the repository). */
async function fileOf(file: UploadFile): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  if ('text' in file.content) return { name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.content.text) };
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText(file.content.pdf);
  return { name: file.name, mimeType: file.mimeType, buffer: Buffer.from(await pdf.save()) };
}

/** Runs one path of a plan, step group by step group, as the generated spec does. */
export async function runPath(page: Page, path: PlanPath, start: string, timeout?: number): Promise<void> {
  const app = new ModelPage(page, timeout);
  for (const group of stepGroups(path)) {
    if (group.kind === 'open') {
      for (const step of group.setup) for (const action of step.plan.actions) await app.do(action);
      if (group.hold) await app.hold(group.hold);
      for (const step of group.arrive) for (const action of step.plan.actions) await app.do(action);
      if (group.holdNext) await app.hold(group.holdNext);
      await app.open(start);
      await app.expect(group.expect);
      continue;
    }
    const { before, arrange, last } = groupActions(group);
    for (const action of before) await app.do(action);
    if (group.hold) await app.hold(group.hold);
    for (const action of arrange) await app.do(action);
    if (group.holdNext) await app.hold(group.holdNext);
    if (last) await app.do(last);
    await app.expect(group.expect);
  }
}
