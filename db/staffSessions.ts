import type { Db } from './connection';
import type { StaffRole } from './staff';
import { stmt } from './statements';

export type StaffSessionStage = 'password' | 'signed_in';

export interface StaffSessionRow {
  id_hash: string;
  staff_id: number;
  stage: StaffSessionStage;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** When the second factor was last confirmed again in this session, or null. */
  factor_confirmed_at: number | null;
  email: string;
  role: StaffRole;
}

/** Opens a staff session (or the password step before it), replacing the caller's previous one. */
export function startStaffSession(
  db: Db,
  session: { idHash: string; staffId: number; stage: StaffSessionStage; expiresAt: number; replacesIdHash?: string },
  now: number,
): void {
  db.transaction(() => {
    if (session.replacesIdHash) stmt(db, 'DELETE FROM staff_sessions WHERE id_hash = ?').run(session.replacesIdHash);
    stmt(db, 'INSERT INTO staff_sessions (id_hash, staff_id, stage, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      session.idHash,
      session.staffId,
      session.stage,
      now,
      now,
      session.expiresAt,
    );
  }).immediate();
}

/** A session of an active account only: a deactivated account's sessions open nothing, even before they are deleted. */
export function findStaffSession(db: Db, idHash: string): StaffSessionRow | undefined {
  return stmt(
    db,
    `SELECT ss.*, s.email, s.role FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id
     WHERE ss.id_hash = ? AND s.activated_at IS NOT NULL AND s.deactivated_at IS NULL`,
  ).get(idHash) as StaffSessionRow | undefined;
}

export function touchStaffSession(db: Db, idHash: string, now: number): void {
  stmt(db, 'UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?').run(now, idHash);
}

/** The staff member entered a code again in this session: remembered until the session ends. */
export function confirmStaffSecondFactor(db: Db, idHash: string, now: number): void {
  stmt(db, 'UPDATE staff_sessions SET factor_confirmed_at = ? WHERE id_hash = ?').run(now, idHash);
}

export function endStaffSession(db: Db, idHash: string): void {
  stmt(db, 'DELETE FROM staff_sessions WHERE id_hash = ?').run(idHash);
}

/** Removes staff sessions that are idle or past their end; run by the housekeeping, not per request. */
export function deleteExpiredStaffSessions(db: Db, now: number, idleMs: number): number {
  return stmt(db, 'DELETE FROM staff_sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(now, now - idleMs).changes;
}
