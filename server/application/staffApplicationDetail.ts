import { appendAccess, queryAccessLog, type AccessEntry } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import { findDocument } from '../../db/documents';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import type { ApplicationDetail, PdfCopyState, SharedLink } from '../../src/catalogue/schema/staffApplications';
import type { AccessTokens } from '../accounts/accessTokens';
import type { Clock } from '../clock';
import type { DocumentService, DocumentStatusAnswer } from '../documents/documentService';
import { HttpError } from '../http/errors';
import { COPY_FILE_NAME } from '../pdf/copyLinks';
import type { CopyService } from '../pdf/copyService';
import type { ObjectStore } from '../storage/objectStore';
import type { AnswerStore } from './answerStore';
import { iso, listedApplication } from './staffApplications';
import { staffViewJson } from './staffView';

/** How many entries of its own access history an application shows. */
const HISTORY_LENGTH = 50;

/** The copy service's answer as the console reads it. */
const copyState = (copy: ReturnType<CopyService['current']>): PdfCopyState => ({
  status: copy.status,
  available: copy.objectKey !== undefined,
  message: copy.message,
});

const STAFF_DOWNLOAD_MESSAGES = {
  noDocument: 'This application has no document converted to PDF to download.',
  copyNotReady: 'The PDF copy of this application is being made. Please try again in a moment.',
} as const;

/** Who is reading: the staff account and its client address, as the access log records them. */
interface Reader {
  staffId: number;
  client: string;
}

/**
 * One application as staff read it, its files and its staff link, by the applicant's id. Every
 * call is written to the access log, naming the application; an id that names no application is 404.
 */
export function createStaffApplicationDetail(deps: {
  db: Db;
  clock: Clock;
  answers: AnswerStore;
  documents: DocumentService;
  copies: CopyService;
  store: ObjectStore;
  tokens: AccessTokens;
  publicUrl: string;
}) {
  const { db } = deps;
  const log = (entry: Omit<AccessEntry, 'staffId' | 'client'>, by: Reader) =>
    appendAccess(db, { ...entry, staffId: by.staffId, client: by.client }, deps.clock.now());

  /** The applicant's uploaded document: the first document question answered. */
  const uploadedDocument = (userId: number) => DOCUMENT_KEYS.map((key) => findDocument(db, userId, key)).find((row) => row !== undefined);

  async function storedPdf(objectKey: string, missing: string): Promise<Buffer> {
    const bytes = await deps.store.get(objectKey);
    if (!bytes) throw new HttpError(404, missing);
    return bytes;
  }

  return {
    /**
     * One application, read-only: its list row, the answers as the service view reads them
     * (sensitive answers masked), its document and PDF copy, and its access history. The view
     * is written to the log first, so the history shows it too.
     */
    read(userId: number, by: Reader): ApplicationDetail {
      const listed = listedApplication(db, userId);
      log({ kind: 'application_viewed', userId }, by);
      const document = uploadedDocument(userId);
      const copy = deps.copies.current(userId);
      return {
        ...(JSON.parse(staffViewJson(deps, userId)!) as Record<string, unknown>),
        application: listed,
        document: document
          ? {
              answer_key: document.answer_key,
              file_name: document.file_name,
              file_type: document.file_type,
              file_size: document.file_size,
              status: document.status,
              available: deps.documents.convertedFile(userId, document.answer_key) !== undefined,
            }
          : null,
        pdf_copy: copyState(copy),
        history: queryAccessLog(db, { userId, limit: HISTORY_LENGTH }).map((entry) => ({
          created_at: iso(entry.created_at)!,
          staff_email: entry.staff_email,
          kind: entry.kind,
          client: entry.client,
        })),
      };
    },

    /**
     * A document question's conversion status, as the applicant's own status call answers it,
     * with a link that downloads the converted PDF through the console session.
     */
    documentStatus(userId: number, answerKey: string): DocumentStatusAnswer {
      const { id } = listedApplication(db, userId);
      const answer = deps.documents.status(userId, answerKey);
      const url = answer.url === null ? null : `/api/staff/applications/${id}/document?key=${encodeURIComponent(answerKey)}`;
      return { ...answer, url };
    },

    /** An uploaded document as the applicant's own download gives it: its converted PDF (by default, the first document question answered). */
    async document(userId: number, answerKey: string | undefined, by: Reader): Promise<{ bytes: Buffer; fileName: string }> {
      listedApplication(db, userId);
      const uploaded = answerKey === undefined ? uploadedDocument(userId) : findDocument(db, userId, answerKey);
      const file = uploaded && deps.documents.convertedFile(userId, uploaded.answer_key);
      if (!file) throw new HttpError(404, STAFF_DOWNLOAD_MESSAGES.noDocument);
      const bytes = await storedPdf(file.objectKey, STAFF_DOWNLOAD_MESSAGES.noDocument);
      log({ kind: 'document_downloaded', userId, detail: uploaded.answer_key }, by);
      return { bytes, fileName: file.fileName };
    },

    /** Where the PDF copy stands, asked again while it is being made (its making is queued, as the applicant's copy's is). */
    pdfCopyState(userId: number): PdfCopyState {
      listedApplication(db, userId);
      return copyState(deps.copies.current(userId));
    },

    /** The application's PDF copy, as the applicant downloads it; while it is being made, 409 (its making is queued). */
    async pdfCopy(userId: number, by: Reader): Promise<{ bytes: Buffer; fileName: string }> {
      listedApplication(db, userId);
      const copy = deps.copies.current(userId);
      if (copy.objectKey === undefined) throw new HttpError(409, copy.message || STAFF_DOWNLOAD_MESSAGES.copyNotReady);
      const bytes = await storedPdf(copy.objectKey, STAFF_DOWNLOAD_MESSAGES.copyNotReady);
      log({ kind: 'pdf_copy_downloaded', userId }, by);
      return { bytes, fileName: COPY_FILE_NAME };
    },

    /** A staff link to the applicant's read-only service view, made as the command line's service-token makes it. */
    shareLink(userId: number, by: Reader): SharedLink {
      listedApplication(db, userId);
      const { url, expiresAt } = deps.tokens.shareStaffLink(userId, deps.publicUrl);
      log({ kind: 'link_shared', userId }, by);
      return { url, expires_at: iso(expiresAt)! };
    },
  };
}

export type StaffApplicationDetail = ReturnType<typeof createStaffApplicationDetail>;
