import type { StaffRole } from '../src/catalogue/schema/staff';
import type { Db } from './connection';
import { stmt } from './statements';

export type { StaffRole };

export interface StaffRow {
  id: number;
  email: string;
  role: StaffRole;
  /** Argon2 hash; NULL until the invitation's password step. */
  password_hash: string | null;
  /** Sealed TOTP secret; NULL until the invitation's password step. */
  totp_secret: string | null;
  /** The newest 30-second step a TOTP code was accepted for. */
  totp_last_step: number;
  created_at: number;
  /** When the invitation was accepted (password and second factor set); NULL before. */
  activated_at: number | null;
  deactivated_at: number | null;
}

/** E-mail addresses are stored normalised (the shared schema's form), so equality is case-insensitive. */
export function findStaffByEmail(db: Db, email: string): StaffRow | undefined {
  return stmt(db, 'SELECT * FROM staff WHERE email = ?').get(email) as StaffRow | undefined;
}

export function findStaffById(db: Db, id: number): StaffRow | undefined {
  return stmt(db, 'SELECT * FROM staff WHERE id = ?').get(id) as StaffRow | undefined;
}

export function countStaff(db: Db): number {
  return (stmt(db, 'SELECT COUNT(*) AS count FROM staff').get() as { count: number }).count;
}

export function listStaff(db: Db): StaffRow[] {
  return stmt(db, 'SELECT * FROM staff ORDER BY email').all() as StaffRow[];
}

export interface InvitationRecord {
  idHash: string;
  expiresAt: number;
  invitedBy: number | null;
}

/**
 * Invites an address: a new account waiting for its invitation to be accepted, or, for one still
 * waiting, the new role and a new link (older links stop working). An account that was accepted
 * (active or deactivated) is left as it is and answered as such.
 */
export function inviteStaff(
  db: Db,
  email: string,
  role: StaffRole,
  invitation: InvitationRecord,
  now: number,
): { invited: true; staffId: number } | { invited: false; existing: 'active' | 'deactivated' } {
  return db
    .transaction(() => {
      const existing = findStaffByEmail(db, email);
      if (existing?.deactivated_at != null) return { invited: false as const, existing: 'deactivated' as const };
      if (existing?.activated_at != null) return { invited: false as const, existing: 'active' as const };
      let staffId: number;
      if (existing) {
        staffId = existing.id;
        stmt(db, 'UPDATE staff SET role = ? WHERE id = ?').run(role, staffId);
        stmt(db, 'UPDATE staff_invitations SET used_at = ? WHERE staff_id = ? AND used_at IS NULL').run(now, staffId);
      } else {
        staffId = Number(stmt(db, 'INSERT INTO staff (email, role, created_at) VALUES (?, ?, ?)').run(email, role, now).lastInsertRowid);
      }
      stmt(db, 'INSERT INTO staff_invitations (id_hash, staff_id, invited_by, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').run(
        invitation.idHash,
        staffId,
        invitation.invitedBy,
        invitation.expiresAt,
        now,
      );
      return { invited: true as const, staffId };
    })
    .immediate();
}

export interface OpenInvitation {
  staffId: number;
  email: string;
  role: StaffRole;
  passwordHash: string | null;
  totpSecret: string | null;
}

/** The account an invitation link opens, while it is unused, unexpired and its account not deactivated. */
export function findOpenInvitation(db: Db, idHash: string, now: number): OpenInvitation | undefined {
  return stmt(
    db,
    `SELECT s.id AS staffId, s.email, s.role, s.password_hash AS passwordHash, s.totp_secret AS totpSecret
     FROM staff_invitations i JOIN staff s ON s.id = i.staff_id
     WHERE i.id_hash = ? AND i.used_at IS NULL AND i.expires_at > ? AND s.deactivated_at IS NULL AND s.activated_at IS NULL`,
  ).get(idHash, now) as OpenInvitation | undefined;
}

/**
 * The account an invitation link accepted, from its acceptance until `since`: the link was spent
 * by that acceptance (not by a newer invitation or a deactivation) and the account is still active.
 */
export function findAcceptedInvitation(db: Db, idHash: string, since: number): { staffId: number; email: string } | undefined {
  return stmt(
    db,
    `SELECT s.id AS staffId, s.email FROM staff_invitations i JOIN staff s ON s.id = i.staff_id
     WHERE i.id_hash = ? AND i.used_at = s.activated_at AND i.used_at > ? AND s.deactivated_at IS NULL`,
  ).get(idHash, since) as { staffId: number; email: string } | undefined;
}

/** The invitation's password step: the chosen password and a new, not yet confirmed, TOTP secret. */
export function setPendingCredentials(db: Db, staffId: number, passwordHash: string, sealedSecret: string): void {
  stmt(db, 'UPDATE staff SET password_hash = ?, totp_secret = ? WHERE id = ? AND activated_at IS NULL').run(
    passwordHash,
    sealedSecret,
    staffId,
  );
}

/**
 * Accepts an invitation once its TOTP code was confirmed: the link is spent, the account active,
 * the code's step recorded (it is not accepted again) and the recovery codes stored, all or
 * nothing. Answers false when the link was spent in the meantime.
 */
export function acceptInvitation(
  db: Db,
  idHash: string,
  staffId: number,
  totpStep: number,
  recoveryCodeHashes: readonly string[],
  now: number,
): boolean {
  return db
    .transaction(() => {
      const spent = stmt(db, 'UPDATE staff_invitations SET used_at = ? WHERE id_hash = ? AND staff_id = ? AND used_at IS NULL').run(
        now,
        idHash,
        staffId,
      );
      if (spent.changes !== 1) return false;
      stmt(db, 'UPDATE staff SET activated_at = ?, totp_last_step = MAX(totp_last_step, ?) WHERE id = ?').run(now, totpStep, staffId);
      stmt(db, 'DELETE FROM staff_recovery_codes WHERE staff_id = ?').run(staffId);
      for (const hash of recoveryCodeHashes) {
        stmt(db, 'INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES (?, ?)').run(staffId, hash);
      }
      return true;
    })
    .immediate();
}

/** Takes a TOTP step for the account only if it is newer than every step taken before: a code is accepted once. */
export function takeTotpStep(db: Db, staffId: number, step: number): boolean {
  return stmt(db, 'UPDATE staff SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?').run(step, staffId, step).changes === 1;
}

/** Spends one recovery code of the account; false if it is not one of them or was used. */
export function spendRecoveryCode(db: Db, staffId: number, codeHash: string, now: number): boolean {
  return (
    stmt(db, 'UPDATE staff_recovery_codes SET used_at = ? WHERE staff_id = ? AND code_hash = ? AND used_at IS NULL').run(
      now,
      staffId,
      codeHash,
    ).changes === 1
  );
}

export function countActiveAdmins(db: Db): number {
  return (
    stmt(db, "SELECT COUNT(*) AS count FROM staff WHERE role = 'admin' AND activated_at IS NOT NULL AND deactivated_at IS NULL").get() as {
      count: number;
    }
  ).count;
}

export function setStaffRole(db: Db, staffId: number, role: StaffRole): void {
  stmt(db, 'UPDATE staff SET role = ? WHERE id = ?').run(role, staffId);
}

/** Deactivates an account and ends its sessions and open invitations at once; the row and its history stay. */
export function deactivateStaff(db: Db, staffId: number, now: number): void {
  db.transaction(() => {
    stmt(db, 'UPDATE staff SET deactivated_at = COALESCE(deactivated_at, ?) WHERE id = ?').run(now, staffId);
    stmt(db, 'DELETE FROM staff_sessions WHERE staff_id = ?').run(staffId);
    stmt(db, 'UPDATE staff_invitations SET used_at = ? WHERE staff_id = ? AND used_at IS NULL').run(now, staffId);
  }).immediate();
}
