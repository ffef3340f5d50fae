import type { Db } from './connection';
import { stmt } from './statements';

/** How many reached one measure on one UTC day; `measure` is a step's route for the steps. */
export interface DailyCountRow {
  measure: string;
  day: string;
  count: number;
}

const DAY = (column: string) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;

/**
 * The dashboard's counts per UTC day, of confirmed accounts only (an unconfirmed sign-up is no
 * account yet): accounts by the day they were confirmed, applications by the day of their first
 * saved answer, each step by the day it was first opened, missing information by the day the web
 * status reached validating (a submission records validating too, at its own time: an applicant
 * whose first submit went through was never told of missing information), submissions by the day
 * of submission; then each application once, by the day of its first review, of its first decision
 * and of the release that sent it its decision.
 */
export function dailyCounts(db: Db): DailyCountRow[] {
  return stmt(
    db,
    `SELECT 'accounts' AS measure, ${DAY('u.confirmed_at')} AS day, COUNT(*) AS count
       FROM users u WHERE u.confirmed_at IS NOT NULL GROUP BY 2
     UNION ALL
     SELECT 'started', ${DAY('a.started_at')}, COUNT(*)
       FROM applications a JOIN users u ON u.id = a.user_id
       WHERE a.started_at IS NOT NULL AND u.confirmed_at IS NOT NULL GROUP BY 2
     UNION ALL
     SELECT s.page, ${DAY('s.reached_at')}, COUNT(*)
       FROM steps_reached s JOIN users u ON u.id = s.user_id WHERE u.confirmed_at IS NOT NULL GROUP BY 1, 2
     UNION ALL
     SELECT 'missing_information', ${DAY('w.created_at')}, COUNT(*)
       FROM web_status_events w JOIN users u ON u.id = w.user_id JOIN applications a ON a.user_id = w.user_id
       WHERE w.web_status = 'validating' AND u.confirmed_at IS NOT NULL
         AND (a.submitted_at IS NULL OR w.created_at <> a.submitted_at) GROUP BY 2
     UNION ALL
     SELECT 'submitted', ${DAY('a.submitted_at')}, COUNT(*)
       FROM applications a JOIN users u ON u.id = a.user_id
       WHERE a.submitted_at IS NOT NULL AND u.confirmed_at IS NOT NULL GROUP BY 2
     UNION ALL
     SELECT 'reviewed', day, COUNT(*) FROM (SELECT ${DAY('MIN(created_at)')} AS day FROM reviews GROUP BY user_id) GROUP BY day
     UNION ALL
     SELECT 'decided', day, COUNT(*) FROM (SELECT ${DAY('MIN(created_at)')} AS day FROM decisions GROUP BY user_id) GROUP BY day
     UNION ALL
     SELECT 'released', day, COUNT(*) FROM (
       SELECT ${DAY('MIN(sent_at)')} AS day FROM release_items WHERE sent_at IS NOT NULL GROUP BY user_id) GROUP BY day`,
  ).all() as DailyCountRow[];
}

/** When the first account of all was created (confirmed or not), or null while there is none. */
export function firstAccountCreatedAt(db: Db): number | null {
  return (stmt(db, 'SELECT MIN(created_at) AS first FROM users').get() as { first: number | null }).first;
}

export interface WaitingRow {
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  submitted_at: number;
}

const UNRELEASED = 'NOT EXISTS (SELECT 1 FROM release_items i WHERE i.user_id = a.user_id AND i.sent_at IS NOT NULL)';

/**
 * Applications submitted before a time that no release has sent a decision to, oldest first: at
 * most `limit` of them, how many in all, and how many were submitted before `promiseBefore`.
 */
export function waitingSince(
  db: Db,
  query: { before: number; promiseBefore: number; limit: number },
): { rows: WaitingRow[]; total: number; pastPromise: number } {
  const rows = stmt(
    db,
    `SELECT a.user_id, u.username AS email, json_extract(a.answers, '$.first_name') AS first_name,
       json_extract(a.answers, '$.last_name') AS last_name, a.submitted_at
     FROM applications a JOIN users u ON u.id = a.user_id
     WHERE a.submitted_at < @before AND ${UNRELEASED} ORDER BY a.submitted_at, a.user_id LIMIT @limit`,
  ).all(query) as WaitingRow[];
  const { total, pastPromise } = stmt(
    db,
    `SELECT COUNT(*) AS total, COALESCE(SUM(a.submitted_at < @promiseBefore), 0) AS pastPromise
     FROM applications a WHERE a.submitted_at < @before AND ${UNRELEASED}`,
  ).get({ before: query.before, promiseBefore: query.promiseBefore }) as { total: number; pastPromise: number };
  return { rows, total, pastPromise };
}
