import { join, resolve } from 'node:path';
import { readConversionConfig, type ConversionConfig } from './documents/conversionConfig';
import { parseEnvironment } from './environment';
import { loadKeys } from './keys';
import { readStorageConfig, type StorageConfig } from './storage/storageConfig';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  /** The address applicants reach us at; links in e-mails are built from it. */
  publicUrl: string;
  /** Whether publicUrl is PUBLIC_URL or was made from PORT: a server on PORT=0 is reached at the port it was given. */
  publicUrlSource: 'PUBLIC_URL' | 'PORT';
  mode: 'development' | 'production' | 'test';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Secret for hashing tokens and codes at rest (HMAC), so a stolen database alone cannot replay them. */
  secret: Buffer;
  /** AES-256 key sealing sensitive answers (SSN…) at rest: ENCRYPTION_KEY, or its file in DATA_DIR. */
  encryptionKey: Buffer;
  collegeConfigFile: string | undefined;
  /** Cookies get the Secure flag when the public address is HTTPS. */
  secureCookies: boolean;
  /** How many proxies stand in front of the server (TRUST_PROXY): the client address is that many X-Forwarded-For entries from the right. */
  trustProxy: number;
  /** Multiplies the per-client-address budgets (CLIENT_LIMIT_FACTOR), for applicants who share one address. */
  clientLimitFactor: number;
  /** Node's connection limits (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** How long a stopping server lets requests in flight finish (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Where documents and PDF copies are kept (STORAGE, S3_*). */
  storage: StorageConfig;
  /** How conversions run (DOCX_CONVERTER, SOFFICE_PATH, CONVERSION_TIMEOUT_MS, JOB_CONCURRENCY). */
  conversion: ConversionConfig;
  /** The staff console's single sign-on (STAFF_OIDC_*); absent when off. */
  staffSso: StaffSsoConfig | undefined;
  /** How fast a decision release queues its e-mails (RELEASE_MAILS_PER_MINUTE), so the mail server is not flooded. */
  releaseMailsPerMinute: number;
}

/** The college's OpenID Connect identity provider, and this server's client registered there. */
export interface StaffSsoConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
}

/** Where the data lives, for commands that need no keys (`admin init-keys`, `admin backup`); the whole environment is still checked. */
export function readDataPaths(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseFile: string } {
  return dataPaths(parseEnvironment(env).DATA_DIR);
}

function dataPaths(dataDirSetting: string) {
  const dataDir = resolve(dataDirSetting);
  return { dataDir, databaseFile: join(dataDir, 'admissions.sqlite') };
}

/** Reads the environment once at start-up; every other module receives the result instead of reading process.env. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const environment = parseEnvironment(env);
  const { dataDir, databaseFile } = dataPaths(environment.DATA_DIR);
  const port = environment.PORT;
  const publicUrl = (environment.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const mode = environment.NODE_ENV;
  const secureCookies = publicUrl.startsWith('https://');
  // A live deployment (production mode at an https address) never generates its keys silently.
  const keys = loadKeys(environment, dataDir, { mayGenerate: !(mode === 'production' && secureCookies) });
  return {
    port,
    host: environment.HOST,
    dataDir,
    databaseFile,
    publicUrl,
    publicUrlSource: environment.PUBLIC_URL === undefined ? 'PORT' : 'PUBLIC_URL',
    mode,
    smtpUrl: environment.SMTP_URL,
    mailFrom: environment.MAIL_FROM,
    secret: keys.secret,
    encryptionKey: keys.encryptionKey,
    collegeConfigFile: environment.COLLEGE_CONFIG,
    secureCookies,
    trustProxy: environment.TRUST_PROXY,
    clientLimitFactor: environment.CLIENT_LIMIT_FACTOR,
    http: {
      headersTimeoutMs: environment.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: environment.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: environment.KEEP_ALIVE_TIMEOUT_MS,
    },
    shutdownTimeoutMs: environment.SHUTDOWN_TIMEOUT_MS,
    storage: readStorageConfig(env, dataDir),
    conversion: readConversionConfig(environment),
    staffSso:
      environment.STAFF_OIDC_ISSUER && environment.STAFF_OIDC_CLIENT_ID && environment.STAFF_OIDC_CLIENT_SECRET
        ? {
            issuer: new URL(environment.STAFF_OIDC_ISSUER),
            clientId: environment.STAFF_OIDC_CLIENT_ID,
            clientSecret: environment.STAFF_OIDC_CLIENT_SECRET,
          }
        : undefined,
    releaseMailsPerMinute: environment.RELEASE_MAILS_PER_MINUTE,
  };
}
