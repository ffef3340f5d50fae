import type { Db } from './connection';
import { stmt } from './statements';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  confirmed_at: number | null;
  created_at: number;
}

/** Usernames are stored already normalised (trimmed, lower-case), so equality is case-insensitive. */
export function findUserByUsername(db: Db, username: string): UserRow | undefined {
  return stmt(db, 'SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return stmt(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export interface CodeRecord {
  codeHash: string;
  expiresAt: number;
}

/**
 * Creates an unconfirmed account with its first confirmation code, or, when an unconfirmed account
 * already exists for the address, gives it a new code and nothing else: its password stays the one
 * chosen first, so a later sign-up by someone else never takes the account over when the owner
 * confirms. A confirmed account is left alone. The code is made from the user id, hence the callback.
 */
export function createOrRefreshUnconfirmedUser(
  db: Db,
  username: string,
  passwordHash: string,
  codeFor: (userId: number) => CodeRecord,
  now: number,
): { userId: number; created: boolean } | { alreadyConfirmed: true } {
  return db.transaction(() => {
    const existing = findUserByUsername(db, username);
    if (existing?.confirmed_at) return { alreadyConfirmed: true as const };
    let userId: number;
    if (existing) {
      userId = existing.id;
    } else {
      userId = Number(
        stmt(db, 'INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)').run(username, passwordHash, now)
          .lastInsertRowid,
      );
      stmt(db, 'INSERT INTO applications (user_id, updated_at) VALUES (?, ?)').run(userId, now);
    }
    replaceConfirmationCode(db, userId, codeFor(userId), now);
    return { userId, created: !existing };
  })();
}

export function replaceConfirmationCode(db: Db, userId: number, code: CodeRecord, now: number): void {
  stmt(
    db,
    `INSERT INTO confirmation_codes (user_id, code_hash, expires_at, failed_attempts, created_at) VALUES (?, ?, ?, 0, ?)
     ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at,
       failed_attempts = 0, created_at = excluded.created_at`,
  ).run(userId, code.codeHash, code.expiresAt, now);
}

export interface ConfirmationCodeRow {
  user_id: number;
  code_hash: string;
  expires_at: number;
  failed_attempts: number;
}

export function findConfirmationCode(db: Db, userId: number): ConfirmationCodeRow | undefined {
  return stmt(db, 'SELECT * FROM confirmation_codes WHERE user_id = ?').get(userId) as ConfirmationCodeRow | undefined;
}

export function recordFailedCodeAttempt(db: Db, userId: number): number {
  const row = stmt(
    db,
    'UPDATE confirmation_codes SET failed_attempts = failed_attempts + 1 WHERE user_id = ? RETURNING failed_attempts',
  ).get(userId) as { failed_attempts: number } | undefined;
  return row?.failed_attempts ?? 0;
}

/** Confirms the account and consumes the code in one step, so a code can never be used twice. */
export function confirmUser(db: Db, userId: number, now: number): void {
  db.transaction(() => {
    stmt(db, 'UPDATE users SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL').run(now, userId);
    stmt(db, 'DELETE FROM confirmation_codes WHERE user_id = ?').run(userId);
  })();
}

export function createPasswordReset(db: Db, userId: number, idHash: string, expiresAt: number, now: number): void {
  db.transaction(() => {
    // Only the newest link works: an older e-mail lying in an inbox is no longer a way in.
    stmt(db, 'DELETE FROM password_resets WHERE user_id = ?').run(userId);
    stmt(db, 'INSERT INTO password_resets (id_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(
      idHash,
      userId,
      expiresAt,
      now,
    );
  })();
}

export interface PasswordResetRow {
  id_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
}

export function findPasswordReset(db: Db, idHash: string): PasswordResetRow | undefined {
  return stmt(db, 'SELECT * FROM password_resets WHERE id_hash = ?').get(idHash) as PasswordResetRow | undefined;
}

/**
 * Sets the new password, spends the reset link and ends every session of the account, all or
 * nothing. Completing a reset also proves the address, so an unconfirmed account becomes confirmed.
 */
export function completePasswordReset(db: Db, idHash: string, userId: number, passwordHash: string, now: number): boolean {
  return db.transaction(() => {
    const spent = stmt(db, 'UPDATE password_resets SET used_at = ? WHERE id_hash = ? AND used_at IS NULL').run(now, idHash);
    if (spent.changes !== 1) return false;
    stmt(db, 'UPDATE users SET password_hash = ?, confirmed_at = COALESCE(confirmed_at, ?) WHERE id = ?').run(
      passwordHash,
      now,
      userId,
    );
    stmt(db, 'DELETE FROM confirmation_codes WHERE user_id = ?').run(userId);
    stmt(db, 'DELETE FROM sessions WHERE user_id = ?').run(userId);
    return true;
  })();
}

export function updatePasswordHash(db: Db, userId: number, passwordHash: string): void {
  stmt(db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
}

/** Codes past their 24 hours confirm nothing; the sweep removes them. */
export function deleteExpiredConfirmationCodes(db: Db, now: number): number {
  return stmt(db, 'DELETE FROM confirmation_codes WHERE expires_at <= ?').run(now).changes;
}

/** Reset links that were used or have expired open nothing; the sweep removes them. */
export function deleteSpentPasswordResets(db: Db, now: number): number {
  return stmt(db, 'DELETE FROM password_resets WHERE used_at IS NOT NULL OR expires_at <= ?').run(now).changes;
}

/**
 * Deletes accounts created before `createdBefore` and never confirmed, unless a code or reset link
 * of theirs still works (someone is confirming right now). Such an account was never logged in to,
 * so its application is empty; the rows that hang off it go with it (ON DELETE CASCADE).
 */
export function deleteAbandonedSignUps(db: Db, createdBefore: number, now: number): number {
  return stmt(
    db,
    `DELETE FROM users WHERE confirmed_at IS NULL AND created_at < ?
       AND NOT EXISTS (SELECT 1 FROM confirmation_codes c WHERE c.user_id = users.id AND c.expires_at > ?)
       AND NOT EXISTS (SELECT 1 FROM password_resets r WHERE r.user_id = users.id AND r.used_at IS NULL AND r.expires_at > ?)`,
  ).run(createdBefore, now, now).changes;
}
