import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  ABOUT_REQUIRED as A,
  createAccount,
  logInByApi,
  onStep,
  openStep,
  saveAnswers,
  screenshot,
  section,
  select,
  serviceUrl,
  uniqueEmail,
} from './helpers/applicant';

/*
 * axe-core on the step pages (anonymous, and logged in with validation errors showing), on the
 * school search and the confirmation dialog open, and on the staff view, at a desktop width and
 * at a phone's 390 px: no serious or critical violation. Each screen is also photographed.
 */

const WIDTHS = [1280, 390] as const;
const STEPS = [
  { route: '/about', title: 'About You', name: 'about' },
  { route: '/education', title: 'Your Academics', name: 'education' },
  { route: '/final-steps', title: 'Final Steps', name: 'final-steps' },
] as const;

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

const email = uniqueEmail('a11y');

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await createAccount(request, email);
  await request.dispose();
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the step pages of an anonymous visitor', async ({ page }) => {
      for (const step of STEPS) {
        await page.goto(step.route);
        await onStep(page, step.route, step.title);
        await expectAccessible(page, `${step.route} (anonymous)`);
        await screenshot(page, `${step.name}-anonymous`);
      }
    });

    test('the step pages with validation errors showing', async ({ page }) => {
      await logInByApi(page, email);
      await saveAnswers(page, { first_name: A.first, country: 'USA', country_desc: A.country });
      // A submit with most of the application missing turns validation on.
      await openStep(page, '/final-steps');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('region', { name: "We're missing some information!" })).toBeVisible();
      for (const step of STEPS) {
        await openStep(page, step.route);
        await onStep(page, step.route, step.title);
        await expect(page.locator('.q-field--invalid').first()).toBeVisible();
        await expectAccessible(page, `${step.route} (errors)`);
        await screenshot(page, `${step.name}-errors`);
      }
    });

    test('the school search list and the confirmation dialog', async ({ page }) => {
      await logInByApi(page, email);
      await openStep(page, '/education');
      const school = select(section(page, 'High School'), 'High school name');
      // The other width's run kept "Lincoln" (Escape keeps a typed name): typing it again must change the field.
      await school.fill('');
      await school.fill('Lincoln');
      await expect(page.getByRole('option', { name: /^Use: Lincoln/ })).toBeVisible();
      await expectAccessible(page, 'school search open');
      await screenshot(page, 'education-school-search', { fullPage: false });
      await page.keyboard.press('Escape');

      await openStep(page, '/about');
      await section(page, 'Personal Information').getByRole('button', { name: 'Add my Social Security number' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Social Security number' })).toBeVisible();
      await expectAccessible(page, 'confirmation dialog');
      await screenshot(page, 'about-ssn-dialog', { fullPage: false });
    });

    test('the staff view', async ({ browser, baseURL }) => {
      const staff = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await staff.newPage();
      await page.goto(serviceUrl(email, baseURL!));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'service view');
      await screenshot(page, 'service-a11y');
      await staff.close();
    });
  });
}
