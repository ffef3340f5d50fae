import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

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
  const { inner, outer } = hmacPads(secret);
  const innerDigest = hash('sha256', Buffer.concat([inner, Buffer.from(`${purpose}\0${value}`)]), 'buffer');
  return hash('sha256', Buffer.concat([outer, innerDigest]), 'base64url');
}

const SHA256_BLOCK = 64;
const pads = new WeakMap<Buffer, { inner: Uint8Array; outer: Uint8Array }>();

/**
 * HMAC-SHA256 exactly as RFC 2104 builds it, with the key's two padded blocks made once per
 * secret: every request hashes its session id, and a fresh `createHmac` object cost four times
 * the hashing itself. test/server/secrets.test.ts checks it against `createHmac`.
 */
function hmacPads(secret: Buffer): { inner: Uint8Array; outer: Uint8Array } {
  let found = pads.get(secret);
  if (!found) {
    const key = Buffer.alloc(SHA256_BLOCK);
    (secret.length > SHA256_BLOCK ? hash('sha256', secret, 'buffer') : secret).copy(key);
    found = { inner: key.map((byte) => byte ^ 0x36), outer: key.map((byte) => byte ^ 0x5c) };
    pads.set(secret, found);
  }
  return found;
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
