import { expect, test } from '@playwright/test';
import { INACTIVITY_CHOSEN_LOGOUT_MESSAGE, INACTIVITY_LOGOUT_MESSAGE } from '../../src/catalogue/messages';
import { createAccount, logInThroughCardAndSettle } from './helpers/account';
import { expectAccessible } from './helpers/axe';

/**
 * Section 4 "Inactivity" with Playwright's clock: installed before the app loads, so the actors'
 * timers and Date.now() both run on it, then moved forward by hand.
 */
test.describe('inactivity', () => {
  test('warns after 14 minutes and logs out a minute later', async ({ page }) => {
    const account = await createAccount(page.request, 'idle');
    await page.clock.install();
    await logInThroughCardAndSettle(page, account);

    await page.clock.fastForward('14:00');
    const dialog = page.getByRole('alertdialog', { name: 'Still working?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Logout' })).toBeVisible();
    // Escape is no answer: only Continue or Logout closes it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('card-notice')).toContainText(INACTIVITY_LOGOUT_MESSAGE);
  });

  test('Continue keeps the session, and Logout ends it at once', async ({ page }) => {
    const account = await createAccount(page.request, 'active');
    await page.clock.install();
    await logInThroughCardAndSettle(page, account);

    await page.clock.fastForward('14:00');
    const dialog = page.getByRole('alertdialog', { name: 'Still working?' });
    // Continue keeps the server's session alive first; the countdown starts again once it answers,
    // so the clock moves on only after that (moving it while the call runs shortens the next wait).
    const sessionKept = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tabs');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await sessionKept;
    await expect(dialog).toBeHidden();
    await page.clock.fastForward('02:00');
    await expect(page).toHaveURL(/\/about$/);
    await expect(dialog).toBeHidden();

    // 12:30 more is 14:30 since Continue: the modal is up with 30 seconds left. (This step used to
    // move 13:00, the whole warning minute, so the automatic logout came before the click.)
    await page.clock.fastForward('12:30');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The applicant chose to leave (issue 13): its own message, not the inactivity one.
    const notice = page.getByTestId('card-notice');
    await expect(notice).toContainText(INACTIVITY_CHOSEN_LOGOUT_MESSAGE);
    await expect(notice).not.toContainText(INACTIVITY_LOGOUT_MESSAGE);
    await expectAccessible(page, "/login after the inactivity modal's Logout");
  });
});
