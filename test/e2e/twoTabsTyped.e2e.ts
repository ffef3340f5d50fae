import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, logInByApi, openStep, section, textbox, uniqueEmail } from './helpers/applicant';
import { serverAnswers, setWebStatus } from './helpers/application';
import { expectAccessible } from './helpers/axe';

/*
 * An applicant with Your Academics open in two tabs of one browser. Tab A saves an answer that
 * tab B has changed too; B's Save meets the conflict. What B typed stays on B's page and on the
 * device, and the applicant chooses per answer which to keep: nothing is replaced without asking.
 */

const WIDTHS = [1280, 390] as const;
const TITLES: Record<string, string> = { '/about': 'About You', '/education': 'Your Academics' };
// A long essay, as an applicant writes it: 2,000 characters.
const ESSAY_B = `${'I learned to build a boat with my grandfather. '.repeat(43)}`.slice(0, 1999).trimEnd() + '.';
const ESSAY_A = 'A shorter essay, written in the other tab.';

test.use({ reducedMotion: 'reduce' });

async function twoTabs(browser: Browser, tag: string): Promise<{ context: BrowserContext; a: Page; b: Page }> {
  const email = uniqueEmail(tag);
  const context = await browser.newContext();
  await createAccount(context.request, email);
  const a = await context.newPage();
  await logInByApi(a, email);
  const saved = await a.request.put('/api/answer', { data: completeApplication });
  expect(saved.ok(), await saved.text()).toBe(true);
  await setWebStatus(a.request, 'started');
  const b = await context.newPage();
  return { context, a, b };
}

async function openLoaded(page: Page, route: string): Promise<void> {
  await openStep(page, route);
  await expect(page.getByRole('heading', { level: 1, name: TITLES[route] })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading the page…')).toHaveCount(0, { timeout: 30_000 });
}

const essayOf = (page: Page) => textbox(section(page, 'Personal Statement'), 'Personal statement');
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
const choice = (page: Page) => page.getByRole('alertdialog', { name: 'Which answers should we keep?' });

/** A types and saves the essay first; then B, which typed its own essay meanwhile, saves. */
async function conflictOverTheEssay(a: Page, b: Page): Promise<void> {
  await openLoaded(a, '/education');
  await openLoaded(b, '/education');
  await essayOf(b).fill(ESSAY_B);
  await essayOf(a).fill(ESSAY_A);
  await save(a);
  await expect(a.getByText('All changes saved')).toBeVisible();
  await save(b);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test('a save from another tab keeps the essay this tab typed and asks which to keep', async ({ browser }) => {
      const { context, a, b } = await twoTabs(browser, `two-tabs-essay-${width}`);
      await conflictOverTheEssay(a, b);

      const dialog = choice(b);
      await expect(dialog).toBeVisible();
      // Both answers side by side; B's page still holds B's essay, and so does the device.
      await expect(dialog).toContainText('Typed in this tab');
      await expect(dialog).toContainText('Saved in another tab');
      await expect(dialog).toContainText(ESSAY_A);
      await expect(dialog).toContainText(ESSAY_B.slice(0, 200));
      // Behind the dialog (hidden from the accessibility tree while it is open).
      await expect(b.locator('#q-personal_statement_essay')).toHaveValue(ESSAY_B);
      const draft = await b.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('admissions.draft.'))
          .map((key) => localStorage.getItem(key) ?? ''),
      );
      expect(draft.join('')).toContain(ESSAY_B.slice(0, 200));
      expect((await serverAnswers(b)).personal_statement_essay).toBe(ESSAY_A);
      await expectAccessible(b, 'the choice after another tab saved');

      // Keeping B's essay saves it over A's; the page keeps it.
      await dialog.getByRole('button', { name: 'Keep what I typed here' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(b.getByText('All changes saved')).toBeVisible();
      await expect(essayOf(b)).toHaveValue(ESSAY_B);
      expect((await serverAnswers(b)).personal_statement_essay).toBe(ESSAY_B);
      await context.close();
    });

    test('a ticked answer of the other tab is taken, the rest of this tab’s answers stay', async ({ browser }) => {
      const { context, a, b } = await twoTabs(browser, `two-tabs-pick-${width}`);
      await conflictOverTheEssay(a, b);

      const dialog = choice(b);
      await dialog.getByRole('checkbox', { name: 'Use the other tab’s answer: Personal statement' }).check();
      await dialog.getByRole('button', { name: 'Use the ticked answers' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(essayOf(b)).toHaveValue(ESSAY_A);
      await expect(b.getByText('All changes saved')).toBeVisible();
      expect((await serverAnswers(b)).personal_statement_essay).toBe(ESSAY_A);
      await context.close();
    });
  });
}

test('City changed in two tabs: editing on the page keeps this tab’s city, named beside Save until saved', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser, 'two-tabs-city');
  await openLoaded(a, '/about');
  await openLoaded(b, '/about');
  const cityOf = (page: Page) => page.locator('#q-city');
  await cityOf(b).fill('Shelbyville');
  await cityOf(a).fill('Capital City');
  await save(a);
  await expect(a.getByText('All changes saved')).toBeVisible();
  await save(b);

  const dialog = choice(b);
  await expect(dialog).toContainText('Capital City');
  await dialog.getByRole('button', { name: 'Edit them on the page' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cityOf(b)).toHaveValue('Shelbyville');
  const notice = b.getByRole('alert').filter({ hasText: 'Changed in another tab or window' });
  await expect(notice.getByRole('link', { name: 'City' })).toBeVisible();
  await expect(b.locator('.step-actions__status')).toContainText('Not saved yet');
  expect((await serverAnswers(b)).city).toBe('Capital City');

  await cityOf(b).fill('Shelbyville West');
  await save(b);
  await expect(b.getByText('All changes saved')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect((await serverAnswers(b)).city).toBe('Shelbyville West');
  await context.close();
});
