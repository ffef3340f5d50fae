import { expect, test } from '@playwright/test';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, logInByApi, saveAnswers, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { signedInStaff } from './helpers/staff';

/*
 * Reviews, a decision and a release in the console, in real browsers against the real server: a
 * reviewer reads blind until their review is in, an admin records the decision, rehearses and
 * prepares a release, a second admin approves it, and it is recalled before its time.
 * The waitlist is this test's own decision code: no other browser test releases it.
 */
test('a blind review, a decision, and a release rehearsed, approved by a second admin and recalled', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const applicant = uniqueEmail('reviewed');
  await createAccount(page.request, applicant);
  await logInByApi(page, applicant);
  await saveAnswers(page, { ...completeApplication, first_name: 'Rosa', last_name: 'Díaz' });
  await setWebStatus(page.request, 'started', 'validating');
  expect((await page.request.post('/api/submit')).ok()).toBe(true);
  await page.context().clearCookies();

  // Another reviewer's review is in first.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signedInStaff(otherPage, baseURL!, 'reviewer', 'other-reviewer');
  const found = (await (await otherPage.request.get(`/api/staff/applications?q=${encodeURIComponent(applicant)}`)).json()) as {
    applications: { id: number }[];
  };
  const id = found.applications[0]!.id;
  const earlier = await otherPage.request.post(`/api/staff/applications/${id}/reviews`, {
    data: { ratings: { academics: 5, essay: 4 }, recommendation: 'admit', comment: 'An earlier, strong read.' },
  });
  expect(earlier.status()).toBe(201);

  // The reviewer reads blind, then reviews in the page, then sees the other review.
  await signedInStaff(page, baseURL!, 'reviewer', 'blind-reviewer');
  await page.goto(`/staff/applications/${id}`);
  const evaluation = page.getByRole('region', { name: 'Reviews and decision' });
  await expect(evaluation.getByText('Other reviews stay hidden until your own review is in')).toBeVisible();
  await expect(page.getByText('An earlier, strong read.')).toHaveCount(0);
  await evaluation.getByRole('button', { name: 'Submit the review' }).click();
  await expect(evaluation.getByText('Write a comment on this application.')).toBeVisible();
  await evaluation.getByLabel('Academics (1–5)').selectOption('3');
  await evaluation.getByLabel('Essay (1–5)').selectOption('3');
  await evaluation.getByRole('radio', { name: 'Waitlist' }).check();
  await evaluation.getByLabel('Comment').fill('Solid, not yet convincing.');
  await evaluation.getByRole('button', { name: 'Submit the review' }).click();
  await expect(evaluation.getByText('An earlier, strong read.')).toBeVisible();
  await expect(evaluation.getByText('Flagged for committee', { exact: false })).toBeVisible();
  await evaluation.getByLabel('Add a note').fill('Asked the counselor for the final transcript.');
  await evaluation.getByRole('button', { name: 'Add the note' }).click();
  await expect(evaluation.getByText('Asked the counselor for the final transcript.')).toBeVisible();
  await expect(evaluation.getByLabel('Add a note')).toHaveValue('');
  await expectAccessible(page, 'an application page with its reviews and notes');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await evaluation.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'console-reviews', { fullPage: true });
  }
  await other.close();

  // An admin records the decision, the committee settling the disagreement, and rehearses a release.
  const preparing = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await preparing.newPage();
  await signedInStaff(admin, baseURL!, 'admin', 'release-preparer');
  await admin.goto(`/staff/applications/${id}`);
  const decision = admin.getByRole('region', { name: 'Reviews and decision' });
  await decision.getByLabel('Record a decision').selectOption({ label: 'Waitlist' });
  await decision.getByRole('checkbox', { name: /committee settled/ }).check();
  await decision.getByRole('button', { name: 'Record the decision' }).click();
  await expect(decision.getByText('recorded by', { exact: false })).toContainText('Waitlist');

  await admin.getByRole('link', { name: 'Releases' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Decision releases' })).toBeVisible();
  await admin.getByRole('button', { name: 'Rehearse the release' }).click();
  await expect(admin.getByText('Choose at least one decision to release.')).toBeVisible();
  await admin.getByRole('checkbox', { name: 'Waitlist' }).check();
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await admin.getByLabel('Goes out at (your time)').fill(local);
  await admin.getByRole('button', { name: 'Rehearse the release' }).click();
  const rehearsal = admin.getByRole('region', { name: /^Rehearsal/ });
  await expect(rehearsal.getByText('The rehearsal found nothing wrong.')).toBeVisible();
  const waitlistRow = rehearsal.getByRole('row', { name: /Waitlist/ });
  await expect(waitlistRow.getByRole('cell').nth(0)).toHaveText('1');
  await expect(waitlistRow.getByRole('cell').nth(1)).toHaveText('1');
  await rehearsal.getByRole('button', { name: 'Prepare for approval' }).click();
  await expect(admin.getByText('The release is prepared. A second admin must approve it')).toBeVisible();
  await expect(admin.getByText('Another admin must approve it.')).toBeVisible();

  // A second admin approves; the preparer recalls it before its time.
  const approving = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await approving.newPage();
  await signedInStaff(second, baseURL!, 'admin', 'release-approver');
  await second.goto('/staff/releases');
  // Other browser tests release admit letters on the same server: this test's release is its waitlist one.
  const ours = (page: typeof second) => page.getByRole('row').filter({ hasText: 'Waitlist: 1' });
  await ours(second)
    .getByRole('button', { name: /^Approve release \d+$/ })
    .click();
  await expect(second.getByText('The release is approved: it goes out at its time')).toBeVisible();
  await expectAccessible(second, 'the decision releases with an approved release');
  for (const width of WIDTHS) {
    await second.setViewportSize({ width, height: 900 });
    await saveScreenshot(second, 'console-releases', { fullPage: true });
  }
  await admin.reload();
  await ours(admin)
    .getByRole('button', { name: /^Recall release \d+$/ })
    .click();
  await expect(admin.getByText('The release is recalled: nothing of it goes out.')).toBeVisible();

  // A release of chosen applications: ticked in the list, their reference numbers carried to the releases page.
  await admin.goto(`/staff/applications/${id}`);
  const reference = (await admin
    .getByText(/^ADM-\d{4}-\d{5,}-\d$/)
    .first()
    .textContent())!;
  const misread = `${reference.slice(0, -1)}${(Number(reference.at(-1)) + 1) % 10}`;
  await admin.goto(`/staff?q=${reference}`);
  await admin.getByRole('checkbox', { name: / for a release$/ }).check();
  await expect(admin.getByText('1 application chosen for a release.')).toBeVisible();
  await expectAccessible(admin, 'the list with an application chosen for a release');
  await saveScreenshot(admin, 'console-list-chosen', { fullPage: false });
  await admin.getByRole('link', { name: 'Release the chosen applications' }).click();
  await expect(admin.getByRole('radio', { name: /Chosen applications/ })).toBeChecked();
  const references = admin.getByLabel(/^Reference numbers/);
  await expect(references).toHaveValue(reference);
  // A number misread is named, and nothing is rehearsed.
  await references.fill(misread);
  await admin.getByLabel('Goes out at (your time)').fill(local);
  await admin.getByRole('button', { name: 'Rehearse the release' }).click();
  await expect(references).toHaveAccessibleDescription(
    `This is not a reference number: ${misread}. A reference number reads like ADM-2026-00042-8.`,
  );
  await references.fill(reference);
  await admin.getByRole('button', { name: 'Rehearse the release' }).click();
  const chosen = admin.getByRole('region', { name: 'Rehearsal: 1 application' });
  await expect(chosen.getByText('The rehearsal found nothing wrong.')).toBeVisible();
  await expect(
    chosen
      .getByRole('row', { name: /Waitlist/ })
      .getByRole('cell')
      .nth(0),
  ).toHaveText('1');
  await expectAccessible(admin, 'a release of chosen applications');
  await saveScreenshot(admin, 'console-release-chosen', { fullPage: true });
  await chosen.getByRole('button', { name: 'Discard the rehearsal' }).click();
  await expect(chosen).toHaveCount(0);
  await preparing.close();
  await approving.close();
});
