import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEFAULT_MAX_LENGTH } from '../../src/catalogue/limits';
import { QUESTION_BY_KEY, maxLengthFor } from '../../src/catalogue/questions';
import { completeApplication } from '../fixtures/completeApplication';
import { expectAccessible } from './helpers/axe';
import {
  PASSWORD,
  codeFor,
  createAccount,
  logInByApi,
  onStep,
  openStep,
  radio,
  saveAnswers,
  screenshot,
  section,
  textbox,
  uniqueEmail,
} from './helpers/applicant';

/*
 * What a new applicant stumbled on: a long answer cut without a word, focus lost after a dialog or
 * on the popover's first open, a logout shown as an error, a toast left over from logging in, a
 * focus ring too faint on white, a sign-up card without an error summary or a way to see the
 * password, two sibling groups with the same names, the completion page's thanks said twice and its
 * time in UTC only. Each at a desktop's 1280 px and a phone's 390 px, with axe.
 */

const WIDTHS = [1280, 390] as const;
const VIETNAMESE_SCHOOL = 'Trường THPT Chuyên Lê Hồng Phong, TP. Hồ Chí Minh';

async function loggedInOn(page: Page, tag: string, route: string, title: string): Promise<string> {
  const email = uniqueEmail(tag);
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await openStep(page, route);
  await onStep(page, route, title);
  await expect(page.getByText('Loading the page…')).toHaveCount(0, { timeout: 30_000 });
  return email;
}

/** WCAG contrast ratio of two sRGB colours. */
function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]) => {
    const [r, g, b2] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The best contrast against white among the colours the focused element's ring is drawn in (box-shadow and outline). */
async function focusRingContrast(target: Locator): Promise<number> {
  const colours = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const ring = `${style.boxShadow} ${style.outlineStyle === 'none' ? '' : style.outlineColor}`;
    return [...ring.matchAll(/rgba?\((\d+), (\d+), (\d+)/g)].map((match) => [Number(match[1]), Number(match[2]), Number(match[3])]);
  });
  expect(colours.length, 'the focused element draws a focus ring').toBeGreaterThan(0);
  return Math.max(...colours.map((colour) => contrast(colour, [255, 255, 255])));
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 120_000 });

    test('a long answer is never cut: the count says how many characters are left or too many', async ({ page }) => {
      await loggedInOn(page, `count-${width}`, '/education', 'Your Academics');
      const school = section(page, 'High School');

      // A single-line answer past its limit: all of it stays, and the field says by how much it is over.
      const limit = maxLengthFor(QUESTION_BY_KEY.get('counselor_first_name')!, { essayLimit: DEFAULT_MAX_LENGTH })!;
      const counselor = textbox(school, "Counselor's first name");
      const long = 'Nguyễn Thị Minh Khai '.repeat(10).slice(0, limit + 5);
      await counselor.fill(long);
      await expect(counselor).toHaveValue(long);
      await expect(counselor).not.toHaveAttribute('maxlength', /.*/);
      const field = page.locator('#counselor_first_name');
      await expect(field.getByText('You have 5 characters too many')).toBeVisible();
      // Screen readers hear the limit with the field, and the count once typing pauses.
      await expect(counselor).toHaveAccessibleDescription(new RegExp(`You can enter up to ${limit} characters`));
      await expect(page.getByTestId('q-counselor_first_name-count-announcement')).toHaveText('You have 5 characters too many');
      await counselor.fill(long.slice(0, limit - 5));
      await expect(field.getByText('You have 5 characters remaining')).toBeVisible();
      await expectAccessible(page, 'a field with its character count');
      await counselor.fill(long);
      await counselor.scrollIntoViewIfNeeded();
      await screenshot(page, 'character-count-over', { fullPage: false });

      // The school search keeps a long name whole (it used to stop at 45 characters).
      const name = school.getByRole('combobox', { name: /High school name/ });
      await name.fill(VIETNAMESE_SCHOOL);
      await expect(name).toHaveValue(VIETNAMESE_SCHOOL);
      await expect(name).not.toHaveAttribute('maxlength', /.*/);
      await name.press('Escape');
      // Kept as typed once the list is left, whole.
      await expect(name).toHaveValue(VIETNAMESE_SCHOOL);
    });

    test('closing the Remove dialog with Cancel or Escape gives focus back to its Remove button', async ({ page }) => {
      await loggedInOn(page, `remove-focus-${width}`, '/about', 'About You');
      const parents = section(page, 'Parents and Guardians');
      await parents.getByRole('button', { name: 'Add another parent or guardian' }).click();
      const remove = parents.getByRole('button', { name: 'Remove Parent 2/Guardian 2' });
      const dialog = page.getByRole('alertdialog', { name: /Remove “Parent 2\/Guardian 2”/ });

      await remove.click();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page, 'the remove dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(remove).toBeFocused();

      await page.keyboard.press('Enter');
      // Open means focus is inside: Escape is heard from then on, as it is by a person who sees it.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(remove).toBeFocused();
      await expect(parents.getByRole('group', { name: /^Parent 2/ })).toHaveCount(1);
    });

    test('the Account popover focuses Close on its first open too', async ({ page }) => {
      await page.goto('/about');
      await onStep(page, '/about', 'About You');
      await page.getByRole('button', { name: 'Account' }).click();
      const popover = page.getByRole('dialog', { name: 'Account' });
      await expect(popover.getByRole('button', { name: 'Close' })).toBeFocused();
      await expectAccessible(page, 'the Account popover');
      await page.keyboard.press('Escape');
      await expect(popover).toBeHidden();
    });

    test('a logout the applicant chose is a neutral notice, not an error', async ({ page }) => {
      await loggedInOn(page, `logout-${width}`, '/about', 'About You');
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      const notice = page.getByTestId('card-notice');
      await expect(notice).toContainText('You have logged out.');
      await expect(notice).toHaveAttribute('role', 'status');
      await expect(notice).not.toContainText('Error');
      await expect(notice).toHaveClass(/notice--info/);
      await expectAccessible(page, 'Log In after logging out');
      await screenshot(page, 'logout-notice', { fullPage: false });
    });

    test('the sign-up card: an error summary on a refused submit, and a Show password button', async ({ page }) => {
      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
      await page.getByLabel('Email address', { exact: true }).fill('not-an-address');
      await page.getByRole('button', { name: 'Submit' }).click();
      const summary = page.getByRole('group', { name: 'There is a problem' });
      await expect(summary).toBeFocused();
      const links = summary.getByRole('link');
      await expect(links).toHaveCount(2);
      await expectAccessible(page, 'the sign-up error summary');
      await screenshot(page, 'signup-error-summary', { fullPage: false });
      await links.nth(1).click();
      const password = page.getByLabel('Password', { exact: true });
      await expect(password).toBeFocused();

      await password.fill(PASSWORD);
      await expect(password).toHaveAttribute('type', 'password');
      const show = page.getByRole('button', { name: 'Show password' });
      await expect(show).toHaveAttribute('aria-pressed', 'false');
      await show.click();
      await expect(password).toHaveAttribute('type', 'text');
      // The same name, pressed: a screen reader hears "Show password, toggle button, pressed".
      await expect(page.getByRole('button', { name: 'Show password', pressed: true })).toBeVisible();
      await show.click();
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByLabel('Email address', { exact: true }).fill(uniqueEmail(`summary-${width}`));
      // Every message fixed: the summary goes.
      await expect(summary).toHaveCount(0);
    });

    test('the two sibling groups have headings and buttons of their own', async ({ page }) => {
      await loggedInOn(page, `siblings-${width}`, '/about', 'About You');
      const siblings = section(page, 'Siblings');
      await radio(siblings, /attend this college now/, 'Yes').check();
      await radio(siblings, /also applying/, 'Yes').check();
      await expect(siblings.getByRole('group', { name: 'Sibling at this college 1', exact: true })).toBeVisible();
      await expect(siblings.getByRole('group', { name: 'Sibling applying 1', exact: true })).toBeVisible();
      await expect(siblings.getByRole('group', { name: 'Sibling 1', exact: true })).toHaveCount(0);
      await expect(siblings.getByRole('button', { name: 'Add another sibling at this college' })).toHaveCount(1);
      await expect(siblings.getByRole('button', { name: 'Add another sibling applying' })).toHaveCount(1);
      await expectAccessible(page, 'the two sibling groups');
    });
  });
}

test('the country is asked before the State and ZIP it decides on', async ({ page }) => {
  await page.goto('/about');
  await onStep(page, '/about', 'About You');
  const address = section(page, 'Address');
  const country = address.getByRole('combobox', { name: /^Country/ });
  const zip = textbox(address, 'ZIP/Postal Code');
  const before = await country.evaluate(
    (element, other) => Boolean(element.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING),
    await zip.elementHandle(),
  );
  expect(before, 'Country comes before ZIP').toBe(true);
  await country.selectOption({ label: 'United States' });
  const state = address.getByRole('combobox', { name: /^State or province/ });
  await expect(state).toBeVisible();
  expect(
    await country.evaluate(
      (element, other) => Boolean(element.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING),
      await state.elementHandle(),
    ),
    'the State field appears after the Country',
  ).toBe(true);
});

test('the focus ring stands at least 3:1 off white, on a field and on a button', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  const email = page.getByLabel('Email address', { exact: true });
  await email.focus();
  expect(await focusRingContrast(email)).toBeGreaterThanOrEqual(3);
  await page.getByLabel('Password', { exact: true }).focus();
  await page.keyboard.press('Tab');
  const show = page.getByRole('button', { name: 'Show password' });
  await expect(show).toBeFocused();
  expect(await focusRingContrast(show)).toBeGreaterThanOrEqual(3);

  await page.goto('/about');
  await onStep(page, '/about', 'About You');
  const firstName = textbox(section(page, 'Personal Information'), 'First name');
  await firstName.focus();
  expect(await focusRingContrast(firstName)).toBeGreaterThanOrEqual(3);
});

test('the confirmation toast goes once the applicant logs in', async ({ page }) => {
  const email = uniqueEmail('stale-toast');
  expect((await page.request.post('/public/signup', { data: { username: email, password: PASSWORD } })).ok()).toBe(true);
  const code = await codeFor(email);
  // The page's clock is the test's: the toast's own 5 s cannot end it while the applicant logs in.
  await page.clock.install();
  await page.goto('/confirm');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Confirmation code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const toast = page.getByTestId('toast').filter({ hasText: 'Your account is confirmed. Please log in.' });
  await expect(toast).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
  // Gone at login, not at the end of its 5 s: it no longer lingers over the form and the footer's links.
  await expect(toast).toHaveCount(0);
  await page.clock.resume();
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible({ timeout: 20_000 });
});

test.describe('the completion page', () => {
  test.use({ timezoneId: 'Asia/Ho_Chi_Minh' });
  test.describe.configure({ timeout: 120_000 });

  for (const width of WIDTHS) {
    test(`thanks the applicant once and shows the submission time in their own time zone too, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      const email = uniqueEmail(`completion-${width}`);
      await createAccount(page.request, email);
      await logInByApi(page, email);
      await saveAnswers(page, completeApplication);
      expect((await page.request.post('/api/web-status', { data: { web_status: 'started' } })).ok()).toBe(true);
      expect((await page.request.post('/api/submit')).ok()).toBe(true);
      await page.goto('/completion');
      await expect(page.getByRole('heading', { level: 1, name: 'Your application was successfully submitted.' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText(/Thank you for applying/)).toHaveCount(1);
      const submitted = page.locator('.completion__facts').getByRole('definition').first();
      await expect(submitted).toContainText('UTC');
      await expect(submitted).toContainText(/Your time: .* (AM|PM) \(Asia\/(Ho_Chi_Minh|Saigon), GMT\+7\)/);
      await expectAccessible(page, 'the completion page');
      await screenshot(page, 'completion-local-time', { fullPage: false });
    });
  }
});

test('a graduation year after the entry term is refused, with a message that says why', async ({ page }) => {
  const email = uniqueEmail('grad-year');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, {
    ...completeApplication,
    entry_term: '2027FA',
    entry_term_desc: 'Fall 2027',
    grad_year: '2030',
    grad_year_desc: '2030',
  });
  const response = await page.request.post('/api/submit');
  expect(response.status()).toBe(422);
  expect(await response.text()).toContain('You chose 2030 as your graduation year, after 2027');

  await openStep(page, '/education');
  await onStep(page, '/education', 'Your Academics');
  const years = section(page, 'High School').getByRole('combobox', { name: /^Graduation year/ });
  const labels = await years.locator('option').allTextContents();
  // Nearest first: the coming graduation year, not the furthest one.
  const now = new Date();
  const expected = now.getFullYear() + (now.getMonth() + 1 >= 7 ? 1 : 0);
  expect(labels[1]).toBe(String(expected));
});

/*
 * The review's failed submit from Final Steps went to About You because About You had an error of
 * its own: the parent's international number, refused then. With that number accepted, the first
 * page with missing items is Final Steps itself, and the submit stays there.
 */
test("a failed submit from Final Steps stays there when only Final Steps misses answers, a parent's number from abroad included", async ({
  page,
}) => {
  const email = uniqueEmail('submit-final-steps');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, {
    ...completeApplication,
    parent_phone: '+84 903 111 222',
    conviction: '',
    conviction_desc: '',
    legal_agree: false,
  });
  await openStep(page, '/final-steps');
  await onStep(page, '/final-steps', 'Final Steps');
  await page.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByTestId('missing-information');
  await expect(summary).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(summary.getByRole('link')).toHaveCount(2);
  await expect(summary.getByRole('link', { name: /phone/i })).toHaveCount(0);
});
