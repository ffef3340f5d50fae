import type { Context, Middleware } from 'koa';
import type { Db } from '../../db/connection';
import { endStaffSession, findStaffSession, touchStaffSession } from '../../db/staffSessions';
import type { StaffRole } from '../../src/catalogue/schema/staff';
import { keyedHash } from '../accounts/secrets';
import {
  SESSION_TOUCH_INTERVAL_MS,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_IDLE_MS,
} from '../accounts/sessionPolicy';
import type { Clock } from '../clock';
import { HttpError } from './errors';

export interface CurrentStaff {
  idHash: string;
  staffId: number;
  email: string;
  role: StaffRole;
  /** When the second factor was last confirmed again in this session, or null. */
  factorConfirmedAt: number | null;
}

export interface StaffState {
  staff?: CurrentStaff;
}

export const STAFF_ACCESS_MESSAGES = {
  signInNeeded: 'Please sign in to the staff console.',
  adminOnly: 'Only an admin of the admissions office may do this.',
  reviewersOnly: 'Only a reviewer or an admin of the admissions office may do this.',
} as const;

/** Its own purpose, so an applicant's session id and a staff one never hash alike. */
export const staffSessionIdHash = (secret: Buffer, sessionId: string) => keyedHash(secret, 'staff-session', sessionId);

/** The id hash of the caller's staff cookie, whatever stage its session is at. */
export function staffCookieIdHash(ctx: Context, secret: Buffer): string | undefined {
  const sessionId = ctx.cookies.get(STAFF_SESSION_COOKIE);
  return sessionId ? staffSessionIdHash(secret, sessionId) : undefined;
}

/**
 * Finds the caller's staff session by the staff cookie alone (an applicant's cookie is never
 * read here): a signed-in session of an active account, not idle for 15 minutes, not past its
 * 8 hours. A session past either end is deleted on the server and its cookie cleared.
 */
export function loadStaffSession(deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean }): Middleware<StaffState> {
  return async (ctx, next) => {
    const idHash = staffCookieIdHash(ctx, deps.secret);
    const row = idHash ? findStaffSession(deps.db, idHash) : undefined;
    if (idHash && row?.stage === 'signed_in') {
      const now = deps.clock.now();
      if (row.expires_at > now && now - row.last_seen_at < STAFF_SESSION_IDLE_MS) {
        if (now - row.last_seen_at >= SESSION_TOUCH_INTERVAL_MS) touchStaffSession(deps.db, idHash, now);
        ctx.state.staff = {
          idHash,
          staffId: row.staff_id,
          email: row.email,
          role: row.role,
          factorConfirmedAt: row.factor_confirmed_at,
        };
      } else {
        endStaffSession(deps.db, idHash);
        clearStaffSessionCookie(ctx, deps.secureCookies);
      }
    }
    await next();
  };
}

const RANK: Record<StaffRole, number> = { reader: 1, reviewer: 2, admin: 3 };

/**
 * The one check of who may make a staff call: a signed-in staff member (401 otherwise) whose
 * role is at least `role` (403 otherwise): a reviewer may do everything a reader may, an admin
 * everything a reviewer may.
 */
export function requireStaff(role: StaffRole): Middleware<StaffState> {
  return async (ctx, next) => {
    const staff = ctx.state.staff;
    if (!staff) throw new HttpError(401, STAFF_ACCESS_MESSAGES.signInNeeded);
    if (RANK[staff.role] < RANK[role]) {
      throw new HttpError(403, role === 'admin' ? STAFF_ACCESS_MESSAGES.adminOnly : STAFF_ACCESS_MESSAGES.reviewersOnly);
    }
    await next();
  };
}

export function currentStaff(ctx: Context): CurrentStaff {
  const staff = (ctx.state as StaffState).staff;
  if (!staff) throw new HttpError(401, STAFF_ACCESS_MESSAGES.signInNeeded);
  return staff;
}

/** Never readable by scripts, never sent with a request another site starts, Secure over https. */
export function setStaffSessionCookie(ctx: Context, sessionId: string, secure: boolean): void {
  ctx.cookies.set(STAFF_SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: STAFF_SESSION_ABSOLUTE_MS,
    overwrite: true,
  });
}

export function clearStaffSessionCookie(ctx: Context, secure: boolean): void {
  ctx.cookies.set(STAFF_SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    overwrite: true,
    expires: new Date(0),
  });
}
