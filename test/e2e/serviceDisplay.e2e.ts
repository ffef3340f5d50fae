import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { PDFDocument } from 'pdf-lib';
import { createAccount, logInByApi, saveAnswers, screenshot, section, serviceUrl, uniqueEmail } from './helpers/applicant';

/*
 * What staff read in the staff view: the catalogue's label for every stored choice (never the
 * display text stored beside it), the school's city and country, ticked checkboxes under their
 * question, dates in the PDF copy's words, and answers that cannot reorder what is around them.
 */

/**
 * Writes answers straight into the stored application, as rows saved before the server checked
 * them would be: the view must not trust them even when they are there.
 */
function storeDirectly(email: string, answers: Record<string, string>, fileName?: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts.');
  const db = new Database(join(dataDir, 'admissions.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare(
        'UPDATE applications SET answers = json_patch(answers, ?), version = version + 1 WHERE user_id = (SELECT id FROM users WHERE username = ?)',
      )
      .run(JSON.stringify(answers), email.toLowerCase());
    expect(changed.changes).toBe(1);
    if (fileName !== undefined) {
      db.prepare('UPDATE documents SET file_name = ? WHERE user_id = (SELECT id FROM users WHERE username = ?)').run(
        fileName,
        email.toLowerCase(),
      );
    }
  } finally {
    db.close();
  }
}

test('staff read the catalogue label of each choice, the school where it is, races under "Race" and visible bidi controls', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('service-display');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, {
    first_name: 'Linh',
    last_name: 'Nguyen',
    birth_date: '2008-05-17',
    city: 'Springfield',
    country: 'USA',
    race_asian: true,
    hs_name: 'Trường THPT Chuyên Lê Hồng Phong',
    hs_address_line_1: '235 Nguyễn Văn Cừ',
    hs_city: 'Ho Chi Minh City',
    hs_country: 'Vietnam',
    applied_major: 'BIO',
    conviction: 'Y',
    conviction_comment: 'A fine for fishing without a licence.',
  });
  storeDirectly(email, {
    country_desc: 'Approved by Dean',
    applied_major_desc: 'Biology (ADMITTED - Dean)',
    conviction_desc: 'No',
    city: 'Spring\u202Efield',
  });

  const staff = await page.context().browser()!.newContext();
  const view = await staff.newPage();
  await view.goto(serviceUrl(email, baseURL!));
  await expect(view.getByRole('heading', { level: 1, name: 'Linh Nguyen' })).toBeVisible();

  // The stored value's label from the catalogue; the contradicting display texts appear nowhere.
  const main = view.getByRole('main');
  await expect(main).not.toContainText('Approved by Dean');
  await expect(main).not.toContainText('ADMITTED');
  await expect(view.locator('#country dd')).toHaveText('United States');
  await expect(view.locator('#applied_major dd')).toHaveText('Biology');
  await expect(view.locator('#conviction dd')).toHaveText('Yes');
  await expect(view.locator('#conviction_comment dd')).toHaveText('A fine for fishing without a licence.');

  // The same words for a date as the PDF copy.
  await expect(view.locator('#birth_date dd')).toHaveText('May 17, 2008');

  // A bidirectional control is shown, not obeyed, and the answer is isolated from its neighbours.
  await expect(view.locator('#city dd')).toHaveText('Spring[U+202E]field');
  await expect(view.locator('#city dd bdi')).toHaveCount(1);

  // The school can be told apart without a CEEB code; only its street address is left out.
  const school = view.getByRole('region', { name: 'High School' });
  await expect(school.locator('#hs_city dt')).toHaveText('School city');
  await expect(school.locator('#hs_city dd')).toHaveText('Ho Chi Minh City');
  await expect(school.locator('#hs_country dd')).toHaveText('Vietnam');
  await expect(school.getByText('235 Nguyễn Văn Cừ')).toHaveCount(0);

  // A ticked race under its question.
  const races = view.getByRole('region', { name: 'Ethnicity and Race' });
  const race = races.locator('.q-static', { has: view.locator('#race_asian') });
  await expect(race.locator('dt')).toHaveText('Race');
  await expect(race.locator('#race_asian')).toHaveText('✓ Asian');

  for (const width of [1280, 390]) {
    await view.setViewportSize({ width, height: 900 });
    await expect(school.locator('#hs_country dd')).toBeVisible();
    await expectAccessible(view, `the staff view at ${width} px`);
    await screenshot(view, 'service-display');
    await view.screenshot({ path: `/tmp/service-display-${width}.png`, fullPage: true });
  }
  await staff.close();
});

test('a file name with a right-to-left override reads to staff as stored, not as another type', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('service-bidi-file');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, { first_name: 'File', last_name: 'Name' });
  await page.goto('/education');
  const essay = section(page, 'Personal Statement');
  await essay.getByRole('tab', { name: 'Upload a document' }).click();
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('My personal statement.');
  await essay.getByLabel(/Personal statement document/).setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await pdf.save()),
  });
  await expect(essay.getByRole('button', { name: 'Delete statement.pdf' })).toBeVisible({ timeout: 30_000 });
  // Stored before names with bidirectional controls were refused: "cv‮fdp.exe" reads as "cvexe.pdf".
  storeDirectly(email, {}, 'cv\u202Efdp.exe');

  const staff = await page.context().browser()!.newContext();
  const view = await staff.newPage();
  await view.goto(serviceUrl(email, baseURL!));
  const statement = view.getByRole('region', { name: 'Personal Statement' });
  await expect(statement.getByText('document attached')).toBeVisible();
  await expect(statement.locator('.q-static__document bdi')).toHaveText('cv[U+202E]fdp.exe');
  await expect(view.getByRole('button', { name: 'Open the document cv[U+202E]fdp.exe (PDF)' })).toBeVisible();
  await expect(view.getByRole('main')).not.toContainText('\u202E');
  await expectAccessible(view, 'the staff view with a neutralised file name');
  await staff.close();
});
