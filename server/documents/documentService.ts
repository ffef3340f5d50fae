import type { Db } from '../../db/connection';
import { findApplication } from '../../db/applications';
import { deleteConversion, deleteDocument, startConversion, type DeleteResult } from '../../db/documentAnswers';
import {
  BUSY_STATUSES,
  countOpenUploadSlots,
  createUploadSlot,
  documentAnswersJson,
  findDocument,
  findUploadSlot,
  listCompletedConversions,
  recordUploadReceived,
  recordUploadRefused,
  type DocumentStatus,
} from '../../db/documents';
import { FILE_MAX_BYTES } from '../../src/catalogue/limits';
import { fileNameProblem } from '../../src/catalogue/schema';
import type { Clock } from '../clock';
import { HttpError, badRequest } from '../http/errors';
import { APPLICATION_SERVICE_MESSAGES } from '../application/applicationService';
import { LOCAL_BUCKET, localCredentials } from '../storage/localStore';
import type { MultipartForm } from '../storage/multipart';
import { isSafeObjectKey, type ObjectStore } from '../storage/objectStore';
import { verifyPostPolicy, type PresignedPost } from '../storage/postPolicy';
import { CONTENT_TYPE_OF, inspectFileContent } from './fileRules';
import { DOCUMENT_LINK_TTL_MS, convertedFileName, documentLink, documentTicketNames, readDocumentTicket } from './documentLinks';
import { DOCUMENT_MESSAGES } from './messages';
import { newUploadKey, uploadPrefix } from './objectKeys';

export interface DocumentStatusAnswer {
  status: DocumentStatus;
  message: string;
  /** The converted PDF's short-lived download link, once the conversion completed. */
  url: string | null;
}

/** Long enough for a slow connection to send 1 MB, short enough that a leaked form is soon useless. */
export const UPLOAD_POLICY_TTL_MS = 10 * 60 * 1000;
/** Open upload forms per applicant: one file at a time needs a few; more would only fill the disk. */
export const MAX_OPEN_UPLOADS = 10;

/** A conversion request, once its payload passed the catalogue's `conversionSchema`. */
interface ConversionRequest {
  key: string;
  file_key: string;
  file_name: string;
}

/** Answers a delete's outcome: a short message; refusals as errors. */
function deleteAnswer(result: DeleteResult, done: string): { message: string } {
  if (result === 'submitted') throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.alreadySubmitted);
  if (result === 'busy') throw new HttpError(409, DOCUMENT_MESSAGES.uploadInProgress);
  // Deleting what is not there is done already: the client's retries and double clicks are harmless.
  return { message: result === 'missing' ? DOCUMENT_MESSAGES.noDocument : done };
}

/**
 * The document calls behind the routes: presigned uploads, the local upload endpoint's checks,
 * conversion requests, status and deletes. The routes have checked each payload with the
 * catalogue's schema (so every answer key here is a document question's); everything is scoped to
 * the caller's own account, and a key of anyone else's is answered as if it did not exist.
 */
export function createDocumentService(deps: { db: Db; clock: Clock; store: ObjectStore; secret: Buffer; wake(): void }) {
  const { db, clock, store } = deps;

  function refuseWhenSubmitted(userId: number): void {
    if (findApplication(db, userId)?.submitted_at != null) throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.alreadySubmitted);
  }

  function refuseWhenConverting(userId: number, answerKey: string): void {
    const status = findDocument(db, userId, answerKey)?.status;
    if (status && BUSY_STATUSES.includes(status)) throw new HttpError(409, DOCUMENT_MESSAGES.uploadInProgress);
  }

  /** Keeps the refusal for the conversion request (the browser cannot read this answer) and answers with it. */
  function refuseUpload(objectKey: string, status: number, message: string): never {
    recordUploadRefused(db, objectKey, message, clock.now());
    throw new HttpError(status, message);
  }

  return {
    /** GET /api/document-answer: every document of the applicant, by answer key, as JSON. */
    listJson(userId: number): string {
      return documentAnswersJson(db, userId);
    },

    async presign(userId: number, answerKey: string): Promise<PresignedPost> {
      refuseWhenSubmitted(userId);
      refuseWhenConverting(userId, answerKey);
      const now = clock.now();
      if (countOpenUploadSlots(db, userId, now) >= MAX_OPEN_UPLOADS) throw new HttpError(429, DOCUMENT_MESSAGES.tooManyUploads);
      const key = newUploadKey(deps.secret, userId, answerKey);
      const expiresAt = now + UPLOAD_POLICY_TTL_MS;
      createUploadSlot(db, { objectKey: key, userId, answerKey, expiresAt }, now);
      return store.presignPost({
        key,
        keyPrefix: uploadPrefix(deps.secret, userId),
        minBytes: 1,
        maxBytes: FILE_MAX_BYTES,
        expiresAt,
        now,
      });
    },

    /**
     * The local store's upload endpoint. Order matters: the signature and every policy condition
     * first (nothing else is trusted before), then the key must be one we issued and not used,
     * then the file rules; only then is anything written.
     */
    async receiveUpload(form: MultipartForm, sessionUserId: number | undefined): Promise<void> {
      const verdict = await verifyPostPolicy(form.fields, {
        bucket: LOCAL_BUCKET,
        credentials: localCredentials(deps.secret),
        now: clock.now(),
      });
      if (!verdict.ok) {
        if (verdict.problem === 'malformed') throw badRequest(DOCUMENT_MESSAGES.uploadMalformed);
        throw new HttpError(403, verdict.problem === 'expired' ? DOCUMENT_MESSAGES.uploadExpired : DOCUMENT_MESSAGES.uploadForbidden);
      }
      const slot = isSafeObjectKey(verdict.key) ? findUploadSlot(db, verdict.key) : undefined;
      // The form is the credential, as with S3; a session, when the browser sends one, must be the owner's too.
      if (!slot || (sessionUserId !== undefined && sessionUserId !== slot.user_id))
        throw new HttpError(403, DOCUMENT_MESSAGES.uploadForbidden);
      if (slot.claimed_at !== null) throw new HttpError(409, DOCUMENT_MESSAGES.uploadLinkUsed);
      const file = form.file;
      if (!file || file.fieldName !== 'file') throw badRequest(DOCUMENT_MESSAGES.uploadMalformed);
      if (form.truncated || file.bytes.length > verdict.maxBytes) refuseUpload(slot.object_key, 413, DOCUMENT_MESSAGES.tooLarge);
      if (file.bytes.length < verdict.minBytes) refuseUpload(slot.object_key, 400, DOCUMENT_MESSAGES.empty);
      // A Blob sent without a name arrives as "blob"; the name that counts comes with the conversion request.
      const nameProblem = file.fileName === 'blob' ? undefined : fileNameProblem(file.fileName);
      if (nameProblem) refuseUpload(slot.object_key, 400, nameProblem);
      const content = await inspectFileContent(file.bytes);
      if (!content.ok) refuseUpload(slot.object_key, 400, content.message);
      await store.put(slot.object_key, file.bytes, CONTENT_TYPE_OF[content.type]);
      recordUploadReceived(db, slot.object_key, file.bytes.length, clock.now());
    },

    async requestConversion(userId: number, request: ConversionRequest): Promise<void> {
      const { key: answerKey, file_key: fileKey, file_name: fileName } = request;
      refuseWhenSubmitted(userId);
      const slot = isSafeObjectKey(fileKey) ? findUploadSlot(db, fileKey) : undefined;
      // Another applicant's key is answered exactly like a key that never existed.
      if (!slot || slot.user_id !== userId || slot.answer_key !== answerKey) throw new HttpError(404, DOCUMENT_MESSAGES.uploadNotFound);
      if (slot.refusal) throw badRequest(slot.refusal);
      if (slot.claimed_at !== null && findDocument(db, userId, answerKey)?.original_key !== fileKey) {
        throw new HttpError(409, DOCUMENT_MESSAGES.uploadLinkUsed);
      }
      refuseWhenConverting(userId, answerKey);
      const bytes = await store.get(fileKey);
      if (!bytes) throw badRequest(DOCUMENT_MESSAGES.uploadNotReceived);
      const content = await inspectFileContent(bytes);
      if (!content.ok) {
        recordUploadRefused(db, fileKey, content.message, clock.now());
        await store.delete(fileKey);
        throw badRequest(content.message);
      }
      const outcome = startConversion(
        db,
        { userId, answerKey, objectKey: fileKey, fileName, fileSize: bytes.length, fileType: content.type },
        clock.now(),
      );
      if (outcome.status === 'submitted') throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.alreadySubmitted);
      if (outcome.status === 'busy') throw new HttpError(409, DOCUMENT_MESSAGES.uploadInProgress);
      deps.wake();
    },

    /**
     * The conversion status, with the download link of the converted PDF once it is there
     * (for staff, a link that opens with their staff link).
     */
    status(userId: number, answerKey: string, options: { staffLink?: string } = {}): DocumentStatusAnswer {
      const row = findDocument(db, userId, answerKey);
      if (!row) return { status: 'not answered', message: '', url: null };
      const url =
        row.status === 'completed' && row.converted_key
          ? documentLink(deps.secret, {
              userId,
              objectKey: row.converted_key,
              expiresAt: clock.now() + DOCUMENT_LINK_TTL_MS,
              staffLink: options.staffLink,
            })
          : null;
      return { status: row.status, message: row.message, url };
    },

    /** A document's converted PDF, once its conversion completed: the stored file and the name to download it under. */
    convertedFile(userId: number, answerKey: string): { objectKey: string; fileName: string } | undefined {
      const row = findDocument(db, userId, answerKey);
      if (row?.status !== 'completed' || !row.converted_key) return undefined;
      return { objectKey: row.converted_key, fileName: convertedFileName(row.file_name) };
    },

    /** DELETE /api/document-answer/{key}: the document, its conversion, its files and the answer. */
    deleteDocument(userId: number, answerKey: string): { message: string } {
      return deleteAnswer(deleteDocument(db, userId, answerKey, clock.now()), 'Your file was deleted.');
    },

    /** DELETE /api/pdf/document-answer/{key}: the conversion and its files; the question is unanswered again. */
    deleteConversion(userId: number, answerKey: string): { message: string } {
      return deleteAnswer(deleteConversion(db, userId, answerKey, clock.now()), 'The conversion was deleted.');
    },

    /** The applicant and the converted file a document link names, if it is valid and the file still that document's. */
    resolveDownload(ticket: string): { userId: number; objectKey: string; fileName: string } | undefined {
      const link = readDocumentTicket(deps.secret, ticket, clock.now());
      if (!link) return undefined;
      const row = listCompletedConversions(db, link.userId).find((document) =>
        documentTicketNames(document.converted_key!, link.keyDigest),
      );
      return row ? { userId: link.userId, objectKey: row.converted_key!, fileName: convertedFileName(row.file_name) } : undefined;
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
