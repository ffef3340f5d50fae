import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { SUBMIT_CONFLICT_MESSAGE } from '../../src/catalogue/messages';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, logInByApi, openStep, radio, section, textbox, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';

/*
 * Issue 10 item 14: an applicant with the form open in two tabs. Tab B saves an answer; tab A,
 * loaded before and never reloaded, then submits (or uploads a document, which saves the answers
 * too). A must not put back its stale copy of B's answer: either B's answer survives, or A is
 * told and nothing is submitted.
 */

const COMMENT_LABEL = 'Please tell us what happened and what you learned from it.';
/** A complete application whose conviction answer shows a comment box on Final Steps. */
const WITH_COMMENT = { ...completeApplication, conviction: 'Y', conviction_desc: 'Yes', conviction_comment: 'A parking fine.' };

interface Profile {
  answer: Record<string, unknown>;
  submitted_at: number | null;
}

/** One applicant, two pages of the same browser context (they share the session cookie). */
async function twoTabs(
  browser: Browser,
  tag: string,
  answers: Record<string, unknown>,
): Promise<{ context: BrowserContext; a: Page; b: Page }> {
  const email = uniqueEmail(tag);
  const context = await browser.newContext();
  await createAccount(context.request, email);
  const a = await context.newPage();
  await logInByApi(a, email);
  const saved = await a.request.put('/api/answer', { data: answers });
  expect(saved.ok(), await saved.text()).toBe(true);
  await setWebStatus(a.request, 'started');
  const b = await context.newPage();
  return { context, a, b };
}

const TITLES: Record<string, string> = { '/about': 'About You', '/education': 'Your Academics', '/final-steps': 'Final Steps' };

/** Opens a step and waits for it: two pages on a busy machine (and a cold server) may take a while. */
async function openLoaded(page: Page, route: string): Promise<void> {
  await openStep(page, route);
  await expect(page.getByRole('heading', { level: 1, name: TITLES[route] })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading the page…')).toHaveCount(0, { timeout: 30_000 });
}

async function profileOf(page: Page): Promise<Profile> {
  const response = await page.request.get('/api/profile');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Profile;
}

/** Tab B changes the city on About You and saves. */
async function saveCityInB(b: Page, city: string) {
  await openLoaded(b, '/about');
  const cityBox = textbox(section(b, 'Address'), 'City');
  await expect(cityBox).toHaveValue(completeApplication.city as string);
  await cityBox.fill(city);
  await b.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(b.getByText('All changes saved')).toBeVisible();
}

test('a submit from an older tab keeps the answer another tab saved since', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser, 'stale-submit', completeApplication);
  await openLoaded(a, '/final-steps');
  await expect(radio(section(a, 'Legal and Conduct'), /give up your right/, 'Yes')).toBeChecked();

  await saveCityInB(b, 'Shelbyville');

  // A, loaded before B's save, changes another answer and submits.
  await radio(section(a, 'Legal and Conduct'), /give up your right/, 'No').check();
  await a.getByRole('button', { name: 'Submit' }).click();
  await expect(a).toHaveURL(/\/completion$/);

  const profile = await profileOf(a);
  expect(profile.submitted_at).not.toBeNull();
  expect(profile.answer.city).toBe('Shelbyville');
  expect(profile.answer.counselor_waiver_request).toBe('N');
  await context.close();
});

test('a submit from an older tab that changed the same answer stops and tells the applicant', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser, 'stale-conflict', WITH_COMMENT);
  await openLoaded(a, '/final-steps');
  const commentInA = textbox(section(a, 'Legal and Conduct'), COMMENT_LABEL);
  await expect(commentInA).toHaveValue('A parking fine.');

  await openLoaded(b, '/final-steps');
  const commentInB = textbox(section(b, 'Legal and Conduct'), COMMENT_LABEL);
  await commentInB.fill('Written in tab B.');
  await b.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(b.getByText('All changes saved')).toBeVisible();

  await commentInA.fill('Written in tab A.');
  await a.getByRole('button', { name: 'Submit' }).click();

  // A keeps what it typed and asks which answer to keep, beside B's; chosen to edit on the page,
  // A is told next to Submit, with a link to the answer by its label (issue 12: no toast over the
  // form), and nothing was submitted.
  const dialog = a.getByRole('alertdialog', { name: 'Which answers should we keep?' });
  await expect(dialog).toContainText('Written in tab B.');
  // Behind the dialog (hidden from the accessibility tree while it is open).
  await expect(a.locator('#q-conviction_comment')).toHaveValue('Written in tab A.');
  await dialog.getByRole('button', { name: 'Edit them on the page' }).click();
  const notice = a.getByRole('alert').filter({ hasText: SUBMIT_CONFLICT_MESSAGE });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: COMMENT_LABEL })).toBeVisible();
  await expect(a.getByTestId('toast')).toHaveCount(0);
  await expect(commentInA).toHaveValue('Written in tab A.');
  await expect(a).toHaveURL(/\/final-steps$/);
  const profile = await profileOf(a);
  expect(profile.submitted_at).toBeNull();
  expect(profile.answer.conviction_comment).toBe('Written in tab B.');
  await context.close();
});

test('a document upload from an older tab keeps the answer another tab saved since', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser, 'stale-upload', completeApplication);
  await openLoaded(a, '/education');
  const essay = section(a, 'Personal Statement');
  const uploadTab = essay.getByRole('tab', { name: 'Upload a document' });
  await uploadTab.click();
  // The written essay goes with the switch, so it asks first (issue 12).
  await a.getByRole('alertdialog').getByRole('button', { name: 'Switch and delete' }).click();
  await expect(uploadTab).toHaveAttribute('aria-selected', 'true');

  await saveCityInB(b, 'Capital City');

  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('My personal statement.');
  const answersSaved = a.waitForResponse((response) => response.url().endsWith('/api/answer') && response.request().method() === 'PUT');
  await essay
    .getByLabel(/Personal statement document/)
    .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
  await answersSaved;

  expect((await profileOf(a)).answer.city).toBe('Capital City');
  await context.close();
});
