import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { QUESTIONS } from '../../src/catalogue/questions';

/** The answer keys the catalogue marks sensitive (SSN, alien registration number). */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set(QUESTIONS.filter((question) => question.sensitive).map((q) => q.key));

const VERSION = 'v1';

/**
 * AES-256-GCM for sensitive answers. The additional data binds each ciphertext to its applicant
 * and answer key, so a sealed SSN copied onto another row or field no longer opens.
 */
export function createAnswerVault(key: Buffer) {
  if (key.length !== 32) throw new Error('The answer encryption key must be 32 bytes.');
  const aad = (userId: number, answerKey: string) => Buffer.from(`${userId}:${answerKey}`);
  return {
    seal(userId: number, answerKey: string, value: string): string {
      if (value === '') return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(userId, answerKey));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(userId: number, answerKey: string, sealed: string): string {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('Unknown sealed answer format.');
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(aad(userId, answerKey));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export type AnswerVault = ReturnType<typeof createAnswerVault>;
