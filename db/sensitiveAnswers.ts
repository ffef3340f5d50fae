import type { Db } from './connection';
import { stmt } from './statements';

/** An empty sealed value means "answered empty": the row is removed rather than kept. */
export function saveSealedAnswer(db: Db, userId: number, key: string, sealed: string): void {
  if (sealed === '') {
    stmt(db, 'DELETE FROM sensitive_answers WHERE user_id = ? AND answer_key = ?').run(userId, key);
    return;
  }
  stmt(
    db,
    `INSERT INTO sensitive_answers (user_id, answer_key, sealed) VALUES (?, ?, ?)
     ON CONFLICT (user_id, answer_key) DO UPDATE SET sealed = excluded.sealed`,
  ).run(userId, key, sealed);
}

export function listSealedAnswers(db: Db, userId: number): { answer_key: string; sealed: string }[] {
  return stmt(db, 'SELECT answer_key, sealed FROM sensitive_answers WHERE user_id = ? ORDER BY answer_key').all(userId) as {
    answer_key: string;
    sealed: string;
  }[];
}
