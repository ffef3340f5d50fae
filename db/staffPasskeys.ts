import type { Db } from './connection';
import { stmt } from './statements';

export interface StaffPasskeyRow {
  credential_id: string;
  staff_id: number;
  public_key: Buffer;
  counter: number;
  /** JSON array of how the authenticator is reached (internal, usb, hybrid…), as the browser said. */
  transports: string;
  created_at: number;
  last_used_at: number | null;
}

export type PasskeyPurpose = 'registration' | 'authentication';

export function listStaffPasskeys(db: Db, staffId: number): StaffPasskeyRow[] {
  return stmt(db, 'SELECT * FROM staff_passkeys WHERE staff_id = ? ORDER BY created_at').all(staffId) as StaffPasskeyRow[];
}

/** A passkey by the credential id the browser names it by, only if it is this account's. */
export function findStaffPasskey(db: Db, staffId: number, credentialId: string): StaffPasskeyRow | undefined {
  return stmt(db, 'SELECT * FROM staff_passkeys WHERE credential_id = ? AND staff_id = ?').get(credentialId, staffId) as
    StaffPasskeyRow | undefined;
}

/** Stores a new passkey; false when its credential id is already stored (for this account or another). */
export function addStaffPasskey(
  db: Db,
  passkey: { credentialId: string; staffId: number; publicKey: Uint8Array; counter: number; transports: readonly string[] },
  now: number,
): boolean {
  return (
    stmt(
      db,
      `INSERT INTO staff_passkeys (credential_id, staff_id, public_key, counter, transports, created_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`,
    ).run(passkey.credentialId, passkey.staffId, Buffer.from(passkey.publicKey), passkey.counter, JSON.stringify(passkey.transports), now)
      .changes === 1
  );
}

/**
 * Records a passkey's use: the counter its authenticator reported, and when. Only if the stored
 * counter is still the one the signature was checked against, so two uses of one signature cannot both pass.
 */
export function recordPasskeyUse(db: Db, credentialId: string, previousCounter: number, counter: number, now: number): boolean {
  return (
    stmt(db, 'UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE credential_id = ? AND counter = ?').run(
      counter,
      now,
      credentialId,
      previousCounter,
    ).changes === 1
  );
}

/**
 * Keeps a new challenge for what it is bound to (an accepted invitation, a sign-in's password
 * step): an earlier one for the same binding and purpose stops counting, and expired ones are dropped.
 */
export function putPasskeyChallenge(
  db: Db,
  challenge: { challenge: string; purpose: PasskeyPurpose; boundTo: string; staffId: number; expiresAt: number },
  now: number,
): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM staff_passkey_challenges WHERE expires_at <= ?').run(now);
    stmt(db, 'DELETE FROM staff_passkey_challenges WHERE bound_to = ? AND purpose = ?').run(challenge.boundTo, challenge.purpose);
    stmt(db, 'INSERT INTO staff_passkey_challenges (challenge, purpose, bound_to, staff_id, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      challenge.challenge,
      challenge.purpose,
      challenge.boundTo,
      challenge.staffId,
      challenge.expiresAt,
    );
  }).immediate();
}

/** Takes (and so spends) the binding's challenge for a purpose: answered once, and only before it expires. */
export function takePasskeyChallenge(
  db: Db,
  boundTo: string,
  purpose: PasskeyPurpose,
  now: number,
): { challenge: string; staffId: number } | undefined {
  const row = stmt(
    db,
    'DELETE FROM staff_passkey_challenges WHERE bound_to = ? AND purpose = ? RETURNING challenge, staff_id AS staffId, expires_at AS expiresAt',
  ).get(boundTo, purpose) as { challenge: string; staffId: number; expiresAt: number } | undefined;
  return row && row.expiresAt > now ? { challenge: row.challenge, staffId: row.staffId } : undefined;
}
