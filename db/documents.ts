import type { Db } from './connection';
import { enqueueObjectDeletion } from './jobs';
import { stmt } from './statements';

/** A document's conversion statuses; 'not answered' is also what a question without any row reports. */
export type DocumentStatus = 'unprocessed' | 'in progress' | 'completed' | 'failed' | 'not answered';
export type DocumentFileType = 'png' | 'jpeg' | 'pdf' | 'docx';

/** A conversion that is queued or running: the document must not be replaced or detached under it. */
export const BUSY_STATUSES: readonly DocumentStatus[] = ['unprocessed', 'in progress'];

export interface UploadSlotRow {
  object_key: string;
  user_id: number;
  answer_key: string;
  expires_at: number;
  created_at: number;
  received_at: number | null;
  received_size: number | null;
  refusal: string | null;
  claimed_at: number | null;
}

export interface DocumentRow {
  user_id: number;
  answer_key: string;
  generation: number;
  file_name: string;
  file_size: number;
  file_type: DocumentFileType;
  original_key: string | null;
  status: DocumentStatus;
  message: string;
  converted_key: string | null;
  created_at: number;
  updated_at: number;
}

// --- Upload slots ---------------------------------------------------------------------------

export function createUploadSlot(
  db: Db,
  slot: { objectKey: string; userId: number; answerKey: string; expiresAt: number },
  now: number,
): void {
  stmt(db, 'INSERT INTO upload_slots (object_key, user_id, answer_key, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').run(
    slot.objectKey,
    slot.userId,
    slot.answerKey,
    slot.expiresAt,
    now,
  );
}

export function findUploadSlot(db: Db, objectKey: string): UploadSlotRow | undefined {
  return stmt(db, 'SELECT * FROM upload_slots WHERE object_key = ?').get(objectKey) as UploadSlotRow | undefined;
}

export function recordUploadReceived(db: Db, objectKey: string, size: number, now: number): void {
  stmt(db, 'UPDATE upload_slots SET received_at = ?, received_size = ?, refusal = NULL WHERE object_key = ?').run(now, size, objectKey);
}

/** The upload itself is answered cross-origin and unread (no-cors); the refusal is kept for the conversion request to report. */
export function recordUploadRefused(db: Db, objectKey: string, message: string, now: number): void {
  stmt(db, 'UPDATE upload_slots SET received_at = ?, received_size = NULL, refusal = ? WHERE object_key = ?').run(now, message, objectKey);
}

/** Upload forms an applicant holds that are still open (not expired, not used). */
export function countOpenUploadSlots(db: Db, userId: number, now: number): number {
  return (
    stmt(db, 'SELECT COUNT(*) AS n FROM upload_slots WHERE user_id = ? AND claimed_at IS NULL AND expires_at > ?').get(userId, now) as {
      n: number;
    }
  ).n;
}

/**
 * Housekeeping: slots that expired unused before `expiredBefore` go, and their objects (if any
 * arrived) are queued for deletion; used slots go once no document refers to their file.
 */
export function dropStaleUploadSlots(db: Db, expiredBefore: number, now: number): number {
  return db
    .transaction(() => {
      const expired = stmt(db, 'SELECT object_key FROM upload_slots WHERE claimed_at IS NULL AND expires_at < ?').all(expiredBefore) as {
        object_key: string;
      }[];
      enqueueObjectDeletion(
        db,
        expired.map((row) => row.object_key),
        now,
      );
      stmt(db, 'DELETE FROM upload_slots WHERE claimed_at IS NULL AND expires_at < ?').run(expiredBefore);
      const used = stmt(
        db,
        `DELETE FROM upload_slots WHERE claimed_at IS NOT NULL AND claimed_at < ?
         AND object_key NOT IN (SELECT original_key FROM documents WHERE original_key IS NOT NULL)`,
      ).run(expiredBefore).changes;
      return expired.length + used;
    })
    .immediate();
}

// --- Documents ------------------------------------------------------------------------------

export function findDocument(db: Db, userId: number, answerKey: string): DocumentRow | undefined {
  return stmt(db, 'SELECT * FROM documents WHERE user_id = ? AND answer_key = ?').get(userId, answerKey) as DocumentRow | undefined;
}

/** Every document of an applicant, whatever its conversion's status, in the order of the answer keys. */
export function listDocuments(db: Db, userId: number): DocumentRow[] {
  return stmt(db, 'SELECT * FROM documents WHERE user_id = ? ORDER BY answer_key').all(userId) as DocumentRow[];
}

/** GET /api/document-answer and the profile: `{key: {file_name, file_size, status}}`. */
export function documentAnswersJson(db: Db, userId: number): string {
  const entries = listDocuments(db, userId).map((row) => [
    row.answer_key,
    { file_name: row.file_name, file_size: row.file_size, status: row.status },
  ]);
  return JSON.stringify(Object.fromEntries(entries));
}

/** Inserts or replaces the document of a question (part of a larger transaction, see db/documentAnswers). */
export function upsertDocument(
  db: Db,
  document: Pick<DocumentRow, 'user_id' | 'answer_key' | 'generation' | 'file_name' | 'file_size' | 'file_type' | 'original_key'>,
  now: number,
): void {
  stmt(
    db,
    `INSERT INTO documents (user_id, answer_key, generation, file_name, file_size, file_type, original_key, status, message,
       converted_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'unprocessed', '', NULL, ?, ?)
     ON CONFLICT (user_id, answer_key) DO UPDATE SET generation = excluded.generation, file_name = excluded.file_name,
       file_size = excluded.file_size, file_type = excluded.file_type, original_key = excluded.original_key,
       status = 'unprocessed', message = '', converted_key = NULL, updated_at = excluded.updated_at`,
  ).run(
    document.user_id,
    document.answer_key,
    document.generation,
    document.file_name,
    document.file_size,
    document.file_type,
    document.original_key,
    now,
    now,
  );
}

export function claimUploadSlot(db: Db, objectKey: string, now: number): void {
  stmt(db, 'UPDATE upload_slots SET claimed_at = ? WHERE object_key = ?').run(now, objectKey);
}

/** Moves a conversion to 'in progress' if the document is still the one the job was made for. */
export function markConversionRunning(db: Db, userId: number, answerKey: string, generation: number, now: number): boolean {
  return (
    stmt(
      db,
      `UPDATE documents SET status = 'in progress', updated_at = ?
       WHERE user_id = ? AND answer_key = ? AND generation = ? AND status IN ('unprocessed', 'in progress')`,
    ).run(now, userId, answerKey, generation).changes === 1
  );
}

/**
 * Completes a conversion if the document is still the one the job was made for and the
 * application is not submitted: a submitted application never gains a document.
 */
export function setConversionCompleted(
  db: Db,
  userId: number,
  answerKey: string,
  generation: number,
  convertedKey: string,
  now: number,
): boolean {
  return (
    stmt(
      db,
      `UPDATE documents SET status = 'completed', message = '', converted_key = ?, updated_at = ?
       WHERE user_id = ? AND answer_key = ? AND generation = ? AND status IN ('unprocessed', 'in progress')
         AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = documents.user_id AND a.submitted_at IS NOT NULL)`,
    ).run(convertedKey, now, userId, answerKey, generation).changes === 1
  );
}

/** A failed conversion keeps the name and size (the client lists it as failed) but not the unusable file. */
export function setConversionFailed(
  db: Db,
  userId: number,
  answerKey: string,
  generation: number,
  message: string,
  now: number,
): DocumentRow | undefined {
  const row = findDocument(db, userId, answerKey);
  if (!row || row.generation !== generation || !BUSY_STATUSES.includes(row.status)) return undefined;
  stmt(
    db,
    `UPDATE documents SET status = 'failed', message = ?, original_key = NULL, converted_key = NULL, updated_at = ?
     WHERE user_id = ? AND answer_key = ?`,
  ).run(message, now, userId, answerKey);
  enqueueObjectDeletion(db, [row.original_key, row.converted_key], now);
  return row;
}

/** Removes the conversion only; the uploaded file stays and could be converted again. */
export function clearConversion(db: Db, row: DocumentRow, now: number): void {
  if (row.original_key === null) {
    stmt(db, 'DELETE FROM documents WHERE user_id = ? AND answer_key = ?').run(row.user_id, row.answer_key);
  } else {
    stmt(
      db,
      `UPDATE documents SET status = 'not answered', message = '', converted_key = NULL, updated_at = ?
       WHERE user_id = ? AND answer_key = ?`,
    ).run(now, row.user_id, row.answer_key);
  }
  enqueueObjectDeletion(db, [row.converted_key], now);
}

/** Removes a document and its conversion rows, queueing their files for deletion. */
export function removeDocument(db: Db, row: DocumentRow, now: number): void {
  stmt(db, 'DELETE FROM documents WHERE user_id = ? AND answer_key = ?').run(row.user_id, row.answer_key);
  enqueueObjectDeletion(db, [row.original_key, row.converted_key], now);
}

/**
 * For a tab switch: the documents among the keys the switch clears. Returns 'busy' when one of
 * them is still being converted (a conversion blocks the switch), otherwise removes them. Runs inside
 * the caller's transaction.
 */
export function detachDocuments(db: Db, userId: number, answerKeys: readonly string[], now: number): 'detached' | 'busy' {
  const rows = answerKeys.map((key) => findDocument(db, userId, key)).filter((row): row is DocumentRow => row !== undefined);
  if (rows.some((row) => BUSY_STATUSES.includes(row.status))) return 'busy';
  for (const row of rows) removeDocument(db, row, now);
  return 'detached';
}

/** Whether any of the applicant's documents is still being converted. */
export function hasBusyDocument(db: Db, userId: number): boolean {
  return (
    stmt(db, "SELECT 1 FROM documents WHERE user_id = ? AND status IN ('unprocessed', 'in progress') LIMIT 1").get(userId) !== undefined
  );
}

/** Completed conversions, in the given order of questions: what the PDF copy appends. */
export function listCompletedConversions(db: Db, userId: number): DocumentRow[] {
  return stmt(
    db,
    "SELECT * FROM documents WHERE user_id = ? AND status = 'completed' AND converted_key IS NOT NULL ORDER BY answer_key",
  ).all(userId) as DocumentRow[];
}
