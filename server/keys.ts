import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigurationError } from './environment';

/**
 * The two keys: SESSION_SECRET (HMACs of session ids, codes and tokens) and ENCRYPTION_KEY
 * (sealed answers). Each comes from the environment or from its file in DATA_DIR. A development
 * or test server creates missing files on first start; a production one (see `mayGenerate`)
 * refuses to, so keys never appear silently in a folder that is backed up with the database.
 */
const KEYS = [
  { variable: 'SESSION_SECRET', file: 'secret.key' },
  { variable: 'ENCRYPTION_KEY', file: 'encryption.key' },
] as const;

const KEY_BYTES = 32;

export interface Keys {
  secret: Buffer;
  encryptionKey: Buffer;
}

export function loadKeys(
  fromEnv: { SESSION_SECRET?: string; ENCRYPTION_KEY?: string },
  dataDir: string,
  options: { mayGenerate: boolean },
): Keys {
  const missing = KEYS.filter(({ variable, file }) => !fromEnv[variable] && !existsSync(join(dataDir, file)));
  if (missing.length > 0 && !options.mayGenerate) {
    const variables = missing.map(({ variable }) => variable).join(' and ');
    throw new ConfigurationError(
      `${variables} ${missing.length === 1 ? 'is' : 'are'} not set, and in production (NODE_ENV=production with an https PUBLIC_URL) keys are not generated on their own. ` +
        `Set ${variables} in the environment, or create the key files in DATA_DIR (${dataDir}) once with \`npm run admin -- init-keys\`.`,
    );
  }
  return {
    secret: fromEnv.SESSION_SECRET ? Buffer.from(fromEnv.SESSION_SECRET, 'utf8') : readOrCreateKey(join(dataDir, 'secret.key')),
    encryptionKey: fromEnv.ENCRYPTION_KEY
      ? Buffer.from(fromEnv.ENCRYPTION_KEY, 'base64')
      : readOrCreateKey(join(dataDir, 'encryption.key')),
  };
}

/**
 * `npm run admin -- init-keys`: writes each key file that does not exist yet. An existing one is
 * never replaced (a new encryption key would make every sealed answer unreadable); when both
 * exist there is nothing to do, which is reported as an error.
 */
export function initKeyFiles(dataDir: string): { created: string[]; kept: string[] } {
  const files = KEYS.map(({ file }) => join(dataDir, file));
  const kept = files.filter((file) => existsSync(file));
  if (kept.length === files.length) {
    throw new ConfigurationError(`${kept.join(' and ')} already exist; init-keys never overwrites a key. Nothing was written.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const created = files.filter((file) => !kept.includes(file));
  for (const file of created) writeKeyFile(file, randomBytes(KEY_BYTES));
  return { created, kept };
}

function readOrCreateKey(file: string): Buffer {
  if (!existsSync(file)) {
    try {
      mkdirSync(dirname(file), { recursive: true });
      const key = randomBytes(KEY_BYTES);
      writeKeyFile(file, key);
      return key;
    } catch (error) {
      // Another process (an admin command, say) created it a moment ago: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new ConfigurationError(`${file} must hold ${KEY_BYTES} bytes written in base64.`);
  return key;
}

/** Exclusive create: an existing key is never replaced, and the file is readable by the service account only. */
function writeKeyFile(file: string, key: Buffer): void {
  writeFileSync(file, key.toString('base64'), { flag: 'wx', mode: 0o600 });
}
