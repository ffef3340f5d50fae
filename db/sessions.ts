import type { Db } from './connection';
import { stmt } from './statements';
import { watchedCache } from './watchedCache';

export interface SessionRow {
  id_hash: string;
  user_id: number;
  username: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** Logins kept per account (the profile's successful_login list); the count keeps every one. */
export const LOGIN_HISTORY_LENGTH = 20;

/**
 * Opens a session and records the successful login together, so the login count never disagrees
 * with reality. The account's count grows by one; its history keeps the newest logins only, so a
 * row per login does not pile up forever.
 */
export function startSession(
  db: Db,
  session: { idHash: string; userId: number; expiresAt: number; replacesIdHash?: string },
  now: number,
): void {
  db.transaction(() => {
    if (session.replacesIdHash) stmt(db, 'DELETE FROM sessions WHERE id_hash = ?').run(session.replacesIdHash);
    stmt(db, 'INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      session.idHash,
      session.userId,
      now,
      now,
      session.expiresAt,
    );
    stmt(db, 'INSERT INTO logins (user_id, created_at) VALUES (?, ?)').run(session.userId, now);
    stmt(db, 'UPDATE users SET login_count = login_count + 1 WHERE id = ?').run(session.userId);
    stmt(
      db,
      'DELETE FROM logins WHERE user_id = ? AND id <= (SELECT id FROM logins WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
    ).run(session.userId, session.userId, LOGIN_HISTORY_LENGTH);
  }).immediate();
}

/** Signed-in applicants held at once; beyond this the oldest are read from SQLite again. */
const CACHED_SESSIONS = 100_000;

/**
 * Every request looks its session up, so found rows are kept in memory. Any change to a session
 * row (logout, a new login's id rotation, last-seen touch, a completed password reset, the expiry
 * sweep, an account's deletion) evicts it through a trigger, so the cache holds exactly what the
 * table holds and the idle and absolute limits are checked against the stored times as before.
 * Unknown ids are never cached: random cookies must not fill memory.
 */
const sessionCache = (db: Db) =>
  watchedCache<Readonly<SessionRow>>(db, 'sessions', CACHED_SESSIONS, [
    { table: 'sessions', keyColumn: 'id_hash' },
    // The username is part of the row; the app never renames an account, so this is a safeguard.
    { table: 'users', keyColumn: 'id', evictAll: true, inserts: false, updateOf: ['username'] },
  ]);

export function findSession(db: Db, idHash: string): Readonly<SessionRow> | undefined {
  const cache = sessionCache(db);
  const cached = cache.get(idHash);
  if (cached) return cached;
  const row = stmt(
    db,
    `SELECT s.id_hash, s.user_id, u.username, s.created_at, s.last_seen_at, s.expires_at
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ?`,
  ).get(idHash) as SessionRow | undefined;
  if (row) cache.set(idHash, Object.freeze(row));
  return row;
}

export function touchSession(db: Db, idHash: string, now: number): void {
  stmt(db, 'UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?').run(now, idHash);
}

export function endSession(db: Db, idHash: string): void {
  stmt(db, 'DELETE FROM sessions WHERE id_hash = ?').run(idHash);
}

/** Removes sessions that are idle or past their absolute lifetime; run now and then, not per request. */
export function deleteExpiredSessions(db: Db, now: number, idleMs: number): number {
  return stmt(db, 'DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(now, now - idleMs).changes;
}
