import { DOCUMENT_ANSWERED } from '../src/catalogue/limits';
import { findApplication, saveAnswers } from './applications';
import type { Db } from './connection';
import {
  BUSY_STATUSES,
  claimUploadSlot,
  clearConversion,
  findDocument,
  removeDocument,
  setConversionCompleted,
  setConversionFailed,
  upsertDocument,
  type DocumentFileType,
} from './documents';
import { enqueueJob, enqueueObjectDeletion } from './jobs';

/**
 * The document operations that also change the applicant's answers, each one transaction: the
 * document row, its answer (ANSWERED or empty), the queued job and the files to delete
 * can never disagree.
 */

const isSubmitted = (db: Db, userId: number) => findApplication(db, userId)?.submitted_at != null;

export type StartConversionResult = { status: 'queued'; jobId: number; generation: number } | { status: 'busy' | 'submitted' };

export function startConversion(
  db: Db,
  upload: { userId: number; answerKey: string; objectKey: string; fileName: string; fileSize: number; fileType: DocumentFileType },
  now: number,
): StartConversionResult {
  return db
    .transaction((): StartConversionResult => {
      if (isSubmitted(db, upload.userId)) return { status: 'submitted' };
      const previous = findDocument(db, upload.userId, upload.answerKey);
      if (previous && BUSY_STATUSES.includes(previous.status)) return { status: 'busy' };
      const generation = (previous?.generation ?? 0) + 1;
      if (previous) {
        const replaced = [previous.converted_key, previous.original_key === upload.objectKey ? null : previous.original_key];
        enqueueObjectDeletion(db, replaced, now);
      }
      upsertDocument(
        db,
        {
          user_id: upload.userId,
          answer_key: upload.answerKey,
          generation,
          file_name: upload.fileName,
          file_size: upload.fileSize,
          file_type: upload.fileType,
          original_key: upload.objectKey,
        },
        now,
      );
      claimUploadSlot(db, upload.objectKey, now);
      // Until the new file is converted the question is not answered, even if an older document was.
      saveAnswers(db, upload.userId, { [upload.answerKey]: '' }, now);
      const jobId = enqueueJob(db, { kind: 'convert_document', userId: upload.userId, answerKey: upload.answerKey, generation }, now);
      return { status: 'queued', jobId, generation };
    })
    .immediate();
}

/** On completed, the answer for that key is marked ANSWERED. False when the document changed meanwhile. */
export function completeConversion(
  db: Db,
  result: { userId: number; answerKey: string; generation: number; convertedKey: string },
  now: number,
): boolean {
  return db
    .transaction(() => {
      if (!setConversionCompleted(db, result.userId, result.answerKey, result.generation, result.convertedKey, now)) return false;
      saveAnswers(db, result.userId, { [result.answerKey]: DOCUMENT_ANSWERED }, now);
      return true;
    })
    .immediate();
}

/** On failed, the answer is cleared and the reason kept for the status call. */
export function failConversion(
  db: Db,
  failure: { userId: number; answerKey: string; generation: number; message: string },
  now: number,
): boolean {
  return db
    .transaction(() => {
      if (!setConversionFailed(db, failure.userId, failure.answerKey, failure.generation, failure.message, now)) return false;
      saveAnswers(db, failure.userId, { [failure.answerKey]: '' }, now);
      return true;
    })
    .immediate();
}

export type DeleteResult = 'deleted' | 'missing' | 'busy' | 'submitted';

/** DELETE /api/pdf/document-answer/{key}: refused while the conversion runs (the client then shows its wait dialog). */
export function deleteConversion(db: Db, userId: number, answerKey: string, now: number): DeleteResult {
  return db
    .transaction((): DeleteResult => {
      if (isSubmitted(db, userId)) return 'submitted';
      const row = findDocument(db, userId, answerKey);
      if (!row) return 'missing';
      if (BUSY_STATUSES.includes(row.status)) return 'busy';
      clearConversion(db, row, now);
      saveAnswers(db, userId, { [answerKey]: '' }, now);
      return 'deleted';
    })
    .immediate();
}

/**
 * DELETE /api/document-answer/{key}: the document and its conversion. Allowed mid-conversion: the
 * running job finds its generation gone and throws its result away.
 */
export function deleteDocument(db: Db, userId: number, answerKey: string, now: number): DeleteResult {
  return db
    .transaction((): DeleteResult => {
      if (isSubmitted(db, userId)) return 'submitted';
      const row = findDocument(db, userId, answerKey);
      if (!row) return 'missing';
      removeDocument(db, row, now);
      saveAnswers(db, userId, { [answerKey]: '' }, now);
      return 'deleted';
    })
    .immediate();
}
