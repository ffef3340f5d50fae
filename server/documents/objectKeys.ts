import { keyedHash, randomToken } from '../accounts/secrets';

/**
 * Object keys are made here and only here: under a per-applicant prefix that is an opaque keyed
 * hash (a key reveals neither the account nor its id), with random names (never the uploaded
 * file's name, which is only ever shown back as text).
 */
function applicantPrefix(secret: Buffer, userId: number): string {
  return `applicants/${keyedHash(secret, 'object-prefix', String(userId)).slice(0, 22)}/`;
}

export const uploadPrefix = (secret: Buffer, userId: number) => `${applicantPrefix(secret, userId)}uploads/`;

export function newUploadKey(secret: Buffer, userId: number, answerKey: string): string {
  return `${uploadPrefix(secret, userId)}${answerKey}/${randomToken()}`;
}

export function newConvertedKey(secret: Buffer, userId: number, answerKey: string): string {
  return `${applicantPrefix(secret, userId)}converted/${answerKey}/${randomToken()}.pdf`;
}

export function newCopyKey(secret: Buffer, userId: number): string {
  return `${applicantPrefix(secret, userId)}copies/${randomToken()}.pdf`;
}
