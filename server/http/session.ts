import type { Context, Middleware } from 'koa';
import type { Db } from '../../db/connection';
import { endSession, findSession, touchSession } from '../../db/sessions';
import { keyedHash } from '../accounts/secrets';
import { LOGGED_IN_COOKIE } from '../../src/catalogue/http';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from '../accounts/sessionPolicy';
import type { Clock } from '../clock';
import { HttpError } from './errors';

export interface CurrentSession {
  idHash: string;
  userId: number;
  username: string;
}

export interface SessionState {
  session?: CurrentSession;
}

import { SESSION_INVALID_MESSAGE } from '../../src/catalogue/messages';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  secret: Buffer;
  secureCookies: boolean;
}

export const sessionIdHash = (secret: Buffer, sessionId: string) => keyedHash(secret, 'session', sessionId);

/** Finds the caller's session, ending it on the server when it has been idle too long or lived too long. */
export function loadSession(deps: SessionDeps): Middleware<SessionState> {
  return async (ctx, next) => {
    const sessionId = ctx.cookies.get(SESSION_COOKIE);
    if (sessionId) {
      const idHash = sessionIdHash(deps.secret, sessionId);
      const row = findSession(deps.db, idHash);
      const now = deps.clock.now();
      if (row && row.expires_at > now && now - row.last_seen_at < SESSION_IDLE_MS) {
        if (now - row.last_seen_at >= SESSION_TOUCH_INTERVAL_MS) touchSession(deps.db, idHash, now);
        ctx.state.session = { idHash, userId: row.user_id, username: row.username };
      } else {
        if (row) endSession(deps.db, idHash);
        clearSessionCookies(ctx, deps.secureCookies);
      }
    }
    await next();
  };
}

export const requireSession: Middleware<SessionState> = async (ctx, next) => {
  if (!ctx.state.session) throw new HttpError(401, SESSION_INVALID_MESSAGE);
  await next();
};

export function currentSession(ctx: Context): CurrentSession {
  const session = (ctx.state as SessionState).session;
  if (!session) throw new HttpError(401, SESSION_INVALID_MESSAGE);
  return session;
}

export function setSessionCookies(ctx: Context, sessionId: string, secure: boolean): void {
  const common = { sameSite: 'lax' as const, secure, path: '/', maxAge: SESSION_ABSOLUTE_MS, overwrite: true };
  ctx.cookies.set(SESSION_COOKIE, sessionId, { ...common, httpOnly: true });
  ctx.cookies.set(LOGGED_IN_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearSessionCookies(ctx: Context, secure: boolean): void {
  const common = { sameSite: 'lax' as const, secure, path: '/', overwrite: true, expires: new Date(0) };
  ctx.cookies.set(SESSION_COOKIE, '', { ...common, httpOnly: true });
  ctx.cookies.set(LOGGED_IN_COOKIE, '', { ...common, httpOnly: false });
}
