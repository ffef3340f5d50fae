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
 * of submission.
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
       WHERE a.submitted_at IS NOT NULL AND u.confirmed_at IS NOT NULL GROUP BY 2`,
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

/** Applications submitted before a time, oldest first: at most `limit` of them, and how many in all. */
export function submittedBefore(db: Db, before: number, limit: number): { rows: WaitingRow[]; total: number } {
  const rows = stmt(
    db,
    `SELECT a.user_id, u.username AS email, json_extract(a.answers, '$.first_name') AS first_name,
       json_extract(a.answers, '$.last_name') AS last_name, a.submitted_at
     FROM applications a JOIN users u ON u.id = a.user_id
     WHERE a.submitted_at < ? ORDER BY a.submitted_at, a.user_id LIMIT ?`,
  ).all(before, limit) as WaitingRow[];
  const { total } = stmt(db, 'SELECT COUNT(*) AS total FROM applications WHERE submitted_at < ?').get(before) as { total: number };
  return { rows, total };
}
