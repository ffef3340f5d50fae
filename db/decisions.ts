import type { Db } from './connection';
import { stmt } from './statements';

export interface DecisionRow {
  id: number;
  code: string;
  staff_email: string;
  created_at: number;
}

export type ReleaseState = 'awaiting_approval' | 'approved' | 'sending' | 'sent' | 'recalled';

export interface ReleaseRow {
  id: number;
  state: ReleaseState;
  scope: string;
  scheduled_at: number;
  prepared_by: number;
  prepared_by_email: string;
  prepared_at: number;
  approved_by: number | null;
  approved_by_email: string | null;
  approved_at: number | null;
  recalled_by_email: string | null;
  recalled_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  total: number;
  sent: number;
}

/** One application a release would carry, with what its rehearsal checks. */
export interface CandidateRow {
  user_id: number;
  /** 0 when the id names no applicant. */
  found: 0 | 1;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
  entry_term: string | null;
  applied_major: string | null;
  submitted_at: number | null;
  decision_id: number | null;
  code: string | null;
  flagged: 0 | 1;
  /** The newest release (not recalled) that carries this applicant, and when it sent it (NULL: not yet). */
  other_release_id: number | null;
  other_release_sent_at: number | null;
}

export function insertDecision(db: Db, decision: { userId: number; code: string; staffId: number }, now: number): number {
  return Number(
    stmt(db, 'INSERT INTO decisions (user_id, code, staff_id, created_at) VALUES (?, ?, ?, ?)').run(
      decision.userId,
      decision.code,
      decision.staffId,
      now,
    ).lastInsertRowid,
  );
}

/** An application's decisions, newest (the recorded one) first. */
export function listDecisions(db: Db, userId: number): DecisionRow[] {
  return stmt(
    db,
    `SELECT d.id, d.code, s.email AS staff_email, d.created_at FROM decisions d JOIN staff s ON s.id = d.staff_id
     WHERE d.user_id = ? ORDER BY d.id DESC`,
  ).all(userId) as DecisionRow[];
}

const CANDIDATE_COLUMNS = `SELECT s.user_id, a.user_id IS NOT NULL AS found, a.email,
    json_extract(a.answers, '$.first_name') AS first_name, json_extract(a.answers, '$.last_name') AS last_name,
    json_extract(a.answers, '$.preferred_name') AS preferred_name, json_extract(a.answers, '$.entry_term') AS entry_term,
    json_extract(a.answers, '$.applied_major') AS applied_major, a.submitted_at,
    d.id AS decision_id, d.code, COALESCE(rs.flagged, 0) AS flagged,
    o.release_id AS other_release_id, o.sent_at AS other_release_sent_at
  FROM scope s
  LEFT JOIN applications a ON a.user_id = s.user_id
  LEFT JOIN decisions d ON d.id = (SELECT MAX(id) FROM decisions WHERE user_id = s.user_id)
  LEFT JOIN review_summaries rs ON rs.user_id = s.user_id
  LEFT JOIN release_items o ON o.rowid = (
    SELECT i.rowid FROM release_items i JOIN releases r ON r.id = i.release_id
    WHERE i.user_id = s.user_id AND r.state <> 'recalled' ORDER BY r.id DESC LIMIT 1)`;

/** The applications a selection names, in its order, each with what a rehearsal checks. */
export function candidatesBySelection(db: Db, userIds: readonly number[]): CandidateRow[] {
  return stmt(
    db,
    `WITH scope(user_id, position) AS (SELECT value, MIN(key) FROM json_each(?) GROUP BY value)
     ${CANDIDATE_COLUMNS} ORDER BY s.position`,
  ).all(JSON.stringify(userIds)) as CandidateRow[];
}

/** Every application whose recorded decision is one of `codes` and that no release (not recalled) carries yet. */
export function candidatesByDecisions(db: Db, codes: readonly string[]): CandidateRow[] {
  return stmt(
    db,
    `WITH scope(user_id) AS (
       SELECT d.user_id FROM decisions d
       WHERE d.id = (SELECT MAX(id) FROM decisions WHERE user_id = d.user_id) AND d.code IN (SELECT value FROM json_each(@codes))
         AND NOT EXISTS (SELECT 1 FROM release_items i JOIN releases r ON r.id = i.release_id
                         WHERE i.user_id = d.user_id AND r.state <> 'recalled'))
     ${CANDIDATE_COLUMNS} ORDER BY s.user_id`,
  ).all({ codes: JSON.stringify(codes) }) as CandidateRow[];
}

/** Decisions recorded across the college, per code, for applications no release carries yet. */
export function countUnreleasedDecisions(db: Db): Map<string, number> {
  const rows = stmt(
    db,
    `SELECT d.code, COUNT(*) AS n FROM decisions d
     WHERE d.id = (SELECT MAX(id) FROM decisions WHERE user_id = d.user_id)
       AND NOT EXISTS (SELECT 1 FROM release_items i JOIN releases r ON r.id = i.release_id
                       WHERE i.user_id = d.user_id AND r.state <> 'recalled')
     GROUP BY d.code`,
  ).all() as { code: string; n: number }[];
  return new Map(rows.map((row) => [row.code, row.n]));
}

export function insertRelease(
  db: Db,
  release: { scope: unknown; scheduledAt: number; preparedBy: number; items: { userId: number; decisionId: number; letter: string }[] },
  now: number,
): number {
  const id = Number(
    stmt(
      db,
      "INSERT INTO releases (state, scope, scheduled_at, prepared_by, prepared_at, total) VALUES ('awaiting_approval', ?, ?, ?, ?, ?)",
    ).run(JSON.stringify(release.scope), release.scheduledAt, release.preparedBy, now, release.items.length).lastInsertRowid,
  );
  const insert = stmt(db, 'INSERT INTO release_items (release_id, user_id, decision_id, letter) VALUES (?, ?, ?, ?)');
  for (const item of release.items) insert.run(id, item.userId, item.decisionId, item.letter);
  return id;
}

const RELEASE_COLUMNS = `SELECT r.id, r.state, r.scope, r.scheduled_at, r.prepared_by, p.email AS prepared_by_email, r.prepared_at,
    r.approved_by, ap.email AS approved_by_email, r.approved_at, rc.email AS recalled_by_email, r.recalled_at, r.started_at, r.finished_at, r.total,
    (SELECT COUNT(*) FROM release_items i WHERE i.release_id = r.id AND i.sent_at IS NOT NULL) AS sent
  FROM releases r JOIN staff p ON p.id = r.prepared_by LEFT JOIN staff ap ON ap.id = r.approved_by LEFT JOIN staff rc ON rc.id = r.recalled_by`;

export function findRelease(db: Db, id: number): ReleaseRow | undefined {
  return stmt(db, `${RELEASE_COLUMNS} WHERE r.id = ?`).get(id) as ReleaseRow | undefined;
}

export function listReleases(db: Db, limit: number): ReleaseRow[] {
  return stmt(db, `${RELEASE_COLUMNS} ORDER BY r.id DESC LIMIT ?`).all(limit) as ReleaseRow[];
}

/** Letters per decision code in a release. */
export function countReleaseCodes(db: Db, releaseId: number): { code: string; n: number }[] {
  return stmt(
    db,
    `SELECT d.code, COUNT(*) AS n FROM release_items i JOIN decisions d ON d.id = i.decision_id
     WHERE i.release_id = ? GROUP BY d.code ORDER BY d.code`,
  ).all(releaseId) as { code: string; n: number }[];
}

/**
 * What has changed since a release was prepared: its applications whose recorded decision is no
 * longer the one it carries, or that another release (not recalled) carries too.
 */
export function staleReleaseItems(db: Db, releaseId: number): { user_id: number; reason: 'decision_changed' | 'other_release' }[] {
  return stmt(
    db,
    `SELECT i.user_id, CASE WHEN i.decision_id <> (SELECT MAX(id) FROM decisions WHERE user_id = i.user_id) THEN 'decision_changed'
       ELSE 'other_release' END AS reason
     FROM release_items i WHERE i.release_id = @id AND (
       i.decision_id <> (SELECT MAX(id) FROM decisions WHERE user_id = i.user_id)
       OR EXISTS (SELECT 1 FROM release_items o JOIN releases r ON r.id = o.release_id
                  WHERE o.user_id = i.user_id AND o.release_id <> @id AND r.state <> 'recalled'))`,
  ).all({ id: releaseId }) as { user_id: number; reason: 'decision_changed' | 'other_release' }[];
}

/** Which of a release's applications are flagged for committee now. */
export function flaggedReleaseItems(db: Db, releaseId: number): number[] {
  return (
    stmt(
      db,
      `SELECT i.user_id FROM release_items i JOIN review_summaries rs ON rs.user_id = i.user_id
       WHERE i.release_id = ? AND rs.flagged = 1`,
    ).all(releaseId) as { user_id: number }[]
  ).map((row) => row.user_id);
}

export function approveRelease(db: Db, id: number, staffId: number, now: number): boolean {
  return (
    stmt(db, "UPDATE releases SET state = 'approved', approved_by = ?, approved_at = ? WHERE id = ? AND state = 'awaiting_approval'").run(
      staffId,
      now,
      id,
    ).changes === 1
  );
}

/** A release can be recalled until it starts going out. */
export function recallRelease(db: Db, id: number, staffId: number, now: number): boolean {
  return (
    stmt(
      db,
      `UPDATE releases SET state = 'recalled', recalled_by = ?, recalled_at = ?
       WHERE id = ? AND state IN ('awaiting_approval', 'approved') AND scheduled_at > ?`,
    ).run(staffId, now, id, now).changes === 1
  );
}

/** The approved release whose time has come (or one that was going out when the server stopped), now going out. */
export function claimDueRelease(db: Db, now: number): ReleaseRow | undefined {
  const row = stmt(
    db,
    `UPDATE releases SET state = 'sending', started_at = COALESCE(started_at, @now)
     WHERE id = (SELECT id FROM releases WHERE state IN ('approved', 'sending') AND scheduled_at <= @now
                 ORDER BY scheduled_at, id LIMIT 1) RETURNING id`,
  ).get({ now }) as { id: number } | undefined;
  return row ? findRelease(db, row.id) : undefined;
}

export interface UnsentItem {
  user_id: number;
  email: string;
  letter: string;
}

export function nextUnsentItems(db: Db, releaseId: number, limit: number): UnsentItem[] {
  return stmt(
    db,
    `SELECT i.user_id, u.username AS email, i.letter FROM release_items i JOIN users u ON u.id = i.user_id
     WHERE i.release_id = ? AND i.sent_at IS NULL ORDER BY i.user_id LIMIT ?`,
  ).all(releaseId, limit) as UnsentItem[];
}

/** Marks one applicant's letter sent; false if it already was (so its mail is never queued twice). */
export function markItemSent(db: Db, releaseId: number, userId: number, now: number): boolean {
  return (
    stmt(db, 'UPDATE release_items SET sent_at = ? WHERE release_id = ? AND user_id = ? AND sent_at IS NULL').run(now, releaseId, userId)
      .changes === 1
  );
}

/** Marks a release sent once every applicant of it is; true when this call did. */
export function finishRelease(db: Db, id: number, now: number): boolean {
  return (
    stmt(
      db,
      `UPDATE releases SET state = 'sent', finished_at = ? WHERE id = ? AND state = 'sending'
       AND NOT EXISTS (SELECT 1 FROM release_items WHERE release_id = ? AND sent_at IS NULL)`,
    ).run(now, id, id).changes === 1
  );
}

/** The decision letter an applicant has been sent, the newest if more than one. */
export function findReleasedLetter(db: Db, userId: number): { release_id: number; letter: string; sent_at: number } | undefined {
  return stmt(
    db,
    `SELECT release_id, letter, sent_at FROM release_items WHERE user_id = ? AND sent_at IS NOT NULL ORDER BY sent_at DESC, release_id DESC LIMIT 1`,
  ).get(userId) as { release_id: number; letter: string; sent_at: number } | undefined;
}

/** An application's release as staff read it: the newest release (not recalled) carrying it. */
export function findApplicationRelease(
  db: Db,
  userId: number,
): { release_id: number; code: string; sent_at: number | null; first_opened_at: number | null; state: ReleaseState } | undefined {
  return stmt(
    db,
    `SELECT i.release_id, d.code, i.sent_at, i.first_opened_at, r.state FROM release_items i
     JOIN releases r ON r.id = i.release_id JOIN decisions d ON d.id = i.decision_id
     WHERE i.user_id = ? AND r.state <> 'recalled' ORDER BY r.id DESC LIMIT 1`,
  ).get(userId) as
    { release_id: number; code: string; sent_at: number | null; first_opened_at: number | null; state: ReleaseState } | undefined;
}

/** Records the first time the applicant opened their letter; later openings change nothing. */
export function markLetterOpened(db: Db, userId: number, releaseId: number, now: number): boolean {
  return (
    stmt(
      db,
      'UPDATE release_items SET first_opened_at = ? WHERE user_id = ? AND release_id = ? AND sent_at IS NOT NULL AND first_opened_at IS NULL',
    ).run(now, userId, releaseId).changes === 1
  );
}
