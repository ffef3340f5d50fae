import { expect, test, type Page } from '@playwright/test';
import { collegeThemeMarkup } from '../../server/http/collegeThemeMarkup';
import { createAccount, logInByApi, onStep, openStep, section, textbox, uniqueEmail } from './helpers/applicant';
import { saveScreenshot } from './helpers/screenshots';

/*
 * Issue 13 §10: the page wears the college's theme. The server writes it into the page
 * (test/server/collegeTheme.test.ts); here the same markup is put on a page to check that the
 * components read it: the input variant and the shades of the colours.
 */
async function wear(page: Page, theme: Parameters<typeof collegeThemeMarkup>[0]): Promise<void> {
  const markup = collegeThemeMarkup(theme);
  await page.evaluate(({ head, htmlAttributes }) => {
    document.head.insertAdjacentHTML('beforeend', head);
    const [name, value] = htmlAttributes.split('=');
    if (name && value) document.documentElement.setAttribute(name, JSON.parse(value) as string);
  }, markup);
}

test('inputs are outlined by default and underlined when the college says so; colours follow its shades', async ({ page }) => {
  const email = uniqueEmail('theme');
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await openStep(page, '/about');
  await onStep(page, '/about', 'About You');
  const firstName = textbox(section(page, 'Personal Information'), 'First name');
  const next = page.getByRole('button', { name: 'Next' });

  await expect(firstName).toHaveCSS('border-top-width', '1px');
  await expect(firstName).toHaveCSS('border-bottom-width', '1px');

  await wear(page, { inputVariant: 'underlined', colours: { primary: { main: '#5b2a86' } } });
  await expect(firstName).toHaveCSS('border-top-width', '0px');
  await expect(firstName).toHaveCSS('border-left-width', '0px');
  await expect(firstName).toHaveCSS('border-bottom-width', '2px');
  await expect(next).toHaveCSS('background-color', 'rgb(91, 42, 134)');
  await saveScreenshot(page, 'theme-underlined', { fullPage: false });
});

test('the log-in card reads the same variant', async ({ page }) => {
  await page.goto('/login');
  const username = page.getByLabel('Email address', { exact: true });
  await expect(username).toHaveCSS('border-top-width', '1px');
  await wear(page, { inputVariant: 'underlined' });
  await expect(username).toHaveCSS('border-top-width', '0px');
  await expect(username).toHaveCSS('border-bottom-width', '2px');
});
