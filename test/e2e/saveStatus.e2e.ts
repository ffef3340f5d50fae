import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { createAccount, logInByApi, openStep, section, textbox, uniqueEmail } from './helpers/applicant';
import { expectAccessible } from './helpers/axe';

/*
 * The status beside Save tells the truth and looks like what it says: "Not saved yet" is a
 * warning (GOV.UK's warning text: a black circle with "!", bold dark words), never the green of
 * "All changes saved"; and once an upload has completed with nothing else unsaved, it says saved.
 */

const WIDTHS = [1280, 390] as const;

test.use({ reducedMotion: 'reduce' });

const saveStatus = (page: Page) => page.locator('.step-actions__status');

/** The status's colour and the icon drawn before its words ('none' without one). */
function looks(page: Page): Promise<{ color: string; icon: string }> {
  return saveStatus(page).evaluate((element) => ({
    color: getComputedStyle(element).color,
    icon: getComputedStyle(element, '::before').content,
  }));
}

async function pdfFile(name: string) {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('My personal statement.');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

async function loggedIn(page: Page, tag: string): Promise<void> {
  const email = uniqueEmail(tag);
  await createAccount(page.request, email);
  await logInByApi(page, email);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test('"Not saved yet" looks like a warning, not like "All changes saved"', async ({ page }) => {
      await loggedIn(page, `status-look-${width}`);
      await openStep(page, '/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible({ timeout: 30_000 });

      await textbox(page, 'Middle name').fill('Grace');
      await expect(saveStatus(page)).toHaveText('Not saved yet');
      const warning = await looks(page);
      expect(warning.icon).toContain('!');
      await expectAccessible(page, 'the "Not saved yet" warning');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(saveStatus(page)).toHaveText('All changes saved');
      const saved = await looks(page);
      expect(saved.icon).toBe('none');
      expect(saved.color).not.toBe(warning.color);
      await expectAccessible(page, 'the "All changes saved" status');
    });

    test('after an upload completes with nothing else unsaved, the status says saved', async ({ page }) => {
      await loggedIn(page, `status-upload-${width}`);
      await openStep(page, '/education');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeVisible({ timeout: 30_000 });
      const essay = section(page, 'Personal Statement');
      const upload = essay.getByRole('tab', { name: 'Upload a document' });
      await upload.click();
      await expect(upload).toHaveAttribute('aria-selected', 'true');

      await essay.getByLabel(/Personal statement document/).setInputFiles(await pdfFile('statement.pdf'));
      await expect(essay.getByRole('button', { name: 'Delete statement.pdf' })).toBeVisible({ timeout: 30_000 });
      await expect(saveStatus(page)).toHaveText('All changes saved');
      expect((await looks(page)).icon).toBe('none');
    });
  });
}
