import type { Db } from './connection';
import { stmt } from './statements';

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  status: 'stored' | 'pending' | 'sent' | 'failed';
  attempts: number;
  created_at: number;
  sent_at: number | null;
}

export function enqueueMail(
  db: Db,
  mail: { to: string; subject: string; text: string; status: 'stored' | 'pending' },
  now: number,
): number {
  return Number(
    stmt(db, 'INSERT INTO outbox (to_address, subject, text, status, created_at) VALUES (?, ?, ?, ?, ?)').run(
      mail.to,
      mail.subject,
      mail.text,
      mail.status,
      now,
    ).lastInsertRowid,
  );
}

export function listOutbox(db: Db, filter: { to?: string; limit?: number } = {}): OutboxRow[] {
  const limit = filter.limit ?? 100;
  if (filter.to !== undefined) {
    return stmt(db, 'SELECT * FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT ?').all(filter.to, limit) as OutboxRow[];
  }
  return stmt(db, 'SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(limit) as OutboxRow[];
}

export function listPendingMail(db: Db, limit: number): OutboxRow[] {
  return stmt(db, "SELECT * FROM outbox WHERE status = 'pending' ORDER BY id LIMIT ?").all(limit) as OutboxRow[];
}

export function markMailSent(db: Db, id: number, now: number): void {
  stmt(db, "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1 WHERE id = ?").run(now, id);
}

/** A failed delivery is retried later until it has failed too often to be worth another try. */
export function markMailFailed(db: Db, id: number, error: string, maxAttempts: number): void {
  stmt(
    db,
    `UPDATE outbox SET attempts = attempts + 1, last_error = ?,
       status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE 'pending' END WHERE id = ?`,
  ).run(error, maxAttempts, id);
}
