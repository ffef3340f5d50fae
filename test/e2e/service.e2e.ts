import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { pdfText } from '../server/helpers/pdfText';
import { createAccount, logInByApi, saveAnswers, screenshot, serviceUrl, uniqueEmail, uploadStatement } from './helpers/applicant';

/*
 * Sections 1 and 6: staff open the applicant's answers with a service token and read them in a
 * print layout — static text and check marks, a 'document attached' note, the sections that
 * hold answers — with nothing to press, type into, follow or tab to.
 */

const email = uniqueEmail('service');

const ANSWERS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  gender: 'F',
  gender_desc: 'Female',
  birth_date: '2007-12-09',
  phone_mobile: '(555) 234-5678',
  ssn: '123-45-6789',
  address_line_1: '12 Elm Street',
  city: 'Springfield',
  state: 'Illinois',
  state_desc: 'Illinois',
  zip: '62701',
  country: 'USA',
  country_desc: 'United States',
  race_asian: true,
  race_white: false,
  hs_name: 'Lincoln High School (Demo)',
  hs_city: 'Springfield',
  hs_ceeb: '990001',
  entry_term: '2027FA',
  entry_term_desc: 'Fall 2027',
};

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await createAccount(request, email);
  await request.dispose();
});

test('the service view shows the answers read-only, with nothing interactive but the document to open', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await logInByApi(page, email);
  await saveAnswers(page, ANSWERS);
  await uploadStatement(page);

  // A fresh browser context, as a staff member opening the link would have.
  const staff = await page.context().browser()!.newContext();
  const view = await staff.newPage();
  await view.goto(serviceUrl(email, baseURL!));

  await expect(view.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  const personal = view.getByRole('region', { name: 'Personal Information' });
  await expect(personal.getByText('Hopper', { exact: true })).toBeVisible();
  await expect(personal.getByText('Female', { exact: true })).toBeVisible();
  await expect(personal.getByText('December 9, 2007')).toBeVisible();
  // Sensitive answers stay masked for staff.
  await expect(personal.getByText('•••-••-6789')).toBeVisible();
  await expect(personal.getByText('123-45-6789')).toHaveCount(0);

  // Addresses are shown; of the school's address only its city and country (its street lines are not).
  const address = view.getByRole('region', { name: 'Address' });
  await expect(address.getByText('12 Elm Street')).toBeVisible();
  await expect(address.getByText('United States')).toBeVisible();
  const school = view.getByRole('region', { name: 'High School' });
  await expect(school.getByText('Lincoln High School (Demo)')).toBeVisible();
  await expect(school.locator('#hs_city')).toContainText('Springfield');

  // Ticked checkboxes under the question they answer.
  const races = view.getByRole('region', { name: 'Ethnicity and Race' });
  const asian = races.locator('#race_asian');
  await expect(asian).toContainText('✓');
  await expect(races.locator('.q-static', { has: view.locator('#race_asian') }).locator('dt')).toHaveText('Race');
  // Unanswered questions are left out rather than printed as "—" or "✗" (issue 13).
  await expect(races.locator('#race_white')).toHaveCount(0);
  await expect(personal.getByText('Middle name')).toHaveCount(0);
  await expect(personal.getByText('Not answered')).toHaveCount(0);

  // The uploaded statement is a note, not a link; sections without answers are left out.
  await expect(view.getByRole('region', { name: 'Personal Statement' }).getByText('document attached')).toBeVisible();
  await expect(view.getByRole('region', { name: 'Religion' })).toHaveCount(0);
  await expect(view.getByRole('region', { name: 'Legal and Conduct' })).toHaveCount(0);

  // Nothing to operate but one thing (issue 13): the uploaded document opens for staff, on screen only.
  const open = view.getByRole('button', { name: 'Open the document statement.pdf (PDF)' });
  await expect(open).toBeVisible();
  await expect(view.locator('button, input, select, textarea, a[href], [contenteditable="true"]')).toHaveCount(1);
  const tabStops = await view.evaluate(
    () => [...document.querySelectorAll<HTMLElement>('[tabindex]')].filter((el) => el.tabIndex >= 0).length,
  );
  expect(tabStops).toBe(0);
  await expect(view.locator('header, footer, nav, hr, dialog, [role="dialog"], [role="separator"], [role="navigation"]')).toHaveCount(0);
  const download = view.waitForEvent('download');
  await open.click();
  const file = await download;
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(await pdfText(bytes)).toContain('My personal statement.');
  // The printed sheet has nothing to press.
  const printNote = view.getByText('Its page follows.');
  await expect(printNote).toBeHidden();
  await view.emulateMedia({ media: 'print' });
  await expect(open).toBeHidden();
  // The sheet says where the document's own pages are: they follow (servicePrintDocument.e2e.ts).
  await expect(printNote).toBeVisible();
  await expect(view.getByRole('img', { name: 'Page 1 of 1 of statement.pdf' })).toBeVisible();
  await view.emulateMedia({ media: 'screen' });
  await expectAccessible(view, 'the staff view with its document button');

  await screenshot(view, 'service');
  await view.setViewportSize({ width: 390, height: 844 });
  await screenshot(view, 'service');
  await staff.close();
});

test('every printed page names the applicant', async ({ page, baseURL }) => {
  await logInByApi(page, email);
  // Long answers, so the print runs over several pages.
  const essay = 'I built a weather station with my grandmother and learned to read the sky. '.repeat(90);
  expect((await page.request.put('/api/tabs', { data: { tab_id: 'personal_statement', chosen_tab: 'write' } })).ok()).toBe(true);
  await saveAnswers(page, { ...ANSWERS, personal_statement_essay: essay });

  const staff = await page.context().browser()!.newContext();
  const view = await staff.newPage();
  await view.goto(serviceUrl(email, baseURL!));
  await expect(view.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  const pdf = await view.pdf({ format: 'Letter' });
  const pages = (await pdfText(pdf)).split('\f');
  expect(pages.length).toBeGreaterThan(1);
  pages.forEach((text, index) => {
    expect(text, `page ${index + 1}`).toContain('Grace Hopper');
    expect(text, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
  });
  await staff.close();
});

test('a staff link on an auth route or /completion shows the read-only view, never the applicant screens', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await logInByApi(page, email);
  await saveAnswers(page, ANSWERS);
  const staff = await page.context().browser()!.newContext();
  const view = await staff.newPage();
  const link = new URL(serviceUrl(email, baseURL!));
  for (const route of ['/login', '/signup', '/confirm', '/forgot', '/reset', '/completion']) {
    link.pathname = route;
    await view.goto(link.toString());
    await expect(view.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible({ timeout: 30_000 });
    await expect(view).toHaveURL(new RegExp(`/about\\?service_token=${link.searchParams.get('service_token')}$`));
    await expect(view.locator('section.auth-card, form, header, nav')).toHaveCount(0);
  }
  await staff.close();
});
