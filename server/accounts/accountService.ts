import type { Db } from '../../db/connection';
import {
  completePasswordReset,
  confirmUser,
  createPasswordResetFor,
  createUnconfirmedUser,
  findConfirmationCode,
  findPasswordReset,
  findUserByUsername,
  recordFailedCodeAttempt,
  refreshUnconfirmedUser,
  replaceConfirmationCode,
} from '../../db/users';
import { endSession, startSession } from '../../db/sessions';
import type { Clock } from '../clock';
import { HttpError, badRequest } from '../http/errors';
import { sessionIdHash } from '../http/session';
import { choosePasswordMail, confirmationMail, existingAccountMail, receiptMail, resetPasswordMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { issueDeviceCookie, readDeviceCookie } from './deviceCookie';
import type { Budget, Throttle } from './throttle';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import { keyedHash, randomCode, randomToken, sameHash } from './secrets';
import { CONFIRMATION_CODE_MAX_FAILURES, CONFIRMATION_CODE_TTL_MS, RESET_LINK_TTL_MS, SESSION_ABSOLUTE_MS } from './sessionPolicy';

export interface AccountDeps {
  db: Db;
  throttle: Throttle;
  clock: Clock;
  secret: Buffer;
  mailer: Mailer;
  publicUrl: string;
  collegeName: string;
}

export const ACCOUNT_MESSAGES = {
  signedUp:
    'We sent a confirmation code to your email address. Enter it to confirm your account. ' +
    '(If this address already has an account, we emailed it how to log in instead.)',
  confirmed: 'Your account is confirmed. Please log in.',
  confirmedChoosePassword:
    'Your account is confirmed. Because more than one password was given when this account was created, ' +
    'please choose your password with the link we just e-mailed you.',
  /** One answer for every refusal, so confirm does not tell whether an address has an account, confirmed or not. */
  codeRefused:
    'This confirmation code is not correct or is no longer valid. Please check the code in your newest email, ' +
    'or request a new one with "Resend confirmation code?". If your account is already confirmed, please log in.',
  codeResent: 'If this email address has an account waiting for confirmation, we sent it a new confirmation code.',
  loggedIn: 'You are now logged in.',
  wrongCredentials: 'Incorrect email address or password.',
  notConfirmed:
    'Your account is not confirmed yet. Please enter the confirmation code we emailed you, or use "Resend confirmation code?" to get a new one.',
  forgotSent: 'If an account exists for this email address, we sent it a link to reset your password. The link is valid for one hour.',
  resetDone: 'Your password has been changed. Please log in with your new password.',
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one with "Forgot password?".',
  loggedOut: 'You have been logged out.',
} as const;

const codeHash = (deps: AccountDeps, userId: number, code: string) => keyedHash(deps.secret, `confirm:${userId}`, code);
const resetHash = (deps: AccountDeps, id: string) => keyedHash(deps.secret, 'reset', id);

/**
 * Sign-up, confirm, log-in, resend, forgot and reset, each within its budgets. Usernames arrive
 * already normalised by the shared schemas. No answer depends on whether an address has an account: sign-up, confirm,
 * resend and forgot answer alike (and spend the same budgets), only the mailbox learns more.
 */
export function createAccountService(deps: AccountDeps) {
  const { throttle } = deps;
  const confirmMailBudgets = (username: string, client: string): Budget[] => [
    { policy: 'mailPerClient', subject: client },
    { policy: 'confirmMailPerAddress', subject: username },
  ];
  const resetMailBudgets = (username: string, client: string): Budget[] => [
    { policy: 'mailPerClient', subject: client },
    { policy: 'resetMailPerAddress', subject: username },
  ];
  /** Browsers the account does not know: refused per address, paced per account. */
  const untrustedPasswordBudgets = (username: string, client: string): Budget[] => [
    { policy: 'passwordPerAccountAndClient', subject: `${username}|${client}`, account: username },
    { policy: 'passwordPerClient', subject: client },
    { policy: 'passwordPerAccount', subject: username, account: username },
  ];
  /** A browser with a valid device cookie for the account: its own budget only. */
  const devicePasswordBudgets = (username: string, deviceId: string): Budget[] => [
    { policy: 'passwordPerDevice', subject: deviceId, account: username },
  ];

  const newCode = (userId: number) => {
    const code = randomCode();
    return { code, record: { codeHash: codeHash(deps, userId, code), expiresAt: deps.clock.now() + CONFIRMATION_CODE_TTL_MS } };
  };

  const newResetLink = (username: string) => {
    // 256 bits: the link is the only secret between the mailbox and a new password.
    const id = randomToken(32);
    return {
      idHash: resetHash(deps, id),
      expiresAt: deps.clock.now() + RESET_LINK_TTL_MS,
      link: `${deps.publicUrl}/reset?${new URLSearchParams({ username, id })}`,
    };
  };

  return {
    /**
     * A new address gets an account and a code. An address waiting for confirmation gets a new
     * code and keeps its first password; when this sign-up brought another password, the account
     * is contested and confirming it sets no password (confirm). A confirmed address gets a note
     * instead of a code. Every case hashes the password and runs one Argon2 check (the stored
     * hash for an unconfirmed account, the decoy otherwise), so the answer's timing tells nothing.
     */
    async signUp(username: string, password: string, client: string): Promise<{ message: string }> {
      throttle.spendAll(confirmMailBudgets(username, client));
      const passwordHash = await hashPassword(password);
      let fresh: ReturnType<typeof newCode> | undefined;
      const found = createUnconfirmedUser(deps.db, username, passwordHash, (userId) => (fresh = newCode(userId)).record, deps.clock.now());
      const pending = 'created' in found && !found.created ? found : undefined;
      const samePassword = pending ? await verifyPassword(pending.passwordHash, password) : await verifyAgainstDecoy(password);
      if (pending) {
        const { code, record } = newCode(pending.userId);
        const refreshed = refreshUnconfirmedUser(deps.db, pending.userId, !samePassword, record, deps.clock.now());
        // Undefined: confirmed while the password was being checked, so now a confirmed address.
        deps.mailer.send(
          refreshed
            ? confirmationMail(username, code, deps.collegeName, record.expiresAt, { repeated: true, contested: refreshed.contested })
            : existingAccountMail(username, deps.publicUrl, deps.collegeName),
        );
      } else if ('alreadyConfirmed' in found) {
        deps.mailer.send(existingAccountMail(username, deps.publicUrl, deps.collegeName));
      } else {
        const { code, record } = fresh!;
        deps.mailer.send(confirmationMail(username, code, deps.collegeName, record.expiresAt));
      }
      return { message: ACCOUNT_MESSAGES.signedUp };
    },

    confirm(username: string, code: string, client: string): { message: string } {
      const budgets: Budget[] = [{ policy: 'codePerClient', subject: client }];
      throttle.spendAll(budgets);
      const user = findUserByUsername(deps.db, username);
      const stored = user && !user.confirmed_at ? findConfirmationCode(deps.db, user.id) : undefined;
      const usable = stored && stored.failed_attempts < CONFIRMATION_CODE_MAX_FAILURES && stored.expires_at > deps.clock.now();
      if (!user || !usable) throw badRequest(ACCOUNT_MESSAGES.codeRefused);
      if (!sameHash(stored.code_hash, codeHash(deps, user.id, code))) {
        recordFailedCodeAttempt(deps.db, user.id);
        throw badRequest(ACCOUNT_MESSAGES.codeRefused);
      }
      // Made in any case (cheap); stored and mailed only if the account turns out to be contested.
      const reset = newResetLink(username);
      const { contested } = confirmUser(deps.db, user.id, deps.clock.now(), { idHash: reset.idHash, expiresAt: reset.expiresAt });
      throttle.refund(budgets);
      if (!contested) return { message: ACCOUNT_MESSAGES.confirmed };
      deps.mailer.send(choosePasswordMail(username, reset.link, deps.collegeName, reset.expiresAt));
      return { message: ACCOUNT_MESSAGES.confirmedChoosePassword };
    },

    /** Answers the same whatever the address, so it cannot be used to learn who has applied. */
    resendCode(username: string, client: string): { message: string } {
      throttle.spendAll(confirmMailBudgets(username, client));
      const user = findUserByUsername(deps.db, username);
      if (user && !user.confirmed_at) {
        const { code, record } = newCode(user.id);
        replaceConfirmationCode(deps.db, user.id, record, deps.clock.now());
        const contested = user.password_contested === 1;
        deps.mailer.send(confirmationMail(username, code, deps.collegeName, record.expiresAt, { contested }));
      }
      return { message: ACCOUNT_MESSAGES.codeResent };
    },

    /**
     * Checks the password and opens a fresh session (never reusing the caller's old id). A
     * successful login also hands the browser a new device cookie for the account.
     */
    async logIn(
      username: string,
      password: string,
      client: string,
      previous: { sessionId?: string; deviceCookie?: string } = {},
    ): Promise<{ sessionId: string; message: string; deviceCookie: string }> {
      const user = findUserByUsername(deps.db, username);
      const deviceId = user
        ? readDeviceCookie(deps.secret, previous.deviceCookie, { username, passwordHash: user.password_hash }, deps.clock.now())
        : undefined;
      const budgets = deviceId ? devicePasswordBudgets(username, deviceId) : untrustedPasswordBudgets(username, client);
      throttle.spendAll(budgets);
      const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDecoy(password);
      if (!user || !valid) throw badRequest(ACCOUNT_MESSAGES.wrongCredentials);
      throttle.refund(budgets);
      if (!user.confirmed_at) throw new HttpError(403, ACCOUNT_MESSAGES.notConfirmed, { code: 'UserNotConfirmed' });
      const sessionId = randomToken();
      const now = deps.clock.now();
      startSession(
        deps.db,
        {
          idHash: sessionIdHash(deps.secret, sessionId),
          userId: user.id,
          expiresAt: now + SESSION_ABSOLUTE_MS,
          replacesIdHash: previous.sessionId ? sessionIdHash(deps.secret, previous.sessionId) : undefined,
        },
        now,
      );
      return {
        sessionId,
        message: ACCOUNT_MESSAGES.loggedIn,
        deviceCookie: issueDeviceCookie(deps.secret, username, user.password_hash, now),
      };
    },

    /**
     * Every address gets the same work (a link made and hashed, its mail written, the same
     * statements run): only the mail's sending depends on whether the account exists.
     */
    forgotPassword(username: string, client: string): { message: string } {
      throttle.spendAll(resetMailBudgets(username, client));
      const { idHash, expiresAt, link } = newResetLink(username);
      const mail = resetPasswordMail(username, link, deps.collegeName, expiresAt);
      if (createPasswordResetFor(deps.db, username, idHash, expiresAt, deps.clock.now())) deps.mailer.send(mail);
      return { message: ACCOUNT_MESSAGES.forgotSent };
    },

    /**
     * Proving the mailbox is the way back in for an applicant whose account is under attack: the
     * account's counters are cleared, and this browser gets a device cookie, so the next login
     * from it is not held by the account's pace however hard someone else keeps guessing.
     */
    async resetPassword(
      username: string,
      id: string,
      password: string,
      client: string,
    ): Promise<{ message: string; deviceCookie: string }> {
      const budgets: Budget[] = [{ policy: 'resetPerClient', subject: client }];
      throttle.spendAll(budgets);
      const idHash = resetHash(deps, id);
      const reset = findPasswordReset(deps.db, idHash);
      const user = findUserByUsername(deps.db, username);
      const usable = reset && user && reset.user_id === user.id && reset.used_at === null && reset.expires_at > deps.clock.now();
      if (!usable) throw badRequest(ACCOUNT_MESSAGES.invalidResetLink);
      const passwordHash = await hashPassword(password);
      const now = deps.clock.now();
      if (!completePasswordReset(deps.db, idHash, user.id, passwordHash, now)) {
        throw badRequest(ACCOUNT_MESSAGES.invalidResetLink);
      }
      throttle.refund(budgets);
      throttle.clearAccount(username);
      return { message: ACCOUNT_MESSAGES.resetDone, deviceCookie: issueDeviceCookie(deps.secret, username, passwordHash, now) };
    },

    /** The applicant's receipt once the application is submitted: reference number and time, nothing answered. */
    sendReceipt({ username, reference, submittedAt }: { username: string; reference: string; submittedAt: number }): void {
      deps.mailer.send(receiptMail(username, reference, submittedAt, deps.collegeName));
    },

    logOut(sessionIdHashValue: string | undefined): { message: string } {
      if (sessionIdHashValue) endSession(deps.db, sessionIdHashValue);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
