import type { Db } from './connection';
import { stmt } from './statements';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  confirmed_at: number | null;
  created_at: number;
  /** 1 when sign-ups gave the unconfirmed account different passwords (see confirmUser). */
  password_contested: number;
  /** Every successful login; the logins table keeps only the newest (db/sessions.ts). */
  login_count: number;
}

/**
 * What password_hash holds while an account has no password: not an Argon2 hash, so no password
 * verifies against it; only a reset link sets one.
 */
const NO_PASSWORD_HASH = '!none: set by a password reset';

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

/** What a sign-up finds: a new account (created here), one waiting for confirmation, or a confirmed one. */
export type SignUpRecord =
  { created: true; userId: number } | { created: false; userId: number; passwordHash: string } | { alreadyConfirmed: true };

/**
 * Creates an unconfirmed account with its first confirmation code. An existing account is left as
 * it is: the caller checks the new password against the stored hash (an Argon2 check cannot run
 * inside a transaction), then calls refreshUnconfirmedUser. The code is made from the user id,
 * hence the callback.
 */
export function createUnconfirmedUser(
  db: Db,
  username: string,
  passwordHash: string,
  codeFor: (userId: number) => CodeRecord,
  now: number,
): SignUpRecord {
  return db
    .transaction((): SignUpRecord => {
      const existing = findUserByUsername(db, username);
      if (existing?.confirmed_at) return { alreadyConfirmed: true };
      if (existing) return { created: false, userId: existing.id, passwordHash: existing.password_hash };
      const userId = Number(
        stmt(db, 'INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)').run(username, passwordHash, now)
          .lastInsertRowid,
      );
      stmt(db, 'INSERT INTO applications (user_id, updated_at) VALUES (?, ?)').run(userId, now);
      replaceConfirmationCode(db, userId, codeFor(userId), now);
      return { created: true, userId };
    })
    .immediate();
}

/**
 * A repeated sign-up for an account waiting for confirmation: a new code, and nothing else but,
 * when it brought another password, the contested mark. The stored password never changes here.
 * The mark and the code are written together, so no code exists that could confirm the account
 * before it is marked. Answers undefined when the account was confirmed in the meantime.
 */
export function refreshUnconfirmedUser(
  db: Db,
  userId: number,
  anotherPassword: boolean,
  code: CodeRecord,
  now: number,
): { contested: boolean } | undefined {
  return db
    .transaction(() => {
      const row = stmt(
        db,
        `UPDATE users SET password_contested = MAX(password_contested, ?) WHERE id = ? AND confirmed_at IS NULL
       RETURNING password_contested`,
      ).get(anotherPassword ? 1 : 0, userId) as { password_contested: number } | undefined;
      if (!row) return undefined;
      replaceConfirmationCode(db, userId, code, now);
      return { contested: row.password_contested === 1 };
    })
    .immediate();
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

/**
 * Confirms the account and consumes the code in one step, so a code can never be used twice. A
 * contested account (two passwords were given) is confirmed without a password: neither sign-up's
 * password may get an account whose mailbox someone else proved. Its hash is voided, its sessions
 * ended, and the reset link the caller mails is stored in the same step (the only way in).
 */
export function confirmUser(
  db: Db,
  userId: number,
  now: number,
  resetIfContested?: { idHash: string; expiresAt: number },
): { contested: boolean } {
  return db
    .transaction(() => {
      const before = stmt(db, 'SELECT password_contested FROM users WHERE id = ? AND confirmed_at IS NULL').get(userId) as
        { password_contested: number } | undefined;
      stmt(db, 'UPDATE users SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL').run(now, userId);
      stmt(db, 'DELETE FROM confirmation_codes WHERE user_id = ?').run(userId);
      const contested = before?.password_contested === 1;
      if (contested) {
        stmt(db, 'UPDATE users SET password_hash = ?, password_contested = 0 WHERE id = ?').run(NO_PASSWORD_HASH, userId);
        stmt(db, 'DELETE FROM sessions WHERE user_id = ?').run(userId);
        if (resetIfContested) createPasswordReset(db, userId, resetIfContested.idHash, resetIfContested.expiresAt, now);
      }
      return { contested };
    })
    .immediate();
}

function createPasswordReset(db: Db, userId: number, idHash: string, expiresAt: number, now: number): void {
  db.transaction(() => {
    // Only the newest link works: an older e-mail lying in an inbox is no longer a way in.
    stmt(db, 'DELETE FROM password_resets WHERE user_id = ?').run(userId);
    stmt(db, 'INSERT INTO password_resets (id_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(
      idHash,
      userId,
      expiresAt,
      now,
    );
  }).immediate();
}

/**
 * Stores a reset link for the account of `username` if there is one, replacing its older link.
 * An unknown address runs the very same statements (they match no row), so the answer takes as
 * long whether or not the account exists. Answers whether an account got the link.
 */
export function createPasswordResetFor(db: Db, username: string, idHash: string, expiresAt: number, now: number): boolean {
  return db
    .transaction(() => {
      stmt(db, 'DELETE FROM password_resets WHERE user_id = (SELECT id FROM users WHERE username = ?)').run(username);
      const stored = stmt(
        db,
        'INSERT INTO password_resets (id_hash, user_id, expires_at, created_at) SELECT ?, id, ?, ? FROM users WHERE username = ?',
      ).run(idHash, expiresAt, now, username);
      return stored.changes === 1;
    })
    .immediate();
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
 * nothing. Completing a reset also proves the address, so an unconfirmed account becomes confirmed
 * (contested or not: the password is the one the mailbox chose).
 */
export function completePasswordReset(db: Db, idHash: string, userId: number, passwordHash: string, now: number): boolean {
  return db
    .transaction(() => {
      const spent = stmt(db, 'UPDATE password_resets SET used_at = ? WHERE id_hash = ? AND used_at IS NULL').run(now, idHash);
      if (spent.changes !== 1) return false;
      // The mailbox chose this password, so whatever sign-ups contested is settled.
      stmt(db, 'UPDATE users SET password_hash = ?, confirmed_at = COALESCE(confirmed_at, ?), password_contested = 0 WHERE id = ?').run(
        passwordHash,
        now,
        userId,
      );
      stmt(db, 'DELETE FROM confirmation_codes WHERE user_id = ?').run(userId);
      stmt(db, 'DELETE FROM sessions WHERE user_id = ?').run(userId);
      return true;
    })
    .immediate();
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
