import type { Db } from './connection';
import { stmt } from './statements';

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  /** Empty once the mail was sent (SMTP) or the code or link in it expired. */
  text: string;
  status: 'stored' | 'pending' | 'sent' | 'failed';
  attempts: number;
  created_at: number;
  sent_at: number | null;
  body_expires_at: number | null;
}

export function enqueueMail(
  db: Db,
  mail: { to: string; subject: string; text: string; status: 'stored' | 'pending'; bodyExpiresAt?: number },
  now: number,
): number {
  return Number(
    stmt(db, 'INSERT INTO outbox (to_address, subject, text, status, created_at, body_expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      mail.to,
      mail.subject,
      mail.text,
      mail.status,
      now,
      mail.bodyExpiresAt ?? null,
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

/** Once the mail server has the message, the body (a live code or link) is not kept: the record is. */
export function markMailSent(db: Db, id: number, now: number): void {
  stmt(db, "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, text = '' WHERE id = ?").run(now, id);
}

/** A failed delivery is retried later until it has failed too often to be worth another try. */
export function markMailFailed(db: Db, id: number, error: string, maxAttempts: number): void {
  stmt(
    db,
    `UPDATE outbox SET attempts = attempts + 1, last_error = ?,
       status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE 'pending' END WHERE id = ?`,
  ).run(error, maxAttempts, id);
}

/**
 * Empties the bodies whose code or link has expired (in outbox mode they are never sent, and
 * with SMTP a mail still undelivered by then is no use to anyone: it stops being retried).
 */
export function purgeExpiredMailBodies(db: Db, now: number): number {
  return stmt(
    db,
    `UPDATE outbox SET text = '',
       last_error = CASE WHEN status = 'pending' THEN 'expired before delivery' ELSE last_error END,
       status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END
     WHERE body_expires_at <= ? AND text <> ''`,
  ).run(now).changes;
}

/** Mail records (recipient, subject, times) are kept for this long for support questions, then go. */
export function deleteMailCreatedBefore(db: Db, before: number): number {
  return stmt(db, 'DELETE FROM outbox WHERE created_at < ?').run(before).changes;
}
