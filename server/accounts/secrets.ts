import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 128 random bits, URL-safe: session ids, reset ids and access tokens. */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** Six random digits, zero-padded, from a uniform source. */
export function randomCode(length = 6): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/**
 * Tokens and codes are stored as keyed hashes: someone who copies the database cannot replay them,
 * and a code's hash is bound to its account so the same digits mean nothing elsewhere.
 */
export function keyedHash(secret: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(purpose).update('\0').update(value).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
