import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A passkey authenticator written in the test: an ES256 key pair made with node:crypto, answering
 * the server's options the way a browser and a security key do (attestation "none"), so the server's
 * checks run on real signatures. Its counter and what it signs can be bent to play an attacker.
 */

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** User present, user verified; with attested credential data for a registration. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

interface RegistrationOptions {
  challenge: string;
  rp: { id?: string };
}
interface SignInOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface SoftAuthenticator {
  credentialId: string;
  counter: number;
  register(options: RegistrationOptions, origin: string): RegistrationAnswer;
  signIn(options: SignInOptions, origin: string, bend?: { counter?: number; key?: KeyObject }): SignInAnswer;
}

interface RegistrationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
}
interface SignInAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The public key as COSE (EC2, P-256, ES256), the form a registration carries. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export function softAuthenticator(): SoftAuthenticator {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(32);
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authenticator: SoftAuthenticator = {
    credentialId: b64(rawId),
    counter: 0,
    register(options, origin) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(options.rp.id!),
        Buffer.from([FLAGS.up | FLAGS.uv | FLAGS.at]),
        counterBytes(authenticator.counter),
        Buffer.alloc(16),
        idLength,
        rawId,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      };
    },
    signIn(options, origin, bend = {}) {
      authenticator.counter = bend.counter ?? authenticator.counter + 1;
      const authData = Buffer.concat([sha256(options.rpId!), Buffer.from([FLAGS.up | FLAGS.uv]), counterBytes(authenticator.counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), bend.key ?? privateKey);
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature) },
      };
    },
  };
  return authenticator;
}
