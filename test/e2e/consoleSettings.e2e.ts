import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { signedInStaff } from './helpers/staff';

/*
 * The college's settings in the console, for admins: what applicants' pages use, from the
 * college configuration file the server started with, and where to change it.
 */

test("an admin reads the college's settings from the header; they are the configuration's", async ({ page, baseURL }) => {
  await signedInStaff(page, baseURL!, 'admin', 'console-settings');
  const college = (await (await page.request.get('/public/college')).json()) as {
    name: string;
    essayLimit: number;
    majors: { label: string }[];
  };

  // Reached from the header by keyboard.
  const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'College settings' })).toBeVisible();
  await expect(page.getByText('COLLEGE_CONFIG')).toBeVisible();

  const theCollege = page.getByRole('region', { name: 'The college' });
  await expect(theCollege.getByRole('definition').filter({ hasText: college.name }).first()).toBeVisible();
  const application = page.getByRole('region', { name: 'The application' });
  await expect(application.getByText(`${college.essayLimit.toLocaleString('en-US')} characters`)).toBeVisible();
  const choices = page.getByRole('region', { name: 'Choices offered to applicants' });
  for (const major of college.majors) await expect(choices.getByText(major.label, { exact: false }).first()).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `the college settings at ${width} px`);
    await saveScreenshot(page, 'console-settings');
  }
});

test('a reader is offered no settings, and their address says only admins see them', async ({ page, baseURL }) => {
  await signedInStaff(page, baseURL!, 'reader', 'console-settings-reader');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Applications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/staff/settings');
  await expect(page.getByRole('alert')).toHaveText('Only admins can see the college settings.');
  await expect(page.getByText('COLLEGE_CONFIG')).toHaveCount(0);
  await expectAccessible(page, "a reader's settings address");
});
