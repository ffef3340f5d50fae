import { hkdfSync } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { createAnswerVault } from '../application/answerVault';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is accepted too, for a phone's clock a little off. */
const WINDOW_STEPS = 1;
const SECRET_BYTES = 20;

export interface TotpSetup {
  /** The `otpauth://` URI an authenticator app reads from the QR code. */
  otpauth_uri: string;
  /** The secret in base32, in groups of four, for typing it in by hand. */
  setup_key: string;
  /** A QR code of the URI, as an SVG document. */
  qr_svg: string;
}

/**
 * Staff accounts' authenticator codes. The secret is sealed at rest (AES-256-GCM) with a key
 * derived from ENCRYPTION_KEY for this purpose alone and bound to its account, so the database
 * file alone does not give anyone the codes.
 */
export function createTotp(deps: { encryptionKey: Buffer; issuer: string }) {
  const vault = createAnswerVault(Buffer.from(hkdfSync('sha256', deps.encryptionKey, Buffer.alloc(0), 'staff totp secret', 32)));
  const totpOf = (base32: string, email = '') =>
    new TOTP({
      issuer: deps.issuer,
      label: email,
      secret: Secret.fromBase32(base32),
      algorithm: 'SHA1',
      digits: DIGITS,
      period: PERIOD_SECONDS,
    });
  return {
    newSecret(): string {
      return new Secret({ size: SECRET_BYTES }).base32;
    },
    seal: (staffId: number, base32: string) => vault.seal(staffId, 'totp', base32),
    open: (staffId: number, sealed: string) => vault.open(staffId, 'totp', sealed),
    async setup(email: string, base32: string): Promise<TotpSetup> {
      const uri = totpOf(base32, email).toString();
      return {
        otpauth_uri: uri,
        setup_key: base32.match(/.{1,4}/g)!.join(' '),
        qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }),
      };
    },
    /** The 30-second step the code belongs to, if it is valid at `now`; the caller makes sure a step is taken once. */
    stepOf(base32: string, code: string, now: number): number | undefined {
      const delta = totpOf(base32).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
      return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
    },
  };
}

export type Totp = ReturnType<typeof createTotp>;
