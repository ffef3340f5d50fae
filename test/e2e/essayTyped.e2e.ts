import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInByApi, openStep, section, textbox, uniqueEmail } from './helpers/applicant';
import { serverAnswers } from './helpers/application';
import { expectAccessible } from './helpers/axe';

/*
 * An essay typed into a text area without ever leaving the box is kept as any other answer: "Not
 * saved yet" beside Save, this device's draft, a warning before leaving, and the text back after
 * a reload or a closed tab.
 */

const WIDTHS = [1280, 390] as const;
const PARAGRAPH =
  'The summer I turned fifteen I repaired bicycles for the neighbours. Each one taught me to listen before I fixed anything, ' +
  'and to explain what I had done in words the owner could follow.';

test.use({ reducedMotion: 'reduce' });

const essayOf = (page: Page) => textbox(section(page, 'Personal Statement'), 'Personal statement');
const saveStatus = (page: Page) => page.locator('.step-actions__status');

async function openEducation(page: Page): Promise<void> {
  await openStep(page, '/education');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading the page…')).toHaveCount(0, { timeout: 30_000 });
}

/** Clicks into the essay and types a paragraph; focus never leaves the box. */
async function typeWithoutLeaving(page: Page): Promise<void> {
  await essayOf(page).click();
  await page.keyboard.type(PARAGRAPH.slice(0, 40));
  await page.keyboard.insertText(PARAGRAPH.slice(40));
  await expect(essayOf(page)).toBeFocused();
}

async function deviceDrafts(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('admissions.draft.'))
      .map((key) => localStorage.getItem(key) ?? '')
      .join(''),
  );
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test('an essay typed without leaving the box is not saved yet, kept on the device, and survives a reload', async ({ page }) => {
      const email = uniqueEmail(`essay-reload-${width}`);
      await createAccount(page.request, email);
      await logInByApi(page, email);
      await openEducation(page);

      await typeWithoutLeaving(page);
      await expect(saveStatus(page)).toContainText('Not saved yet');
      await expect.poll(() => deviceDrafts(page)).toContain(PARAGRAPH);
      await expectAccessible(page, 'an essay being typed');

      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      await page.reload();
      expect(dialogs).toEqual(['beforeunload']);
      await expect(page.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeVisible({ timeout: 30_000 });
      await expect(essayOf(page)).toHaveValue(PARAGRAPH);
      await expect(page.getByText('1 answer you had not saved yet was kept on this device and is now saved.')).toBeVisible();
      expect((await serverAnswers(page)).personal_statement_essay).toBe(PARAGRAPH);
    });
  });
}

test('an essay typed without leaving the box asks before the tab closes, and is back on the next visit', async ({ page, context }) => {
  const email = uniqueEmail('essay-close');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await openEducation(page);
  await typeWithoutLeaving(page);

  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();

  const next = await context.newPage();
  await openEducation(next);
  await expect(essayOf(next)).toHaveValue(PARAGRAPH);
  expect((await serverAnswers(next)).personal_statement_essay).toBe(PARAGRAPH);
});
