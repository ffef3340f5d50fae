import { randomInt } from 'node:crypto';
import type { Db } from '../../db/connection';
import {
  acceptInvitation,
  countActiveAdmins,
  deactivateStaff,
  findOpenInvitation,
  findStaffByEmail,
  findStaffById,
  inviteStaff,
  listStaff,
  setPendingCredentials,
  setStaffRole,
  spendRecoveryCode,
  takeTotpStep,
  type StaffRow,
} from '../../db/staff';
import { appendAccess } from '../../db/accessLog';
import { confirmStaffSecondFactor, endStaffSession } from '../../db/staffSessions';
import { normaliseUsername } from '../../src/catalogue/schema/account';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_GROUP, STAFF_MESSAGES, type StaffRole } from '../../src/catalogue/schema/staff';
import type { Clock } from '../clock';
import { HttpError, badRequest } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { staffInvitationMail } from '../mail/templates';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import { keyedHash, randomToken } from './secrets';
import { STAFF_FACTOR_CONFIRMED_MS, STAFF_INVITATION_TTL_MS } from './sessionPolicy';
import { findPasswordStep, openStaffSession, staffGuessBudgets } from './staffSignIn';
import type { Budget, Throttle } from './throttle';
import type { Totp, TotpSetup } from './totp';

export interface StaffDeps {
  db: Db;
  throttle: Throttle;
  clock: Clock;
  secret: Buffer;
  mailer: Mailer;
  totp: Totp;
  publicUrl: string;
  collegeName: string;
}

export const STAFF_SERVICE_MESSAGES = {
  wrongCredentials: 'Incorrect email address or password.',
  secondFactorNeeded: 'Enter the code your authenticator app shows, or one of your recovery codes.',
  secondFactorRefused: 'This code is not correct or was already used. Please enter the current code, or one of your recovery codes.',
  signInExpired: 'Please sign in again: the time to enter the code has passed.',
  totpSetupRefused: 'This code is not correct. Please enter the code your authenticator app shows now.',
  passwordFirst: 'Please choose your password first.',
  invited: 'The invitation was e-mailed. Its link works once, within 72 hours.',
  alreadyActive: 'This address already has a staff account.',
  deactivated: 'This staff account is deactivated.',
  accepted: 'Your staff account is ready. Keep these recovery codes somewhere safe: each works once, and they are not shown again.',
  signedIn: 'You are now signed in.',
  signedOut: 'You have been signed out.',
  lastAdmin: 'At least one active admin must remain.',
  roleChanged: 'The role was changed.',
  deactivatedNow: 'The account is deactivated; its sessions have ended.',
  factorConfirmed: `Your second factor is confirmed for the next ${STAFF_FACTOR_CONFIRMED_MS / 60_000} minutes.`,
} as const;

/** An invitation link's id as stored: an HMAC, so a stolen database alone opens no invitation. */
export const staffInvitationIdHash = (secret: Buffer, id: string) => keyedHash(secret, 'staff-invitation', id);

/** A refused invitation link spends the client's budget of link guesses (the reset links' one). */
export const staffInvitationBudgets = (client: string): Budget[] => [{ policy: 'resetPerClient', subject: client }];

const RECOVERY_CODE_COUNT = 10;
/** Why a sign-in through the identity provider opens no session, by the account's status. */
const PROVIDER_REFUSAL = { invited: 'invitation_pending', deactivated: 'deactivated' } as const;
/** The schema lets through a 6-digit TOTP code or a recovery code (letters, a hyphen). */
const TOTP_CODE = /^\d{6}$/;

/** Who made an admin's call, as the access log names them. */
interface StaffActor {
  staffId: number;
  client: string;
}

/** The command line invites the first admin; the log names no account and this client. */
const COMMAND_LINE = 'command line';

/** Why the identity provider's address opens no staff session: no such account, not accepted yet, deactivated. */
export type ProviderRefusal = 'unknown_account' | (typeof PROVIDER_REFUSAL)[keyof typeof PROVIDER_REFUSAL];

/** A staff member as every staff call names them. */
export interface StaffMember {
  email: string;
  role: StaffRole;
}

/** An account as an admin's list shows it. */
export interface StaffAccount extends StaffMember {
  id: number;
  status: 'invited' | 'active' | 'deactivated';
  created_at: string;
  deactivated_at: string | null;
}

function statusOf(row: StaffRow): StaffAccount['status'] {
  if (row.deactivated_at !== null) return 'deactivated';
  return row.activated_at === null ? 'invited' : 'active';
}

function newRecoveryCode(): string {
  const group = () =>
    Array.from({ length: RECOVERY_CODE_GROUP }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');
  return `${group()}-${group()}`;
}

/**
 * Staff accounts: invitations (the only way an account is made), their acceptance (a password by
 * the applicants' rules, then a confirmed authenticator app, then recovery codes), sign-in with
 * both factors, and the admins' calls. Password and code guesses spend the same budgets as the
 * applicants' (the same store and rules), counted under the staff account's own name.
 */
export function createStaffService(deps: StaffDeps) {
  const { db, throttle, totp } = deps;
  const invitationHash = (id: string) => staffInvitationIdHash(deps.secret, id);
  const recoveryHash = (staffId: number, code: string) => keyedHash(deps.secret, `staff-recovery:${staffId}`, code);
  const invitationBudgets = staffInvitationBudgets;
  const guessBudgets = staffGuessBudgets;

  /** The account an invitation link opens; spends the client's link budget only when refused. */
  const openInvitation = (id: string, client: string) => {
    const budgets = invitationBudgets(client);
    throttle.spendAll(budgets);
    const idHash = invitationHash(id);
    const invitation = findOpenInvitation(db, idHash, deps.clock.now());
    if (!invitation) throw badRequest(STAFF_MESSAGES.invitationInvalid);
    throttle.refund(budgets);
    return { idHash, invitation };
  };

  const member = (row: { email: string; role: StaffRole }): StaffMember => ({ email: row.email, role: row.role });

  const openSession = (staffId: number, stage: 'password' | 'signed_in', previousIdHash: string | undefined) =>
    openStaffSession(deps, staffId, stage, previousIdHash);

  /** A TOTP code of a step newer than any taken before (the step is taken), or an unused recovery code (it is spent). */
  const acceptSecondFactor = (row: StaffRow, code: string, now: number): boolean => {
    if (!TOTP_CODE.test(code)) return spendRecoveryCode(db, row.id, recoveryHash(row.id, code), now);
    const step = row.totp_secret ? totp.stepOf(totp.open(row.id, row.totp_secret), code, now) : undefined;
    return step !== undefined && takeTotpStep(db, row.id, step);
  };

  return {
    /**
     * Invites an address (the command line, or an admin): a link valid 72 hours, stored as an
     * HMAC and mailed; an account already accepted is refused. Answers the link for the command line.
     */
    invite(email: string, role: StaffRole, invitedBy: number | null, client = COMMAND_LINE): { link: string; expiresAt: number } {
      const id = randomToken(32);
      const now = deps.clock.now();
      const expiresAt = now + STAFF_INVITATION_TTL_MS;
      const result = inviteStaff(db, email, role, { idHash: invitationHash(id), expiresAt, invitedBy }, now);
      if (!result.invited) {
        throw new HttpError(409, result.existing === 'active' ? STAFF_SERVICE_MESSAGES.alreadyActive : STAFF_SERVICE_MESSAGES.deactivated);
      }
      appendAccess(db, { kind: 'invitation', staffId: invitedBy, client, detail: `${email} as ${role}` }, now);
      const link = `${deps.publicUrl}/staff/invitation?${new URLSearchParams({ id })}`;
      deps.mailer.send(staffInvitationMail(email, link, role, deps.collegeName, expiresAt));
      return { link, expiresAt };
    },

    /** What the invitation page shows: whose account and which role. */
    invitation(id: string, client: string): StaffMember {
      return member(openInvitation(id, client).invitation);
    },

    /**
     * The password step: the password (the applicants' rules, checked by the schema) and a new
     * authenticator secret, not yet confirmed. Repeating the step replaces both.
     */
    async choosePassword(id: string, password: string, client: string): Promise<TotpSetup> {
      const { invitation } = openInvitation(id, client);
      const passwordHash = await hashPassword(password);
      const secret = totp.newSecret();
      setPendingCredentials(db, invitation.staffId, passwordHash, totp.seal(invitation.staffId, secret));
      return totp.setup(invitation.email, secret);
    },

    /** The authenticator step: a valid code accepts the invitation and answers ten recovery codes, once. */
    confirmTotp(id: string, code: string, client: string): { message: string; recovery_codes: string[] } & StaffMember {
      const { idHash, invitation } = openInvitation(id, client);
      if (!invitation.passwordHash || !invitation.totpSecret) throw new HttpError(409, STAFF_SERVICE_MESSAGES.passwordFirst);
      const budgets = invitationBudgets(client);
      throttle.spendAll(budgets);
      const step = totp.stepOf(totp.open(invitation.staffId, invitation.totpSecret), code, deps.clock.now());
      if (step === undefined) throw badRequest(STAFF_SERVICE_MESSAGES.totpSetupRefused);
      throttle.refund(budgets);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const accepted = acceptInvitation(
        db,
        idHash,
        invitation.staffId,
        step,
        codes.map((recovery) => recoveryHash(invitation.staffId, recovery)),
        deps.clock.now(),
      );
      if (!accepted) throw badRequest(STAFF_MESSAGES.invitationInvalid);
      return { message: STAFF_SERVICE_MESSAGES.accepted, recovery_codes: codes, ...member(invitation) };
    },

    /**
     * The first step of a sign-in: the password. It opens only the second step (minutes long),
     * never a session; an unknown, unaccepted or deactivated account answers as a wrong password.
     */
    async signIn(
      email: string,
      password: string,
      client: string,
      previousIdHash?: string,
    ): Promise<{ sessionId: string; message: string }> {
      const budgets = guessBudgets(email, client);
      throttle.spendAll(budgets);
      const row = findStaffByEmail(db, email);
      const usable = row && row.activated_at !== null && row.deactivated_at === null && row.password_hash ? row : undefined;
      const valid = usable ? await verifyPassword(usable.password_hash!, password) : await verifyAgainstDecoy(password);
      if (!usable || !valid) {
        appendAccess(db, { kind: 'sign_in_failed', staffId: row?.id ?? null, client, detail: email }, deps.clock.now());
        throw badRequest(STAFF_SERVICE_MESSAGES.wrongCredentials);
      }
      throttle.refund(budgets);
      return { sessionId: openSession(usable.id, 'password', previousIdHash), message: STAFF_SERVICE_MESSAGES.secondFactorNeeded };
    },

    /**
     * The second step: a TOTP code of a step newer than any accepted before, or an unused recovery
     * code. Either opens the staff session under a new id; the password step's id ends.
     */
    secondFactor(
      passwordStepIdHash: string | undefined,
      code: string,
      client: string,
    ): { sessionId: string; message: string } & StaffMember {
      const now = deps.clock.now();
      const pending = findPasswordStep(db, passwordStepIdHash, now);
      if (!pending) throw new HttpError(401, STAFF_SERVICE_MESSAGES.signInExpired);
      const budgets = guessBudgets(pending.email, client);
      throttle.spendAll(budgets);
      const row = findStaffById(db, pending.staff_id)!;
      if (!acceptSecondFactor(row, code, now)) {
        appendAccess(db, { kind: 'sign_in_failed', staffId: row.id, client, detail: 'second factor' }, now);
        throw badRequest(STAFF_SERVICE_MESSAGES.secondFactorRefused);
      }
      throttle.refund(budgets);
      appendAccess(db, { kind: 'sign_in', staffId: row.id, client }, now);
      return { sessionId: openSession(row.id, 'signed_in', passwordStepIdHash), message: STAFF_SERVICE_MESSAGES.signedIn, ...member(row) };
    },

    /**
     * A sign-in the college's identity provider vouched for (single sign-on): the verified address
     * it gave must be an active staff account's, matched as addresses are stored (case-insensitive).
     * The provider's sign-in stands for both factors, so the staff session opens at once, as after a
     * password and a code. Nothing is created: an unknown address, an invitation not yet accepted
     * and a deactivated account are refused (and logged as such).
     */
    providerSignIn(
      providerEmail: string,
      client: string,
      previousIdHash?: string,
    ): { sessionId: string } | { refused: ProviderRefusal; email: string } {
      const email = normaliseUsername(providerEmail);
      const now = deps.clock.now();
      const row = findStaffByEmail(db, email);
      if (!row || statusOf(row) !== 'active') {
        const refused = row ? PROVIDER_REFUSAL[statusOf(row) === 'deactivated' ? 'deactivated' : 'invited'] : 'unknown_account';
        appendAccess(db, { kind: 'sign_in_failed', staffId: row?.id ?? null, client, detail: `sso: ${refused} ${email}` }, now);
        return { refused, email };
      }
      appendAccess(db, { kind: 'sign_in', staffId: row.id, client, detail: 'sso' }, now);
      return { sessionId: openSession(row.id, 'signed_in', previousIdHash) };
    },

    /**
     * The second factor confirmed again in a signed-in session (before an export with sensitive
     * answers): the same codes as a sign-in, each accepted once, guesses spending the sign-in's
     * budgets. The session remembers when; a refused code is logged as a failed sign-in.
     */
    confirmSecondFactor(
      session: { idHash: string; staffId: number; email: string },
      code: string,
      client: string,
    ): { message: string; confirmed_until: string } {
      const now = deps.clock.now();
      const budgets = guessBudgets(session.email, client);
      throttle.spendAll(budgets);
      const row = findStaffById(db, session.staffId)!;
      if (!acceptSecondFactor(row, code, now)) {
        appendAccess(db, { kind: 'sign_in_failed', staffId: row.id, client, detail: 'second factor confirmed again' }, now);
        throw badRequest(STAFF_SERVICE_MESSAGES.secondFactorRefused);
      }
      throttle.refund(budgets);
      confirmStaffSecondFactor(db, session.idHash, now);
      return {
        message: STAFF_SERVICE_MESSAGES.factorConfirmed,
        confirmed_until: new Date(now + STAFF_FACTOR_CONFIRMED_MS).toISOString(),
      };
    },

    signOut(idHash: string | undefined): { message: string } {
      if (idHash) endStaffSession(db, idHash);
      return { message: STAFF_SERVICE_MESSAGES.signedOut };
    },

    listAccounts(): StaffAccount[] {
      return listStaff(db).map((row) => ({
        id: row.id,
        ...member(row),
        status: statusOf(row),
        created_at: new Date(row.created_at).toISOString(),
        deactivated_at: row.deactivated_at === null ? null : new Date(row.deactivated_at).toISOString(),
      }));
    },

    changeRole(staffId: number, role: StaffRole, by: StaffActor): { message: string } {
      const row = findStaffById(db, staffId);
      if (!row) throw new HttpError(404, STAFF_MESSAGES.accountInvalid);
      if (row.role === 'admin' && role !== 'admin' && statusOf(row) === 'active' && countActiveAdmins(db) <= 1) {
        throw new HttpError(409, STAFF_SERVICE_MESSAGES.lastAdmin);
      }
      setStaffRole(db, staffId, role);
      appendAccess(
        db,
        { kind: 'role_changed', staffId: by.staffId, client: by.client, detail: `${row.email} to ${role}` },
        deps.clock.now(),
      );
      return { message: STAFF_SERVICE_MESSAGES.roleChanged };
    },

    /** The account stays (and so does who it was); its sessions and open invitations end now. */
    deactivate(staffId: number, by: StaffActor): { message: string } {
      const row = findStaffById(db, staffId);
      if (!row) throw new HttpError(404, STAFF_MESSAGES.accountInvalid);
      if (row.role === 'admin' && statusOf(row) === 'active' && countActiveAdmins(db) <= 1) {
        throw new HttpError(409, STAFF_SERVICE_MESSAGES.lastAdmin);
      }
      deactivateStaff(db, staffId, deps.clock.now());
      appendAccess(db, { kind: 'deactivation', staffId: by.staffId, client: by.client, detail: row.email }, deps.clock.now());
      return { message: STAFF_SERVICE_MESSAGES.deactivatedNow };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
