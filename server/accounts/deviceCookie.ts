import { keyedHash, randomToken, sameHash } from './secrets';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that logged in to an account gets a cookie naming that account, signed with the server secret.
 * A guesser elsewhere can slow the account down, but a browser presenting a valid cookie for it
 * is held only by its own small budget (keyed by the cookie's random id), so the owner's browser
 * gets in at once, and a stolen cookie still buys only a few guesses.
 *
 * The signature also covers the account's password hash: a completed reset (a new hash) voids
 * every cookie issued before it, and the browser that completed the reset gets a fresh one.
 * The account is named through the signature only, so the cookie does not carry the address.
 */
export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** Sent with login calls only: no other request needs it. */
export const DEVICE_COOKIE_PATH = '/public/login';

const signature = (secret: Buffer, username: string, passwordHash: string, deviceId: string, issuedAt: string) =>
  keyedHash(secret, 'device', [username, passwordHash, deviceId, issuedAt].join('\0'));

export function issueDeviceCookie(secret: Buffer, username: string, passwordHash: string, now: number): string {
  const deviceId = randomToken();
  const issuedAt = now.toString(36);
  return [deviceId, issuedAt, signature(secret, username, passwordHash, deviceId, issuedAt)].join('.');
}

/** The device id when the cookie was issued by us, for this account and password, and is not too old. */
export function readDeviceCookie(
  secret: Buffer,
  value: string | undefined,
  account: { username: string; passwordHash: string },
  now: number,
): string | undefined {
  const [deviceId, issuedAt, mac, ...rest] = (value ?? '').split('.');
  if (!deviceId || !issuedAt || !mac || rest.length > 0) return undefined;
  if (!sameHash(mac, signature(secret, account.username, account.passwordHash, deviceId, issuedAt))) return undefined;
  const issued = Number.parseInt(issuedAt, 36);
  if (!Number.isFinite(issued) || now - issued >= DEVICE_COOKIE_TTL_MS || issued > now) return undefined;
  return deviceId;
}
