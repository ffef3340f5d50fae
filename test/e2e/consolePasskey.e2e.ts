import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './helpers/account';
import { expectAccessible } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { acceptInvitation, codeFor, invite } from './helpers/staff';

/*
 * A staff passkey in a real browser, made and used by Chromium's virtual authenticator (the
 * DevTools protocol's WebAuthn domain): an invitation accepted with a password and the
 * authenticator app, a passkey added after the recovery codes, a sign-out, then a sign-in with the
 * password and "Use a passkey". Passkeys belong to the console's public address (PUBLIC_URL,
 * http://localhost:PORT here), so this test opens the console there, not at 127.0.0.1.
 */

const publicUrl = process.env.E2E_PUBLIC_URL!;

/** A platform authenticator that keeps passkeys and verifies its user, without asking anyone. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function atEachWidth(page: Page, what: string, screenshot: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `${what} at ${width} px`);
    await saveScreenshot(page, screenshot);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an invited reader adds a passkey after the recovery codes, signs out, and signs in with the password and the passkey', async ({
  page,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const email = uniqueEmail('console-passkey');
  await acceptInvitation(page, invite(email, 'reader', publicUrl), email);
  await expect(page.getByRole('heading', { name: '4. Add a passkey (optional)' })).toBeVisible();
  await atEachWidth(page, 'the passkey offer', 'console-passkey-offer');

  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Your passkey was added. When you sign in, you can use it instead of a code.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  // The recovery codes are still there to be written down.
  await expect(page.locator('.console-codes code')).toHaveCount(10);
  expect(await authenticator.credentials()).toHaveLength(1);
  await atEachWidth(page, 'the passkey added', 'console-passkey-added');

  await page.getByRole('link', { name: 'Sign in to the console' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Signing in as ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await atEachWidth(page, 'the second step with a passkey', 'console-passkey-sign-in');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('banner')).toContainText(`${email} (reader)`);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('banner')).toContainText(`${email} (reader)`);
});

test('an account without a passkey is told so at "Use a passkey", and its code still signs in', async ({ page }) => {
  await virtualAuthenticator(page);
  const email = uniqueEmail('console-no-passkey');
  const { setupKey } = await acceptInvitation(page, invite(email, 'reader', publicUrl), email);
  await page.getByRole('link', { name: 'Sign in to the console' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText(/This account has no passkey/)).toBeVisible();
  await page.getByLabel('Code').fill(codeFor(setupKey, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toContainText(`${email} (reader)`);
});
