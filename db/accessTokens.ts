import type { Db } from './connection';
import { stmt } from './statements';

/** A staff link: it opens one applicant's application until it expires. */
export function createStaffLink(db: Db, idHash: string, userId: number, expiresAt: number, now: number): void {
  stmt(db, "INSERT INTO access_tokens (id_hash, kind, user_id, created_at, expires_at) VALUES (?, 'service', ?, ?, ?)").run(
    idHash,
    userId,
    now,
    expiresAt,
  );
}

/** A prefill link: it opens the form with these answers for a visitor until it expires. */
export function createPrefillLink(db: Db, idHash: string, answersJson: string, expiresAt: number, now: number): void {
  stmt(db, "INSERT INTO access_tokens (id_hash, kind, answers, created_at, expires_at) VALUES (?, 'tmp', ?, ?, ?)").run(
    idHash,
    answersJson,
    now,
    expiresAt,
  );
}

export function findStaffLinkApplicant(db: Db, idHash: string, now: number): number | undefined {
  const row = stmt(db, "SELECT user_id FROM access_tokens WHERE id_hash = ? AND kind = 'service' AND expires_at > ?").get(idHash, now) as
    { user_id: number } | undefined;
  return row?.user_id;
}

export function findPrefillAnswers(db: Db, idHash: string, now: number): string | undefined {
  const row = stmt(db, "SELECT answers FROM access_tokens WHERE id_hash = ? AND kind = 'tmp' AND expires_at > ?").get(idHash, now) as
    { answers: string } | undefined;
  return row?.answers;
}

/** Ends every staff link to one applicant's application at once; answers how many there were. */
export function deleteStaffLinksOf(db: Db, userId: number): number {
  return stmt(db, "DELETE FROM access_tokens WHERE kind = 'service' AND user_id = ?").run(userId).changes;
}

/** Expired staff and prefill links open nothing (and prefill ones hold answers): the sweep removes them. */
export function deleteExpiredAccessTokens(db: Db, now: number): number {
  return stmt(db, 'DELETE FROM access_tokens WHERE expires_at <= ?').run(now).changes;
}
