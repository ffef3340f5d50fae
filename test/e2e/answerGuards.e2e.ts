import { serverAnswers } from './helpers/application';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, logInByApi, openStep, radio, screenshot, section, select, textbox, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';

/*
 * Issue 12, case 1 and the three smaller cases: nothing the applicant typed goes without being
 * told. A tab switch or a choice that would delete typed answers asks first (Cancel keeps them,
 * on screen and on the server); a school name typed but not picked is kept; an over-long paste goes
 * in whole, with how much to shorten it; a two-tab conflict names the answers by their labels, links
 * to them and covers nothing.
 */

const WIDTHS = [1280, 390] as const;
const ESSAY_LIMIT = 7000;
const COMMENT_LABEL = 'Please tell us what happened and what you learned from it.';

const TITLES: Record<string, string> = { '/about': 'About You', '/education': 'Your Academics', '/final-steps': 'Final Steps' };

/** Opens a step and waits for it and its answers: a busy machine (two pages at once) may take a while. */
async function openLoaded(page: Page, route: string): Promise<void> {
  await openStep(page, route);
  await expect(page.getByRole('heading', { level: 1, name: TITLES[route] })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading the page…')).toHaveCount(0, { timeout: 30_000 });
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

/** The element at the centre of `field` is the field itself: nothing (a toast, a notice) lies over it. */
async function expectUncovered(field: Locator): Promise<void> {
  await expect(field).toBeInViewport();
  const uncovered = await field.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === element || element.contains(top);
  });
  expect(uncovered, 'something covers the field').toBe(true);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    // Two pages, axe and screenshots on a shared 2-core machine: more than the default minute.
    test.describe.configure({ timeout: 180_000 });
    const email = uniqueEmail(`guards-${width}`);

    test.beforeAll(async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL });
      await createAccount(request, email);
      await request.dispose();
    });

    test.beforeEach(async ({ page }) => {
      await logInByApi(page, email);
    });

    test('a tab switch asks before it deletes a saved essay: Cancel keeps it, confirming deletes it', async ({ page }) => {
      await openLoaded(page, '/education');
      const essay = section(page, 'Personal Statement');
      const writeTab = essay.getByRole('tab', { name: 'Write it here' });
      const uploadTab = essay.getByRole('tab', { name: 'Upload a document' });
      const statement = textbox(essay, 'Personal statement');
      // Ends in a visible character: what is stored is trimmed.
      const text = 'I learned to weave. '.repeat(319) + 'I learned to weave!!';
      expect(text).toHaveLength(6400);
      await statement.fill(text);
      await save(page);
      expect((await serverAnswers(page)).personal_statement_essay).toBe(text);

      await uploadTab.click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      // It says what will go, by the question's label, and where.
      await expect(dialog).toContainText('“Personal statement”');
      await expect(dialog).toContainText('on the server');
      // Deleting cannot be undone: the dialog opens on Cancel.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page, 'tab switch dialog');
      await screenshot(page, 'education-tab-switch-dialog', { fullPage: false });

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(writeTab).toHaveAttribute('aria-selected', 'true');
      await expect(statement).toHaveValue(text);
      await expect(essay.getByText(`Character count: 6400 / ${ESSAY_LIMIT}`)).toBeVisible();
      expect((await serverAnswers(page)).personal_statement_essay).toBe(text);

      await uploadTab.click();
      await dialog.getByRole('button', { name: /^Switch/ }).click();
      await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
      await expect.poll(async () => (await serverAnswers(page)).personal_statement_essay ?? '').toBe('');
      // The upload panel settles (its document answer loads) before the next click, as a reader's eye would wait.
      await expect(essay.getByRole('button', { name: 'Choose a file' })).toBeVisible();
      // Back to writing: the upload tab held nothing, so no question; the essay is gone as confirmed.
      await writeTab.click();
      await expect(writeTab).toHaveAttribute('aria-selected', 'true');
      await expect(dialog).toHaveCount(0);
      await expect(essay.getByText(`Character count: 0 / ${ESSAY_LIMIT}`)).toBeVisible();
    });

    test('a choice that hides a typed answer asks first: Cancel keeps it, confirming clears it', async ({ page }) => {
      await openLoaded(page, '/final-steps');
      const legal = section(page, 'Legal and Conduct');
      const comment = textbox(legal, COMMENT_LABEL);
      await radio(legal, /convicted/, 'Yes').check();
      await comment.fill('A speeding ticket on a school night.');
      await save(page);

      await radio(legal, /convicted/, 'No').click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`“${COMMENT_LABEL}”`);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page, 'clearing dialog');
      await screenshot(page, 'final-steps-clear-dialog', { fullPage: false });

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(radio(legal, /convicted/, 'Yes')).toBeChecked();
      await expect(comment).toHaveValue('A speeding ticket on a school night.');
      expect(await serverAnswers(page)).toMatchObject({ conviction: 'Y', conviction_comment: 'A speeding ticket on a school night.' });

      await radio(legal, /convicted/, 'No').click();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect(radio(legal, /convicted/, 'No')).toBeChecked();
      await expect(comment).toHaveCount(0);
      await save(page);
      expect(await serverAnswers(page)).toMatchObject({ conviction: 'N', conviction_comment: '' });
    });

    test('a school name typed but not picked is kept on Tab, Escape and a click elsewhere', async ({ page }) => {
      await openLoaded(page, '/education');
      const school = select(section(page, 'High School'), 'High school name');

      // Tab straight after typing, before the list opened.
      await school.fill('Nowhere Academy');
      await page.keyboard.press('Tab');
      await expect(school).toHaveValue('Nowhere Academy');
      await save(page);
      expect((await serverAnswers(page)).hs_name).toBe('Nowhere Academy');

      // Escape with the list open.
      await school.fill('Riverside Learning Co-op');
      await expect(page.getByRole('option', { name: /^Use: Riverside Learning Co-op/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option', { name: /^Use: / })).toHaveCount(0);
      await expect(school).toHaveValue('Riverside Learning Co-op');

      // Tab with the list open.
      await school.fill('Hilltop Home School');
      await expect(page.getByRole('option', { name: /^Use: Hilltop Home School/ })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(school).toHaveValue('Hilltop Home School');

      // A click elsewhere on the page with the list open.
      await school.fill('Lakeside Academy of Arts');
      await expect(page.getByRole('option', { name: /^Use: Lakeside Academy of Arts/ })).toBeVisible();
      await page.getByRole('heading', { level: 1, name: 'Your Academics' }).click();
      await expect(school).toHaveValue('Lakeside Academy of Arts');
      await save(page);
      expect((await serverAnswers(page)).hs_name).toBe('Lakeside Academy of Arts');
    });

    test('an essay pasted over the limit goes in whole, saying how much to shorten it; typing goes on past the limit, counted', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openLoaded(page, '/education');
      const essay = section(page, 'Personal Statement');
      const statement = textbox(essay, 'Personal statement');
      await statement.fill('Hello');

      const pasted = 'word '.repeat(1646) + 'four';
      expect(pasted).toHaveLength(8234);
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await statement.focus();
      await statement.press('End');
      await statement.press('ControlOrMeta+V');
      // Nothing pasted is dropped or cut: the field says how much to cut instead.
      await expect(statement).toHaveValue(`Hello${pasted}`);
      await expect(
        essay.getByText('What you pasted takes this answer 1,239 characters over the 7,000-character limit: please shorten it by 1,239.'),
      ).toBeVisible();
      await expect(essay.getByText(`Character count: 8239 / ${ESSAY_LIMIT}`)).toBeVisible();
      await expect(essay.getByText('You have 1,239 characters too many')).toBeVisible();
      await expectAccessible(page, 'an essay pasted over the limit');
      await screenshot(page, 'education-paste-over', { fullPage: false });

      // An edit after the paste: the paste's message goes, the count stays.
      await statement.press('Backspace');
      await expect(essay.getByText(/What you pasted/)).toHaveCount(0);
      await expect(essay.getByText('You have 1,238 characters too many')).toBeVisible();

      // Typing at the limit goes on, and the count says by how much it is over.
      await statement.fill('x'.repeat(ESSAY_LIMIT));
      await statement.press('End');
      await statement.press('y');
      await expect(statement).toHaveValue(`${'x'.repeat(ESSAY_LIMIT)}y`);
      await expect(essay.getByText('You have 1 character too many')).toBeVisible();
    });

    test('a two-tab conflict names the answer by its label, links to the field and covers nothing', async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const conflictEmail = uniqueEmail(`conflict-${width}`);
      await createAccount(context.request, conflictEmail);
      const a = await context.newPage();
      await logInByApi(a, conflictEmail);
      expect((await a.request.put('/api/answer', { data: { first_name: 'Ada', city: 'Springfield' } })).ok()).toBe(true);
      await setWebStatus(a.request, 'started');
      await openLoaded(a, '/about');
      const firstNameInA = textbox(section(a, 'Personal Information'), 'First name');
      await expect(firstNameInA).toHaveValue('Ada');

      const b = await context.newPage();
      await openLoaded(b, '/about');
      await textbox(section(b, 'Personal Information'), 'First name').fill('Augusta');
      await save(b);

      await firstNameInA.fill('Grace');
      await a.getByRole('button', { name: 'Save', exact: true }).click();
      // A keeps what it typed and asks which to keep; chosen to edit on the page, the note names the answer.
      const choice = a.getByRole('alertdialog', { name: 'Which answers should we keep?' });
      await expect(choice).toContainText('Augusta', { timeout: 30_000 });
      await expectAccessible(a, 'the choice after another tab saved');
      await choice.getByRole('button', { name: 'Edit them on the page' }).click();
      const notice = a.getByRole('alert').filter({ hasText: 'another tab or window' });
      await expect(notice).toBeVisible({ timeout: 30_000 });
      await expect(firstNameInA).toHaveValue('Grace');
      const link = notice.getByRole('link', { name: 'First name' });
      await expect(link).toBeVisible();
      await expect(a.getByText(/first_name/)).toHaveCount(0);
      await expectAccessible(a, 'conflict notice');
      await screenshot(a, 'about-conflict', { fullPage: false });

      await link.click();
      await expect(firstNameInA).toBeFocused();
      await expectUncovered(firstNameInA);
      await context.close();
    });
  });
}
