import { expect, test } from '@playwright/test';
import { createAccount, logInByApi, onStep, openStep, section, uniqueEmail } from './helpers/applicant';

/*
 * Issue 13: a run of checkboxes answers one question (which races, which grades), so a screen
 * reader must hear that question when it enters the run: a fieldset whose legend names it.
 */
test('the race and grade checkboxes are each a named group', async ({ page }) => {
  const email = uniqueEmail('check-groups');
  await createAccount(page.request, email);
  await logInByApi(page, email);

  await openStep(page, '/about');
  await onStep(page, '/about', 'About You');
  const races = section(page, 'Ethnicity and Race').getByRole('group', { name: 'Race' });
  await expect(races.getByRole('checkbox')).toHaveCount(5);
  await expect(races.getByRole('checkbox', { name: 'Asian', exact: true })).toBeVisible();

  await openStep(page, '/education');
  await onStep(page, '/education', 'Your Academics');
  const activity = section(page, 'Activities').getByRole('group', { name: 'Activity 1' });
  const grades = activity.getByRole('group', { name: 'Grades you took part in' });
  await expect(grades.getByRole('checkbox')).toHaveCount(4);
  await expect(grades.getByRole('checkbox', { name: '12th grade', exact: true })).toBeVisible();
  // The plan to continue is its own question, not one of the grades.
  await expect(grades.getByRole('checkbox', { name: /continue this activity/ })).toHaveCount(0);
});
