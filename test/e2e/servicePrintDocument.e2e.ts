import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfText, renderFirstPage } from '../server/helpers/pdfText';
import { expectAccessible } from './helpers/axe';
import { createAccount, logInByApi, saveAnswers, section, serviceUrl, uniqueEmail } from './helpers/applicant';

/*
 * Printing the staff view gives the whole application, as the applicant's PDF copy does: the
 * uploaded document's pages follow its 'document attached' note, each on a sheet of its own. On
 * screen the view stays the note and its Open button.
 */

const FILE_NAME = 'statement.pdf';

/** A two-page statement, each page a large line of text, so a drawn page shows ink. */
async function twoPageStatement(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const words of ['First page of my statement', 'Second page of my statement']) {
    pdf.addPage([612, 792]).drawText(words, { x: 60, y: 600, size: 30, font });
  }
  return Buffer.from(await pdf.save());
}

/** An applicant with answers and a converted two-page document; the staff link to their application. */
async function applicantWithDocument(page: Page, baseURL: string, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await createAccount(page.request, email);
  await logInByApi(page, email);
  const pdfReaderRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/pdf[.-]/.test(new URL(request.url()).pathname)) pdfReaderRequests.push(request.url());
  });
  await saveAnswers(page, { first_name: 'Ada', last_name: 'Lovelace', city: 'London' });
  await page.goto('/education');
  const essay = section(page, 'Personal Statement');
  await essay.getByRole('tab', { name: 'Upload a document' }).click();
  await expect(essay.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
  await essay.getByLabel(/Personal statement document/).setInputFiles({
    name: FILE_NAME,
    mimeType: 'application/pdf',
    buffer: await twoPageStatement(),
  });
  await expect(essay.getByRole('button', { name: `Delete ${FILE_NAME}` })).toBeVisible({ timeout: 30_000 });
  // The applicant's pages never load the PDF reader: only the staff view draws pages.
  expect(pdfReaderRequests).toEqual([]);
  return serviceUrl(email, baseURL);
}

/** A fresh browser context, as a staff member opening the link would have. */
async function openStaffView(browser: Browser) {
  const staff = await browser.newContext();
  const view = await staff.newPage();
  return { staff, view };
}

const pageImage = (view: Page, number: number): Locator => view.getByAltText(`Page ${number} of 2 of ${FILE_NAME}`, { exact: true });

/** The share of an image's pixels that are not white: ink drawn from the document's page. */
const inkOf = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 1]! < 128 && data[i + 2]! < 128) dark += 1;
    return dark / (data.length / 4);
  });

test('the printed staff view holds the uploaded document’s pages, each on its own sheet; the screen shows the note only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const link = await applicantWithDocument(page, baseURL!, 'staff-print-pages');
  const { staff, view } = await openStaffView(browser);
  // The PDF reader runs in its own worker, within the page's Content-Security-Policy.
  const complaints: string[] = [];
  view.on('console', (message) => {
    if (/fake worker|workerSrc|Content Security Policy|Refused to/i.test(message.text())) complaints.push(message.text());
  });
  await view.goto(link);
  await expect(view.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  const statement = view.getByRole('region', { name: 'Personal Statement' });
  await expect(statement.getByText('document attached')).toBeVisible();

  // On screen: the note and its Open button, no page images.
  const open = view.getByRole('button', { name: `Open the document ${FILE_NAME} (PDF)` });
  await expect(open).toBeVisible();
  await expect(pageImage(view, 1)).toBeAttached({ timeout: 30_000 });
  await expect(pageImage(view, 1)).toBeHidden();
  await expect(pageImage(view, 2)).toBeHidden();
  await expect(view.getByRole('img')).toHaveCount(0);

  // In print: both pages, drawn from the document, named for a screen reader; no button.
  await view.emulateMedia({ media: 'print' });
  await expect(open).toBeHidden();
  await expect(statement.getByText('Its 2 pages follow.')).toBeVisible();
  await expect(view.getByRole('img', { name: /of statement\.pdf$/ })).toHaveCount(2);
  for (const number of [1, 2]) {
    const image = pageImage(view, number);
    await expect(image).toBeVisible();
    expect(await inkOf(image), `ink on page ${number}`).toBeGreaterThan(0.001);
  }
  expect(complaints).toEqual([]);
  await expectAccessible(view, 'the printed staff view with the document’s pages');
  await view.screenshot({ path: '/tmp/staffprint.png', fullPage: true });

  // On paper: the two last sheets are the document's pages, with nothing but the running head around them.
  const sheets = (await pdfText(await view.pdf({ format: 'Letter' }))).split('\f');
  expect(sheets.length).toBeGreaterThanOrEqual(3);
  const [before, first, second] = sheets.slice(-3);
  expect(before).toContain('document attached');
  for (const [index, sheet] of [first!, second!].entries()) {
    const words = sheet.replace(/Ada Lovelace · .*|Page \d+ of \d+/g, '').trim();
    expect(words, `sheet of document page ${index + 1}`).toBe('');
  }
  const printed = await PDFDocument.load(await view.pdf({ format: 'Letter' }));
  const lastSheet = await PDFDocument.create();
  const [copied] = await lastSheet.copyPages(printed, [printed.getPageCount() - 1]);
  lastSheet.addPage(copied);
  const drawn = await renderFirstPage(await lastSheet.save(), 1);
  let ink = 0;
  for (let y = 0; y < drawn.height; y += 2)
    for (let x = 0; x < drawn.width; x += 2) if (drawn.rgbAt(x, y).every((channel) => channel < 128)) ink += 1;
  expect(ink, 'ink of the document on the last sheet').toBeGreaterThan(50);

  // A phone-wide window prints the pages within its width.
  await view.setViewportSize({ width: 390, height: 844 });
  const box = await pageImage(view, 1).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await expect(pageImage(view, 2)).toBeVisible();
  await staff.close();
});

test('while the pages are prepared, and when they cannot be, the printed sheet says so and how to open the document', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const link = await applicantWithDocument(page, baseURL!, 'staff-print-failed');
  const { staff, view } = await openStaffView(browser);
  // The converted PDF is held back, then refused.
  let release: (() => Promise<void>) | undefined;
  await view.route('**/files/document?**', (route) => {
    release = () => route.abort();
  });
  await view.goto(link);
  await expect(view.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  const statement = view.getByRole('region', { name: 'Personal Statement' });
  const preparing = statement.getByText("The document's pages are still being prepared; print again in a moment.");
  await expect.poll(() => release !== undefined).toBe(true);
  await expect(preparing).toBeHidden();
  await view.emulateMedia({ media: 'print' });
  await expect(preparing).toBeVisible();

  await release!();
  const failed = statement.getByText(
    'Its pages could not be included in this print: open the staff link on screen, choose "Open the document (PDF)" and print the document from there.',
  );
  await expect(failed).toBeVisible();
  await expect(preparing).toHaveCount(0);
  await expect(view.getByAltText(/of statement\.pdf$/)).toHaveCount(0);
  await view.emulateMedia({ media: 'screen' });
  await expect(failed).toBeHidden();
  await expect(view.getByRole('button', { name: `Open the document ${FILE_NAME} (PDF)` })).toBeVisible();
  await staff.close();
});
