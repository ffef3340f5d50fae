import type { Db } from '../../db/connection';
import { findStaffSession, startStaffSession, type StaffSessionRow } from '../../db/staffSessions';
import type { Clock } from '../clock';
import { staffSessionIdHash } from '../http/staffSession';
import { randomToken } from './secrets';
import { STAFF_SECOND_FACTOR_MS, STAFF_SESSION_ABSOLUTE_MS } from './sessionPolicy';
import type { Budget } from './throttle';

/**
 * What every way of a staff sign-in shares: the guess budgets a password, a code or a passkey
 * spends, the password step it continues, and the session it opens.
 */

/** Guesses spend the applicants' budgets (the same store and rules), counted under the staff account's own name. */
export function staffGuessBudgets(email: string, client: string): Budget[] {
  const account = `staff:${email}`;
  return [
    { policy: 'passwordPerAccountAndClient', subject: `${account}|${client}`, account },
    { policy: 'passwordPerClient', subject: client },
    { policy: 'passwordPerAccount', subject: account, account },
  ];
}

/** The sign-in's password step behind the caller's staff cookie, while its minutes for the second factor last. */
export function findPasswordStep(db: Db, idHash: string | undefined, now: number): StaffSessionRow | undefined {
  const pending = idHash ? findStaffSession(db, idHash) : undefined;
  return pending && pending.stage === 'password' && pending.expires_at > now ? pending : undefined;
}

/** Opens a session at the given stage under a fresh id, never reusing the caller's. */
export function openStaffSession(
  deps: { db: Db; clock: Clock; secret: Buffer },
  staffId: number,
  stage: 'password' | 'signed_in',
  previousIdHash: string | undefined,
): string {
  const sessionId = randomToken();
  const now = deps.clock.now();
  startStaffSession(
    deps.db,
    {
      idHash: staffSessionIdHash(deps.secret, sessionId),
      staffId,
      stage,
      expiresAt: now + (stage === 'password' ? STAFF_SECOND_FACTOR_MS : STAFF_SESSION_ABSOLUTE_MS),
      replacesIdHash: previousIdHash,
    },
    now,
  );
  return sessionId;
}
