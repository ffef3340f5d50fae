import type { Db } from '../../db/connection';
import {
  completePasswordReset,
  confirmUser,
  createOrRefreshUnconfirmedUser,
  createPasswordReset,
  findConfirmationCode,
  findPasswordReset,
  findUserByUsername,
  recordFailedCodeAttempt,
  replaceConfirmationCode,
} from '../../db/users';
import { endSession, startSession } from '../../db/sessions';
import type { Clock } from '../clock';
import { HttpError, badRequest } from '../http/errors';
import { sessionIdHash } from '../http/session';
import { confirmationMail, resetPasswordMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import type { Throttle, ThrottlePolicy } from './throttle';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import { keyedHash, randomCode, randomToken, sameHash } from './secrets';
import {
  CONFIRMATION_CODE_MAX_FAILURES,
  CONFIRMATION_CODE_TTL_MS,
  RESET_LINK_TTL_MS,
  SESSION_ABSOLUTE_MS,
} from './sessionPolicy';

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
  signedUp: 'We sent a confirmation code to your email address. Enter it to confirm your account.',
  alreadyExists: 'An account with this email address already exists. Please log in, or use "Forgot password?" to reset it.',
  confirmed: 'Your account is confirmed. Please log in.',
  alreadyConfirmed: 'This account is already confirmed. Please log in.',
  invalidCode: 'This confirmation code is not correct. Please check the code in your email and try again.',
  expiredCode: 'This confirmation code has expired. Please request a new code with "Resend confirmation code?".',
  tooManyCodeTries: 'Too many incorrect codes were entered. Please request a new code with "Resend confirmation code?".',
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

/** Account rules of the foundation issue. Usernames arrive already normalised by the shared schemas. */
export function createAccountService(deps: AccountDeps) {
  const { throttle } = deps;
  const mailBudgets = (username: string, client: string): [ThrottlePolicy, string][] => [
    ['mailPerAddress', username],
    ['mailPerClient', client],
  ];
  const passwordBudgets = (username: string, client: string): [ThrottlePolicy, string][] => [
    ['passwordPerAccountAndClient', `${username}|${client}`],
    ['passwordPerAccount', username],
    ['passwordPerClient', client],
  ];

  const newCode = (userId: number) => {
    const code = randomCode();
    return { code, record: { codeHash: codeHash(deps, userId, code), expiresAt: deps.clock.now() + CONFIRMATION_CODE_TTL_MS } };
  };

  return {
    async signUp(username: string, password: string, client: string): Promise<{ message: string }> {
      throttle.spendAll(mailBudgets(username, client));
      const passwordHash = await hashPassword(password);
      const now = deps.clock.now();
      let code = '';
      const created = createOrRefreshUnconfirmedUser(
        deps.db,
        username,
        passwordHash,
        (userId) => {
          const fresh = newCode(userId);
          code = fresh.code;
          return fresh.record;
        },
        now,
      );
      if ('alreadyConfirmed' in created) throw new HttpError(409, ACCOUNT_MESSAGES.alreadyExists);
      deps.mailer.send(confirmationMail(username, code, deps.collegeName));
      return { message: ACCOUNT_MESSAGES.signedUp };
    },

    confirm(username: string, code: string, client: string): { message: string } {
      throttle.spend('codePerClient', client);
      const user = findUserByUsername(deps.db, username);
      if (user?.confirmed_at) throw badRequest(ACCOUNT_MESSAGES.alreadyConfirmed);
      const stored = user && findConfirmationCode(deps.db, user.id);
      if (!user || !stored || !stored.code_hash) throw badRequest(ACCOUNT_MESSAGES.invalidCode);
      if (stored.failed_attempts >= CONFIRMATION_CODE_MAX_FAILURES) throw badRequest(ACCOUNT_MESSAGES.tooManyCodeTries);
      if (stored.expires_at <= deps.clock.now()) throw badRequest(ACCOUNT_MESSAGES.expiredCode);
      if (!sameHash(stored.code_hash, codeHash(deps, user.id, code))) {
        const failures = recordFailedCodeAttempt(deps.db, user.id);
        throw badRequest(failures >= CONFIRMATION_CODE_MAX_FAILURES ? ACCOUNT_MESSAGES.tooManyCodeTries : ACCOUNT_MESSAGES.invalidCode);
      }
      confirmUser(deps.db, user.id, deps.clock.now());
      throttle.refund([['codePerClient', client]]);
      return { message: ACCOUNT_MESSAGES.confirmed };
    },

    /** Answers the same whatever the address, so it cannot be used to learn who has applied. */
    resendCode(username: string, client: string): { message: string } {
      throttle.spendAll(mailBudgets(username, client));
      const user = findUserByUsername(deps.db, username);
      if (user && !user.confirmed_at) {
        const { code, record } = newCode(user.id);
        replaceConfirmationCode(deps.db, user.id, record, deps.clock.now());
        deps.mailer.send(confirmationMail(username, code, deps.collegeName));
      }
      return { message: ACCOUNT_MESSAGES.codeResent };
    },

    /** Checks the password and opens a fresh session (never reusing the caller's old id). */
    async logIn(
      username: string,
      password: string,
      client: string,
      previousSessionId?: string,
    ): Promise<{ sessionId: string; message: string }> {
      const budgets = passwordBudgets(username, client);
      throttle.spendAll(budgets);
      const user = findUserByUsername(deps.db, username);
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
          replacesIdHash: previousSessionId ? sessionIdHash(deps.secret, previousSessionId) : undefined,
        },
        now,
      );
      return { sessionId, message: ACCOUNT_MESSAGES.loggedIn };
    },

    forgotPassword(username: string, client: string): { message: string } {
      throttle.spendAll(mailBudgets(username, client));
      const user = findUserByUsername(deps.db, username);
      if (user) {
        // 256 bits: the link is the only secret between the mailbox and a new password.
        const id = randomToken(32);
        const now = deps.clock.now();
        createPasswordReset(deps.db, user.id, resetHash(deps, id), now + RESET_LINK_TTL_MS, now);
        const link = `${deps.publicUrl}/reset?${new URLSearchParams({ username, id })}`;
        deps.mailer.send(resetPasswordMail(username, link, deps.collegeName));
      }
      return { message: ACCOUNT_MESSAGES.forgotSent };
    },

    async resetPassword(username: string, id: string, password: string, client: string): Promise<{ message: string }> {
      throttle.spend('resetPerClient', client);
      const idHash = resetHash(deps, id);
      const reset = findPasswordReset(deps.db, idHash);
      const user = findUserByUsername(deps.db, username);
      const usable = reset && user && reset.user_id === user.id && reset.used_at === null && reset.expires_at > deps.clock.now();
      if (!usable) throw badRequest(ACCOUNT_MESSAGES.invalidResetLink);
      const passwordHash = await hashPassword(password);
      if (!completePasswordReset(deps.db, idHash, user.id, passwordHash, deps.clock.now())) {
        throw badRequest(ACCOUNT_MESSAGES.invalidResetLink);
      }
      // Proving the mailbox is the way back in for an applicant whose account is under attack.
      throttle.refund([['resetPerClient', client]]);
      throttle.clearAccount(username);
      return { message: ACCOUNT_MESSAGES.resetDone };
    },

    logOut(sessionIdHashValue: string | undefined): { message: string } {
      if (sessionIdHashValue) endSession(deps.db, sessionIdHashValue);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
