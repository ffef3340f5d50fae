import type { Db } from './connection';
import { stmt } from './statements';

export interface ProfileParts {
  answers: string;
  version: number;
  last_page: string | null;
  submitted_at: number | null;
  /** JSON arrays and object text, built by SQLite. */
  logins: string;
  web_status: string;
  documents: string;
  has_sensitive: 0 | 1;
  /** JSON of the decision letter sent to the applicant ({released_at, letter}), NULL before any. */
  decision: string | null;
}

/**
 * Everything the profile shows, in one statement: the profile is loaded on every page and is the
 * hottest read of the product, and one round into SQLite costs less than five.
 */
export function readProfileParts(db: Db, userId: number): ProfileParts | undefined {
  return stmt(
    db,
    `SELECT a.answers, a.version, a.last_page, a.submitted_at,
       (SELECT json_group_array(json_object('created_at', created_at))
          FROM (SELECT created_at FROM logins WHERE user_id = a.user_id ORDER BY id)) AS logins,
       (SELECT json_group_array(json_object('web_status', web_status, 'created_at', created_at))
          FROM (SELECT web_status, created_at FROM web_status_events WHERE user_id = a.user_id ORDER BY created_at, rowid)) AS web_status,
       (SELECT json_group_object(answer_key, json_object('file_name', file_name, 'file_size', file_size, 'status', status))
          FROM (SELECT * FROM documents WHERE user_id = a.user_id ORDER BY answer_key)) AS documents,
       EXISTS (SELECT 1 FROM sensitive_answers WHERE user_id = a.user_id) AS has_sensitive,
       (SELECT json_object('released_at', sent_at, 'letter', json(letter)) FROM release_items
          WHERE user_id = a.user_id AND sent_at IS NOT NULL ORDER BY sent_at DESC, release_id DESC LIMIT 1) AS decision
     FROM applications a WHERE a.user_id = ?`,
  ).get(userId) as ProfileParts | undefined;
}
