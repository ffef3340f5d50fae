import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { DOCUMENT_MESSAGES } from '../../machines/documentFiles';
import { expectAccessible } from './helpers/axe';
import { createAccount, logInByApi, openStep, screenshotBothWidths, section, uniqueEmail } from './helpers/applicant';

/*
 * Section 4 "Documents" and "Tabs" on the personal statement: the file rules, the name and size
 * once uploaded, deleting only after confirming, and a tab switch blocked while a conversion runs.
 */

const email = uniqueEmail('documents');

async function pdfFile(name: string) {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('My personal statement.');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

async function uploadTab(page: Page) {
  await openStep(page, '/education');
  const essay = section(page, 'Personal Statement');
  const upload = essay.getByRole('tab', { name: 'Upload a document' });
  if ((await upload.getAttribute('aria-selected')) !== 'true') await upload.click();
  await expect(upload).toHaveAttribute('aria-selected', 'true');
  return essay;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await createAccount(request, email);
  await request.dispose();
});

test.beforeEach(async ({ page }) => {
  await logInByApi(page, email);
});

test('a document is checked, uploaded, shown with its size and deleted after confirming', async ({ page }) => {
  const essay = await uploadTab(page);
  const input = essay.getByLabel(/Personal statement document/);

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(essay.getByText('You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await input.setInputFiles(await pdfFile('statement.pdf'));
  const remove = essay.getByRole('button', { name: 'Delete statement.pdf' });
  await expect(remove).toBeVisible({ timeout: 30_000 });
  await expect(essay.getByText(/^\d+ (B|KB)$/)).toBeVisible();
  await screenshotBothWidths(page, 'education-document');

  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete File' });
  await expect(dialog).toContainText('Are you sure you want to delete your file?');
  // Issue 12: it says what will be lost, by name and by the question's label, and where.
  await expect(dialog).toContainText('“statement.pdf”, your answer to “Personal statement document”, here and on the server');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshotBothWidths(page, 'education-delete-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeVisible();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(essay.getByText('statement.pdf')).toHaveCount(0);
  await expect(essay.getByText('Choose a file')).toBeVisible();
});

test('a document uploads from an address other than PUBLIC_URL (the page at 127.0.0.1, PUBLIC_URL at localhost)', async ({ page }) => {
  const essay = await uploadTab(page);
  const pageOrigin = new URL(page.url()).origin;
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  expect(new URL(process.env.E2E_PUBLIC_URL ?? '').hostname).toBe('localhost');

  const uploaded = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/files/upload');
  await essay.getByLabel(/Personal statement document/).setInputFiles(await pdfFile('elsewhere.pdf'));
  // The file goes to the address the page came from, and is converted there.
  expect(new URL((await uploaded).url()).origin).toBe(pageOrigin);
  await expect(essay.getByRole('button', { name: 'Delete elsewhere.pdf' })).toBeVisible({ timeout: 30_000 });
  await expect(essay.getByText(/Requests from other sites are not allowed|Error uploading file/)).toHaveCount(0);
  const conversion = await page.request.get('/api/pdf/document-answer/personal_statement_doc');
  expect(((await conversion.json()) as { status: string }).status).toBe('completed');

  await essay.getByRole('button', { name: 'Delete elsewhere.pdf' }).click();
  await page.getByRole('alertdialog', { name: 'Delete File' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(essay.getByText('Choose a file')).toBeVisible();
});

test('switching tabs waits for a conversion in progress', async ({ page }) => {
  // The conversion is reported as still running, so the upload stays in progress.
  await page.route('**/api/pdf/document-answer/personal_statement_doc', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { status: 'in progress', message: '' } }) : route.continue(),
  );
  const essay = await uploadTab(page);
  await essay.getByLabel(/Personal statement document/).setInputFiles(await pdfFile('draft.pdf'));
  await expect(essay.getByText(/Uploading/)).toBeVisible();

  await essay.getByRole('tab', { name: 'Write it here' }).click();
  const dialog = page.getByRole('dialog', { name: 'File Upload in Progress' });
  await expect(dialog).toContainText('Please wait until the file upload has completed.');
  await screenshotBothWidths(page, 'education-upload-in-progress', { fullPage: false });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(essay.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');

  // Once it completes, the switch goes through and the document goes with it.
  await page.unroute('**/api/pdf/document-answer/personal_statement_doc');
  await expect(essay.getByRole('button', { name: 'Delete draft.pdf' })).toBeVisible({ timeout: 30_000 });
  await essay.getByRole('tab', { name: 'Write it here' }).click();
  // Issue 12: the switch would delete the document, so it asks first.
  const switching = page.getByRole('alertdialog', { name: 'Switch to “Write it here”?' });
  await expect(switching).toContainText('“Personal statement document”');
  await switching.getByRole('button', { name: 'Switch and delete' }).click();
  await expect(essay.getByRole('tab', { name: 'Write it here' })).toHaveAttribute('aria-selected', 'true');
  await expect(essay.getByRole('textbox', { name: 'Personal statement', exact: true })).toBeVisible();
});

test('an anonymous visitor meets the document question with the text that says it needs an account', async ({ browser }) => {
  test.setTimeout(180_000);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/education');
    const essay = section(page, 'Personal Statement');
    // The default tab's question as ever, and the document question with section 4's text.
    await expect(essay.getByRole('textbox', { name: 'Personal statement', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(essay.getByText('Personal statement document')).toBeVisible();
    await expect(essay.getByText(DOCUMENT_MESSAGES.notLoggedIn)).toBeVisible();
    await expect(essay.locator('input[type="file"]')).toHaveCount(0);
    await expectAccessible(page, `/education for a visitor (${width} px)`);
  }
  await screenshotBothWidths(page, 'education-anonymous-document');
  await visitor.close();
});
