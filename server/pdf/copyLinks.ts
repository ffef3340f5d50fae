import { issueFileTicket, readFileTicket, ticketNames } from '../storage/fileTickets';

/**
 * The PDF copy's download link: a file ticket (server/storage/fileTickets.ts) for the one copy it
 * was issued for (a rebuilt copy needs a new link). Owning the link is not enough: the download
 * route also requires the owner's session or a staff link for the same applicant.
 * It outlives the client's 10-minute re-poll, so the link the page holds keeps working.
 */
export const COPY_LINK_TTL_MS = 15 * 60 * 1000;
export const COPY_DOWNLOAD_PATH = '/files/pdf-copy';
/** The name a downloaded PDF copy is saved under. */
export const COPY_FILE_NAME = 'application-copy.pdf';

export function issueCopyToken(secret: Buffer, link: { userId: number; objectKey: string; expiresAt: number }): string {
  return issueFileTicket(secret, 'pdf-copy-link', link);
}

export function readCopyToken(secret: Buffer, token: string, now: number): { userId: number; keyDigest: string } | undefined {
  return readFileTicket(secret, 'pdf-copy-link', token, now);
}

export function copyMatches(objectKey: string, keyDigest: string): boolean {
  return ticketNames(objectKey, keyDigest);
}
