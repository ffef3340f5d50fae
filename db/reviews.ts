import type { Db } from './connection';
import { stmt } from './statements';

export interface ReviewRow {
  id: number;
  user_id: number;
  staff_id: number;
  staff_email: string;
  ratings: string;
  recommendation: string;
  comment: string;
  created_at: number;
}

export interface ClaimRow {
  staff_id: number;
  staff_email: string;
  assigned_by: number | null;
  reviewed: 0 | 1;
}

export interface NoteRow {
  id: number;
  staff_email: string;
  text: string;
  created_at: number;
}

export interface QueueRow {
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  submitted_at: number;
  review_count: number;
}

/** An application's submission time (null while unsubmitted), or undefined when there is no such application. */
export function findSubmittedAt(db: Db, userId: number): { submitted_at: number | null } | undefined {
  return stmt(db, 'SELECT submitted_at FROM applications WHERE user_id = ?').get(userId) as { submitted_at: number | null } | undefined;
}

export function listReviews(db: Db, userId: number): ReviewRow[] {
  return stmt(
    db,
    `SELECT r.id, r.user_id, r.staff_id, s.email AS staff_email, r.ratings, r.recommendation, r.comment, r.created_at
     FROM reviews r JOIN staff s ON s.id = r.staff_id WHERE r.user_id = ? ORDER BY r.id`,
  ).all(userId) as ReviewRow[];
}

/** Everyone who claimed or was assigned the application, or reviewed it, and whether they have reviewed it. */
export function listReviewers(db: Db, userId: number): ClaimRow[] {
  return stmt(
    db,
    `SELECT c.staff_id, s.email AS staff_email, c.assigned_by,
       EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = c.user_id AND r.staff_id = c.staff_id) AS reviewed
     FROM review_claims c JOIN staff s ON s.id = c.staff_id WHERE c.user_id = ? ORDER BY c.created_at, c.staff_id`,
  ).all(userId) as ClaimRow[];
}

export function hasClaim(db: Db, userId: number, staffId: number): boolean {
  return stmt(db, 'SELECT 1 FROM review_claims WHERE user_id = ? AND staff_id = ?').get(userId, staffId) !== undefined;
}

/** Claims (or assigns) an application; false when this staff member already holds it. */
export function insertClaim(db: Db, claim: { userId: number; staffId: number; assignedBy: number | null }, now: number): boolean {
  return (
    stmt(db, 'INSERT OR IGNORE INTO review_claims (user_id, staff_id, assigned_by, created_at) VALUES (?, ?, ?, ?)').run(
      claim.userId,
      claim.staffId,
      claim.assignedBy,
      now,
    ).changes === 1
  );
}

export function insertReview(
  db: Db,
  review: { userId: number; staffId: number; ratings: Record<string, number>; recommendation: string; comment: string },
  now: number,
): number {
  return Number(
    stmt(db, 'INSERT INTO reviews (user_id, staff_id, ratings, recommendation, comment, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      review.userId,
      review.staffId,
      JSON.stringify(review.ratings),
      review.recommendation,
      review.comment,
      now,
    ).lastInsertRowid,
  );
}

export function writeReviewSummary(db: Db, userId: number, summary: { count: number; flagged: boolean }): void {
  stmt(
    db,
    `INSERT INTO review_summaries (user_id, review_count, flagged) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET review_count = excluded.review_count, flagged = excluded.flagged`,
  ).run(userId, summary.count, summary.flagged ? 1 : 0);
}

export function readReviewSummary(db: Db, userId: number): { review_count: number; flagged: 0 | 1 } | undefined {
  return stmt(db, 'SELECT review_count, flagged FROM review_summaries WHERE user_id = ?').get(userId) as
    { review_count: number; flagged: 0 | 1 } | undefined;
}

export function insertNote(db: Db, note: { userId: number; staffId: number; text: string }, now: number): number {
  return Number(
    stmt(db, 'INSERT INTO notes (user_id, staff_id, text, created_at) VALUES (?, ?, ?, ?)').run(note.userId, note.staffId, note.text, now)
      .lastInsertRowid,
  );
}

export function listNotes(db: Db, userId: number): NoteRow[] {
  return stmt(
    db,
    'SELECT n.id, s.email AS staff_email, n.text, n.created_at FROM notes n JOIN staff s ON s.id = n.staff_id WHERE n.user_id = ? ORDER BY n.id',
  ).all(userId) as NoteRow[];
}

const QUEUE_COLUMNS = `SELECT a.user_id, json_extract(a.answers, '$.first_name') AS first_name,
    json_extract(a.answers, '$.last_name') AS last_name, a.submitted_at,
    (SELECT COUNT(*) FROM reviews r WHERE r.user_id = a.user_id) AS review_count`;

/** What a staff member claimed or was assigned and has not yet reviewed, oldest submission first. */
export function listClaimedUnreviewed(db: Db, staffId: number): QueueRow[] {
  return stmt(
    db,
    `${QUEUE_COLUMNS} FROM applications a JOIN review_claims c ON c.user_id = a.user_id AND c.staff_id = @staffId
     WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = a.user_id AND r.staff_id = @staffId)
     ORDER BY a.submitted_at, a.user_id`,
  ).all({ staffId }) as QueueRow[];
}

const WAITING = `FROM applications a WHERE a.submitted_at IS NOT NULL
    AND (SELECT COUNT(*) FROM review_claims c WHERE c.user_id = a.user_id) < @reads
    AND NOT EXISTS (SELECT 1 FROM review_claims c WHERE c.user_id = a.user_id AND c.staff_id = @staffId)
    AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.user_id = a.user_id)`;

/**
 * Submitted applications still short of their reads, not yet decided, that this staff member has
 * neither claimed nor reviewed: oldest submission first, so the three-week promise is kept in order.
 */
export function listWaiting(db: Db, query: { staffId: number; reads: number; limit: number }): QueueRow[] {
  return stmt(db, `${QUEUE_COLUMNS} ${WAITING} ORDER BY a.submitted_at, a.user_id LIMIT @limit`).all(query) as QueueRow[];
}

export function countWaiting(db: Db, query: { staffId: number; reads: number }): number {
  return (stmt(db, `SELECT COUNT(*) AS n ${WAITING}`).get(query) as { n: number }).n;
}
