import { createHash, timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../accounts/secrets';

/**
 * The ticket of a private file's download link: signed (so it cannot be made up), short-lived, and
 * naming the one stored file it was issued for (a replaced file needs a new ticket). The purpose is
 * part of the signature, so a ticket for one kind of file (the PDF copy) opens no other (an
 * uploaded document). A ticket alone opens nothing: the download routes also require the owner's
 * session or a staff link for the same applicant.
 */
export type TicketPurpose = 'pdf-copy-link' | 'document-link';

const digestOf = (objectKey: string) => createHash('sha256').update(objectKey).digest('base64url').slice(0, 22);

export function issueFileTicket(
  secret: Buffer,
  purpose: TicketPurpose,
  link: { userId: number; objectKey: string; expiresAt: number },
): string {
  const body = `${link.userId}.${link.expiresAt}.${digestOf(link.objectKey)}`;
  return `${body}.${keyedHash(secret, purpose, body)}`;
}

/** The applicant and the digest of the file a valid, unexpired ticket names. */
export function readFileTicket(
  secret: Buffer,
  purpose: TicketPurpose,
  token: string,
  now: number,
): { userId: number; keyDigest: string } | undefined {
  const match = /^(\d{1,12})\.(\d{1,16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const body = `${match[1]}.${match[2]}.${match[3]}`;
  const wanted = Buffer.from(keyedHash(secret, purpose, body));
  const given = Buffer.from(match[4]!);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return undefined;
  if (Number(match[2]) <= now) return undefined;
  return { userId: Number(match[1]), keyDigest: match[3]! };
}

/** Whether a ticket's digest names this stored file. */
export function ticketNames(objectKey: string, keyDigest: string): boolean {
  return digestOf(objectKey) === keyDigest;
}
