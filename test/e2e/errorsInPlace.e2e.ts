import { expect, test, type Page } from '@playwright/test';
import { completeApplication } from '../fixtures/completeApplication';
import { createAccount, logInByApi, onStep, openStep, radio, saveAnswers, section, uniqueEmail } from './helpers/applicant';
import { setWebStatus } from './helpers/application';
import { expectAccessible } from './helpers/axe';

/*
 * While errors show after a submit, they keep their places until the next check (GOV.UK's way):
 * nothing moves under the pointer while the applicant answers, so one click after typing in a
 * text area is enough. The step bar marks the steps holding errors as needing attention, never
 * as done.
 */

const WIDTHS = [1280, 390] as const;
const COMMENT_LABEL = 'Please tell us what happened and what you learned from it.';
/** An application missing a first name and the two conduct answers of Final Steps. */
const MISSING = { ...completeApplication, first_name: '', conviction: '', conviction_desc: '', suspended: '', suspended_desc: '' };

test.use({ reducedMotion: 'reduce' });

const steps = (page: Page) => page.getByRole('navigation', { name: 'Application steps' });

async function submittedWithMissingAnswers(page: Page, tag: string): Promise<void> {
  const email = uniqueEmail(tag);
  await createAccount(page.request, email);
  await logInByApi(page, email);
  await saveAnswers(page, MISSING);
  await setWebStatus(page.request, 'started');
  await openStep(page, '/final-steps');
  await onStep(page, '/final-steps', 'Final Steps');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('missing-information')).toBeVisible({ timeout: 15_000 });
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.describe.configure({ timeout: 180_000 });

    test('the step bar marks the steps with errors as needing attention, in colour and in their names', async ({ page }) => {
      await submittedWithMissingAnswers(page, `steps-attention-${width}`);
      const about = steps(page).getByRole('link', { name: /About You, needs attention$/ });
      const final = steps(page).getByRole('link', { name: /Final Steps, needs attention$/ });
      await expect(about).toBeVisible();
      await expect(final).toBeVisible();
      await expect(steps(page).getByRole('link', { name: /Your Academics$/ })).toBeVisible();
      // The error colour, and "!" in place of the step's number.
      const number = final.locator('.steps__number');
      await expect(number).toHaveText('!');
      expect(await number.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(180, 35, 24)');
      await expectAccessible(page, 'the step bar with steps needing attention');
    });

    test('one click is enough after typing in a text area while errors show', async ({ page }) => {
      await submittedWithMissingAnswers(page, `one-click-${width}`);
      await steps(page)
        .getByRole('link', { name: /Final Steps/ })
        .click();
      await onStep(page, '/final-steps', 'Final Steps');
      const legal = section(page, 'Legal and Conduct');

      await radio(legal, /convicted/, 'Yes').check();
      const comment = legal.getByRole('textbox', { name: COMMENT_LABEL }).first();
      await comment.click();
      await page.keyboard.type('A parking fine.');
      const no = radio(legal, /suspended/, 'No');
      await no.scrollIntoViewIfNeeded();
      await expect(comment).toBeFocused();
      const before = await no.boundingBox();

      await no.click();
      await expect(no).toBeChecked({ timeout: 2000 });
      expect((await no.boundingBox())?.y).toBe(before?.y);
      await expect(comment).toHaveValue('A parking fine.');
      await expectAccessible(page, 'Final Steps with errors, answered');
    });
  });
}
