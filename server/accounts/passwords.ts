import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane). It runs on libuv's thread pool, so a
 * login never blocks other applicants' requests.
 */
// 2 is Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/**
 * A stored value that is not an Argon2 hash (an account without a password, NO_PASSWORD_HASH)
 * matches nothing and takes as long as a real check, so timing does not tell such an account apart.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return verifyAgainstDecoy(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so the answer's timing does not tell whether an account exists. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that nobody has');
  await verifyPassword(await decoyHash, password);
  return false;
}
