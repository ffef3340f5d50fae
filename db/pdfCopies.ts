import type { Db } from './connection';
import { enqueueJob, enqueueObjectDeletion, findActiveJob } from './jobs';
import { stmt } from './statements';

export interface PdfCopyRow {
  user_id: number;
  fingerprint: string;
  status: 'completed' | 'failed';
  object_key: string | null;
  message: string;
  rendered_at: number;
}

export function findCopy(db: Db, userId: number): PdfCopyRow | undefined {
  return stmt(db, 'SELECT * FROM pdf_copies WHERE user_id = ?').get(userId) as PdfCopyRow | undefined;
}

/**
 * Names everything a copy shows: the answers' version, the submission time, the add-another
 * counts and the converted documents. A copy whose fingerprint differs is out of date; after
 * submission nothing of it can change any more, so the copy made then stays as it is.
 */
export function copyFingerprint(db: Db, userId: number): string | undefined {
  const application = stmt(db, 'SELECT version, submitted_at FROM applications WHERE user_id = ?').get(userId) as
    { version: number; submitted_at: number | null } | undefined;
  if (!application) return undefined;
  const documents = stmt(
    db,
    "SELECT answer_key, converted_key FROM documents WHERE user_id = ? AND status = 'completed' ORDER BY answer_key",
  ).all(userId) as { answer_key: string; converted_key: string }[];
  const counts = stmt(db, 'SELECT button_id, num_components FROM add_another_counts WHERE user_id = ? ORDER BY button_id').all(userId) as {
    button_id: string;
    num_components: number;
  }[];
  return [
    `v${application.version}`,
    `s${application.submitted_at ?? ''}`,
    documents.map((row) => `${row.answer_key}=${row.converted_key}`).join(','),
    counts.map((row) => `${row.button_id}=${row.num_components}`).join(','),
  ].join('|');
}

/** Queues a rendering unless one for the same state is already waiting or running. */
export function requestCopyRender(db: Db, userId: number, fingerprint: string, now: number): void {
  db.transaction(() => {
    const active = findActiveJob(db, 'render_copy', userId);
    if (active?.state === 'queued') return;
    if (active && (JSON.parse(active.payload) as { fingerprint?: string }).fingerprint === fingerprint) return;
    enqueueJob(db, { kind: 'render_copy', userId, payload: { fingerprint } }, now);
  }).immediate();
}

/** Records a new copy and queues the file of the one it replaces for deletion. */
export function saveRenderedCopy(db: Db, userId: number, fingerprint: string, objectKey: string, now: number): void {
  db.transaction(() => {
    const previous = findCopy(db, userId);
    stmt(
      db,
      `INSERT INTO pdf_copies (user_id, fingerprint, status, object_key, message, rendered_at) VALUES (?, ?, 'completed', ?, '', ?)
       ON CONFLICT (user_id) DO UPDATE SET fingerprint = excluded.fingerprint, status = 'completed',
         object_key = excluded.object_key, message = '', rendered_at = excluded.rendered_at`,
    ).run(userId, fingerprint, objectKey, now);
    if (previous?.object_key && previous.object_key !== objectKey) enqueueObjectDeletion(db, [previous.object_key], now);
  }).immediate();
}

/** A failed rendering keeps the previous copy's file (a link to it may be open) but reports the failure. */
export function recordCopyFailure(db: Db, userId: number, fingerprint: string, message: string, now: number): void {
  stmt(
    db,
    `INSERT INTO pdf_copies (user_id, fingerprint, status, object_key, message, rendered_at) VALUES (?, ?, 'failed', NULL, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET fingerprint = excluded.fingerprint, status = 'failed', message = excluded.message,
       rendered_at = excluded.rendered_at`,
  ).run(userId, fingerprint, message, now);
}
