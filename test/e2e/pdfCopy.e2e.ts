import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { PDF_COPY_MESSAGES } from '../../machines/pdfCopyMachine';
import { completeApplication } from '../fixtures/completeApplication';
import { pdfText } from '../server/helpers/pdfText';
import { expectAccessible } from './helpers/axe';
import { createAccount, logInByApi, openStep, screenshot, screenshotBothWidths, section, textbox, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';

/*
 * Issue 13, gaps 1 and 2: the PDF copy. The completion page's link opens the copy made after the
 * submission (with "preparing" while it is made); Final Steps offers the copy of the answers as
 * saved, with progress and the error toast; an applicant opens the PDF of their own uploaded
 * document, and nobody else can.
 */

const NAME = { first: completeApplication.first_name as string, last: completeApplication.last_name as string };
const COMMENT_LABEL = 'Please tell us what happened and what you learned from it.';
const WITH_COMMENT = { ...completeApplication, conviction: 'Y', conviction_desc: 'Yes', conviction_comment: 'A parking fine.' };
const TITLES: Record<string, string> = { '/about': 'About You', '/education': 'Your Academics', '/final-steps': 'Final Steps' };

/** A logged-in applicant with these answers (status started), in a browser context of its own. */
async function applicant(browser: Browser, tag: string, answers: Record<string, unknown>, width = 1280) {
  const email = uniqueEmail(tag);
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await createAccount(context.request, email);
  const page = await context.newPage();
  await logInByApi(page, email);
  const saved = await page.request.put('/api/answer', { data: answers });
  expect(saved.ok(), await saved.text()).toBe(true);
  await setWebStatus(page.request, 'started');
  return { context, page, email };
}

async function openLoaded(page: Page, route: string): Promise<void> {
  await openStep(page, route);
  await expect(page.getByRole('heading', { level: 1, name: TITLES[route] })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading the page…')).toHaveCount(0, { timeout: 30_000 });
}

async function applicantOn(browser: Browser, tag: string, answers: Record<string, unknown>, route: string, width = 1280) {
  const made = await applicant(browser, tag, answers, width);
  await openLoaded(made.page, route);
  return made;
}

/**
 * Answers GET /api/pdf with "in progress" while held, so that a state that waits for the copy
 * lasts as long as the test looks at it; then lets the calls through to the server.
 */
async function holdCopy(page: Page): Promise<{ release: () => Promise<void> }> {
  const pattern = '**/api/pdf';
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'in progress', url: null, message: '' }),
    }),
  );
  return { release: () => page.unroute(pattern) };
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

async function expectPdf(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes);
}

test('the completion page links to the copy made after the submission, preparing it first', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await applicant(browser, 'copy-submit', completeApplication);
  // The page holds a link to the copy of the application as it was before the submission.
  const firstCopy = page.waitForResponse(
    async (response) => response.url().endsWith('/api/pdf') && ((await response.json()) as { status: string }).status === 'completed',
    { timeout: 60_000 },
  );
  await openLoaded(page, '/final-steps');
  await firstCopy;

  const held = await holdCopy(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.').first()).toBeVisible();
  // While the copy is rebuilt, no link to the old one: "preparing" instead.
  const preparing = page.getByText('Preparing a PDF copy of your application…');
  await expect(preparing).toBeVisible();
  const link = page.getByRole('link', { name: 'Download a PDF copy of your application' });
  await expect(link).toHaveCount(0);
  await expectAccessible(page, '/completion while the copy is prepared');
  await screenshotBothWidths(page, 'completion-preparing');
  await held.release();

  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const shown = await expectPdf(await bytesOf(download));
  expect(shown).toContain(NAME.first);
  expect(shown).toContain(NAME.last);
  expect(shown).toMatch(/Submitted: /);
  expect(shown).not.toContain('Not submitted yet.');
  await context.close();
});

for (const width of [1280, 390]) {
  test(`at ${width} px, Final Steps downloads a copy of the answers as they are now, with progress`, async ({ browser }) => {
    test.setTimeout(240_000);
    const { context, page } = await applicantOn(browser, `copy-form-${width}`, WITH_COMMENT, '/final-steps', width);
    // Typed, not saved: the copy is made of what the applicant sees.
    await textbox(section(page, 'Legal and Conduct'), COMMENT_LABEL).fill('Typed just before the download.');

    const offer = page.getByRole('region', { name: 'Your PDF copy' });
    const button = offer.getByRole('button', { name: 'Download a PDF copy of your application' });
    const held = await holdCopy(page);
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(offer.getByRole('status')).toHaveText('Preparing your PDF copy…');
    await expectAccessible(page, `/final-steps while the copy is prepared (${width} px)`);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'final-steps-copy-preparing', { fullPage: false });

    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await held.release();
    const shown = await expectPdf(await bytesOf(await downloading));
    expect(shown).toContain(NAME.last);
    expect(shown).toContain('Typed just before the download.');
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    await expect(offer.getByRole('status')).toHaveText('');

    // The server fails: the error toast of section 8, and the button can be used again.
    await page.route('**/api/pdf', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The server is down.' }) }),
    );
    await button.click();
    const toast = page.getByTestId('toast').filter({ hasText: PDF_COPY_MESSAGES.failed });
    await expect(toast).toBeVisible();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page, `/final-steps with the PDF copy error (${width} px)`);
    await screenshot(page, 'final-steps-copy-error', { fullPage: false });
    await context.close();
  });
}

test('an applicant downloads the PDF of their own uploaded document; another applicant and a visitor cannot', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await applicantOn(browser, 'doc-owner', { first_name: 'Owner' }, '/education');
  const essay = section(page, 'Personal Statement');
  await essay.getByRole('tab', { name: 'Upload a document' }).click();
  await expect(essay.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('MARKER-STATEMENT-OWNER');
  await essay.getByLabel(/Personal statement document/).setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await pdf.save()),
  });
  const open = essay.getByRole('button', { name: 'Download statement.pdf as a PDF' });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/education with an uploaded document');
  await screenshotBothWidths(page, 'education-document-download');

  const [download] = await Promise.all([page.waitForEvent('download'), open.click()]);
  expect(await expectPdf(await bytesOf(download))).toContain('MARKER-STATEMENT-OWNER');
  const link = download.url();

  // The link is the owner's alone: another applicant's session gets nothing, a visitor is asked to log in.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherEmail = uniqueEmail('doc-other');
  await createAccount(other.request, otherEmail);
  await logInByApi(otherPage, otherEmail);
  const refused = await otherPage.request.get(link);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain('MARKER-STATEMENT-OWNER');
  const visitor = await browser.newContext();
  expect((await visitor.request.get(link)).status()).toBe(401);
  await Promise.all([other.close(), visitor.close(), context.close()]);
});
