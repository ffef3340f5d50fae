import type { Db } from '../../db/connection';
import type { DocumentStatus } from '../../db/documents';
import { findActiveJob } from '../../db/jobs';
import { copyFingerprint, findCopy, requestCopyRender } from '../../db/pdfCopies';
import type { Clock } from '../clock';
import { COPY_DOWNLOAD_PATH, COPY_LINK_TTL_MS, copyMatches, issueCopyToken, readCopyToken } from './copyLinks';

/** A failed rendering is reported for a while, then tried again on the next status call. */
const FAILED_RETRY_MS = 60_000;

export interface CopyStatus {
  status: DocumentStatus;
  url: string | null;
  message: string;
}

/**
 * GET /api/pdf (and the staff variant): the current copy's link when it matches the answers,
 * otherwise a rendering is queued and the status says so; the client polls
 * every second until the first result, then every 10 minutes.
 */
export function createCopyService(deps: { db: Db; clock: Clock; secret: Buffer; wake(): void }) {
  const { db, clock } = deps;

  function linkFor(userId: number, objectKey: string, staffLink?: string): string {
    const token = issueCopyToken(deps.secret, { userId, objectKey, expiresAt: clock.now() + COPY_LINK_TTL_MS });
    // In the query, not the path: request logs keep paths but never queries.
    const staff = staffLink ? `&service_token=${encodeURIComponent(staffLink)}` : '';
    // A path, not PUBLIC_URL: the download goes to the address the page was opened at, with its cookie.
    return `${COPY_DOWNLOAD_PATH}?ticket=${token}${staff}`;
  }

  /** The copy as it stands: its stored file when it matches the answers, else its status (a rendering queued if needed). */
  function current(userId: number): { status: DocumentStatus; objectKey?: string; message: string } {
    const fingerprint = copyFingerprint(db, userId);
    if (fingerprint === undefined) return { status: 'not answered', message: '' };
    const copy = findCopy(db, userId);
    if (copy?.fingerprint === fingerprint) {
      if (copy.status === 'completed' && copy.object_key) return { status: 'completed', objectKey: copy.object_key, message: '' };
      if (clock.now() - copy.rendered_at < FAILED_RETRY_MS) return { status: 'failed', message: copy.message };
    }
    requestCopyRender(db, userId, fingerprint, clock.now());
    deps.wake();
    const running = findActiveJob(db, 'render_copy', userId)?.state === 'running';
    return { status: running ? 'in progress' : 'unprocessed', message: '' };
  }

  return {
    status(userId: number, options: { staffLink?: string } = {}): CopyStatus {
      const { status, objectKey, message } = current(userId);
      return { status, url: objectKey === undefined ? null : linkFor(userId, objectKey, options.staffLink), message };
    },

    /** The current copy's stored file for a download in the staff console, or its status while there is none (as `status`). */
    current,

    /** The applicant's id and the stored file a download token names, if it is valid and still the current copy. */
    resolveDownload(token: string): { userId: number; objectKey: string } | undefined {
      const link = readCopyToken(deps.secret, token, clock.now());
      if (!link) return undefined;
      const copy = findCopy(db, link.userId);
      if (!copy?.object_key || !copyMatches(copy.object_key, link.keyDigest)) return undefined;
      return { userId: link.userId, objectKey: copy.object_key };
    },
  };
}

export type CopyService = ReturnType<typeof createCopyService>;
