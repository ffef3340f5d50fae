import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { readConversionConfig, type ConversionConfig } from './documents/conversionConfig';
import { readStorageConfig, type StorageConfig } from './storage/storageConfig';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  /** The address applicants reach us at; links in e-mails are built from it. */
  publicUrl: string;
  mode: 'development' | 'production' | 'test';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Secret for hashing tokens and codes at rest (HMAC), so a stolen database alone cannot replay them. */
  secret: Buffer;
  /** AES-256 key sealing sensitive answers (SSN…) at rest: ENCRYPTION_KEY, or generated into DATA_DIR. */
  encryptionKey: Buffer;
  collegeConfigFile: string | undefined;
  /** Cookies get the Secure flag when the public address is HTTPS. */
  secureCookies: boolean;
  trustProxy: boolean;
  /** Where documents and PDF copies are kept (STORAGE, S3_*). */
  storage: StorageConfig;
  /** How conversions run (DOCX_CONVERTER, SOFFICE_PATH, CONVERSION_TIMEOUT_MS, JOB_CONCURRENCY). */
  conversion: ConversionConfig;
}

/** Reads the environment once at start-up; every other module receives the result instead of reading process.env. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}".`);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const mode = env.NODE_ENV === 'development' ? 'development' : env.NODE_ENV === 'test' ? 'test' : 'production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseFile: join(dataDir, 'admissions.sqlite'),
    publicUrl,
    mode,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Admissions <no-reply@localhost>',
    secret: loadSecret(env.SESSION_SECRET, dataDir),
    encryptionKey: loadEncryptionKey(env.ENCRYPTION_KEY, dataDir),
    collegeConfigFile: env.COLLEGE_CONFIG || undefined,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: env.TRUST_PROXY === '1',
    storage: readStorageConfig(env, dataDir),
    conversion: readConversionConfig(env),
  };
}

/** SESSION_SECRET wins; otherwise a key is generated on first start and kept in DATA_DIR so restarts keep sessions valid. */
function loadSecret(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters.');
    return Buffer.from(fromEnv, 'utf8');
  }
  return loadOrCreateKey(join(dataDir, 'secret.key'));
}

/** ENCRYPTION_KEY is 32 bytes in base64; without it a key is generated once and kept in DATA_DIR. */
function loadEncryptionKey(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes written in base64 (44 characters).');
    return key;
  }
  return loadOrCreateKey(join(dataDir, 'encryption.key'));
}

function loadOrCreateKey(file: string): Buffer {
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
