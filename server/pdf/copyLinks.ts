import { createHash, timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../accounts/secrets';

/**
 * The PDF copy's download link: signed (so it cannot be made up), short-lived, and naming the one
 * copy it was issued for (a rebuilt copy needs a new link). Owning the link is not enough: the
 * download route also requires the owner's session or a service token for the same applicant.
 * It outlives the client's 10-minute re-poll, so the link the page holds keeps working.
 */
export const COPY_LINK_TTL_MS = 15 * 60 * 1000;
export const COPY_DOWNLOAD_PATH = '/files/pdf-copy';

const digestOf = (objectKey: string) => createHash('sha256').update(objectKey).digest('base64url').slice(0, 22);

export function issueCopyToken(secret: Buffer, link: { userId: number; objectKey: string; expiresAt: number }): string {
  const body = `${link.userId}.${link.expiresAt}.${digestOf(link.objectKey)}`;
  return `${body}.${keyedHash(secret, 'pdf-copy-link', body)}`;
}

export function readCopyToken(secret: Buffer, token: string, now: number): { userId: number; keyDigest: string } | undefined {
  const match = /^(\d{1,12})\.(\d{1,16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const body = `${match[1]}.${match[2]}.${match[3]}`;
  const wanted = Buffer.from(keyedHash(secret, 'pdf-copy-link', body));
  const given = Buffer.from(match[4]!);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return undefined;
  if (Number(match[2]) <= now) return undefined;
  return { userId: Number(match[1]), keyDigest: match[3]! };
}

export function copyMatches(objectKey: string, keyDigest: string): boolean {
  return digestOf(objectKey) === keyDigest;
}
