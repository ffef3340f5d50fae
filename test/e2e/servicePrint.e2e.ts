import { expect, test } from '@playwright/test';
import { renderFirstPage } from '../server/helpers/pdfText';
import { createAccount, logInByApi, saveAnswers, serviceUrl, uniqueEmail } from './helpers/applicant';

/*
 * The staff print is a document on white paper: where the answers end, the page stays blank, even
 * when the browser prints background colours (the page's grey is for the screen).
 */

test('the staff print ends on white paper, not in a grey block', async ({ page, baseURL }) => {
  const email = uniqueEmail('service-print');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, { first_name: 'Paper', last_name: 'White', city: 'Springfield' });
  const staff = await page.context().browser()!.newContext();
  const view = await staff.newPage();
  await view.goto(serviceUrl(email, baseURL!));
  await expect(view.getByRole('heading', { level: 1, name: 'Paper White' })).toBeVisible();

  const pdf = await view.pdf({ format: 'Letter', printBackground: true });
  // Letter at 72 dpi is 612 × 792 points; the answers fill the top of the page, the rest is blank.
  const sheet = await renderFirstPage(pdf, 1);
  const notWhite: string[] = [];
  for (let y = Math.round(sheet.height * 0.5); y < sheet.height - 60; y += 12) {
    for (let x = 60; x < sheet.width - 60; x += 12) {
      const [r, g, b] = sheet.rgbAt(x, y);
      if (r! < 250 || g! < 250 || b! < 250) notWhite.push(`(${x}, ${y}): rgb(${r}, ${g}, ${b})`);
    }
  }
  expect(notWhite.slice(0, 5)).toEqual([]);
  await staff.close();
});
