import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { ANNOUNCEMENTS } from '../../src/catalogue/announcements';
import { expectAccessible } from './helpers/axe';
import { createAccount, logInByApi, onStep, openStep, section, uniqueEmail } from './helpers/applicant';

/*
 * Issue 13: after Next, a step link, a tab switch, an upload finishing or a file deleted, focus
 * no longer falls to the page body: it moves to what replaced the control, and the page's live
 * region says what happened. The school search says how many schools it found.
 */

const announcer = (page: Page) => page.locator('#announcer');
/** What document.activeElement is, as a reader of the accessibility tree would name it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { tag: element?.tagName.toLowerCase(), role: element?.getAttribute('role'), text: element?.textContent?.trim() };
  });

async function pdfFile(name: string) {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('My personal statement.');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

test.beforeEach(async ({ page }) => {
  const email = uniqueEmail('focus');
  await createAccount(page.request, email);
  await logInByApi(page, email);
});

test('Next and a step link move focus to the new step heading and announce the step', async ({ page }) => {
  await openStep(page, '/about');
  await onStep(page, '/about', 'About You');
  // The live region is there before anything is said (a region added with its text is often not read).
  await expect(announcer(page)).toHaveAttribute('role', 'status');
  await expect(announcer(page)).toHaveText('');

  await page.getByRole('button', { name: 'Next' }).click();
  await onStep(page, '/education', 'Your Academics');
  await expect.poll(() => focused(page)).toEqual({ tag: 'h1', role: null, text: 'Your Academics' });
  await expect(announcer(page)).toHaveText(ANNOUNCEMENTS.step(2, 3, 'Your Academics'));
  await expectAccessible(page, 'a new step, its heading focused');

  await page
    .getByRole('link', { name: /Final Steps/ })
    .first()
    .click();
  await onStep(page, '/final-steps', 'Final Steps');
  await expect.poll(() => focused(page)).toEqual({ tag: 'h1', role: null, text: 'Final Steps' });
  await expect(announcer(page)).toHaveText(ANNOUNCEMENTS.step(3, 3, 'Final Steps'));
});

test('a tab switch, an upload finishing and a deletion move focus and are announced', async ({ page }) => {
  await openStep(page, '/education');
  const essay = section(page, 'Personal Statement');
  const uploadTab = essay.getByRole('tab', { name: 'Upload a document' });
  await uploadTab.click();
  await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
  await expect(uploadTab).toBeFocused();
  await expect(announcer(page)).toHaveText(ANNOUNCEMENTS.tabSwitched('Upload a document'));

  await essay.getByLabel(/Personal statement document/).setInputFiles(await pdfFile('focus.pdf'));
  const download = essay.getByRole('button', { name: 'Download focus.pdf as a PDF' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(download).toBeFocused();
  await expect(announcer(page)).toHaveText(ANNOUNCEMENTS.documentUploaded('focus.pdf'));
  await expectAccessible(page, 'an uploaded document, its Download button focused');

  await essay.getByRole('button', { name: 'Delete focus.pdf' }).click();
  await page.getByRole('alertdialog', { name: 'Delete File' }).getByRole('button', { name: 'Delete', exact: true }).click();
  const choose = essay.getByLabel(/Personal statement document/);
  await expect(choose).toBeVisible();
  await expect(choose).toBeFocused();
  await expect(announcer(page)).toHaveText(ANNOUNCEMENTS.documentDeleted('focus.pdf'));
  expect((await focused(page)).tag).toBe('input');
});

test('the school search says how many schools it found', async ({ page }) => {
  await openStep(page, '/education');
  const school = section(page, 'High School');
  const field = school.getByRole('combobox', { name: 'High school name', exact: true });
  await field.click();
  await field.pressSequentially('Lincoln');
  const schools = page.getByRole('listbox').getByRole('option').filter({ hasNotText: /^Use:/ });
  await expect(schools.first()).toBeVisible();
  const count = await schools.count();
  expect(count).toBeGreaterThan(0);
  const status = school.locator('.q-combobox__status');
  await expect(status).toHaveText(ANNOUNCEMENTS.schoolsFound(count));
  await expect(status).toHaveAttribute('aria-live', 'polite');
  // The input names the status, so a reader also hears it with the field.
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`${await status.getAttribute('id')}`));
  await expectAccessible(page, 'the school list open, its count said');

  await field.fill('');
  await field.pressSequentially('Zzqx');
  await expect(status).toHaveText(ANNOUNCEMENTS.schoolsFound(0));
});
