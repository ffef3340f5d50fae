import * as v from 'valibot';

/**
 * Every environment variable the server reads (except the STORAGE / S3_* group, which
 * server/storage/storageConfig.ts checks as a whole), with its rule and default, in one valibot
 * schema. A bad value stops start-up with a message that names the variable; secrets are named,
 * never repeated.
 */

/** A variable holding a whole number within bounds; `rule` completes "NAME must be …". */
function wholeNumber(name: string, rule: string, bounds: { min: number; max?: number }, fallback: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.rawTransform<string, number>(({ dataset, addIssue, NEVER }) => {
        const raw = dataset.value;
        const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
        if (Number.isSafeInteger(value) && value >= bounds.min && value <= (bounds.max ?? Number.MAX_SAFE_INTEGER)) return value;
        addIssue({ message: `${name} must be ${rule}, got "${raw}".` });
        return NEVER;
      }),
    ),
    String(fallback),
  );
}

const milliseconds = (name: string, min: number, fallback: number) =>
  wholeNumber(name, `a whole number of milliseconds, at least ${min}`, { min }, fallback);

function url(name: string, protocols: readonly string[], options: { echo: boolean }) {
  const rule = `${name} must be an ${protocols.map((protocol) => `${protocol}//`).join(' or ')} URL`;
  return v.optional(
    v.pipe(
      v.string(),
      v.check(
        (raw) => URL.canParse(raw) && protocols.includes(new URL(raw).protocol),
        // SMTP_URL carries the mail account's password: it is never repeated.
        (issue) => (options.echo ? `${rule}, got "${issue.input}".` : `${rule}.`),
      ),
    ),
  );
}

function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) {
  const listed = `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return v.optional(
    v.picklist(values, (issue) => `${name} must be ${listed}, got "${String(issue.input)}".`),
    fallback,
  );
}

/** Connection limits: a client gets this long to send its headers, its whole request, and its next request on a kept-alive connection. */
const CONNECTION_DEFAULTS = { headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000 } as const;
/** How long a stopping server waits for requests in flight. */
const SHUTDOWN_DEFAULT_MS = 10_000;

/** The staff console's single sign-on: all three set turn it on, none leaves it off. */
const STAFF_OIDC_VARIABLES = ['STAFF_OIDC_ISSUER', 'STAFF_OIDC_CLIENT_ID', 'STAFF_OIDC_CLIENT_SECRET'] as const;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The identity provider's address: https, or http on this machine only (a provider started for a
 * test or a trial), since the sign-in's codes and tokens travel to it.
 */
const issuerUrl = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (raw) => {
        if (!URL.canParse(raw)) return false;
        const url = new URL(raw);
        return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
      },
      (issue) => `STAFF_OIDC_ISSUER must be the identity provider's https:// address (http:// only on localhost), got "${issue.input}".`,
    ),
  ),
);

const EnvironmentSchema = v.pipe(
  v.object({
    NODE_ENV: oneOf('NODE_ENV', ['production', 'development', 'test'], 'production'),
    PORT: wholeNumber('PORT', 'an integer between 0 and 65535', { min: 0, max: 65535 }, 3000),
    HOST: v.optional(v.string(), '0.0.0.0'),
    DATA_DIR: v.optional(v.string(), './data'),
    PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:'], { echo: true }),
    TRUST_PROXY: wholeNumber('TRUST_PROXY', 'the number of proxies in front of the server (0, 1, 2…)', { min: 0 }, 0),
    CLIENT_LIMIT_FACTOR: wholeNumber('CLIENT_LIMIT_FACTOR', 'a whole number from 1 to 100', { min: 1, max: 100 }, 1),
    SESSION_SECRET: v.optional(
      v.pipe(
        v.string(),
        v.check(
          (raw) => raw.length >= 32,
          (issue) => `SESSION_SECRET must be at least 32 characters (it has ${String(issue.input).length}).`,
        ),
      ),
    ),
    ENCRYPTION_KEY: v.optional(
      v.pipe(
        v.string(),
        v.check(
          (raw) => /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) && Buffer.from(raw, 'base64').length === 32,
          'ENCRYPTION_KEY must be 32 bytes written in base64 (44 characters, e.g. `openssl rand -base64 32`).',
        ),
      ),
    ),
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:'], { echo: false }),
    MAIL_FROM: v.optional(v.string(), 'Admissions <no-reply@localhost>'),
    COLLEGE_CONFIG: v.optional(v.string()),
    HEADERS_TIMEOUT_MS: milliseconds('HEADERS_TIMEOUT_MS', 100, CONNECTION_DEFAULTS.headersTimeoutMs),
    REQUEST_TIMEOUT_MS: milliseconds('REQUEST_TIMEOUT_MS', 100, CONNECTION_DEFAULTS.requestTimeoutMs),
    KEEP_ALIVE_TIMEOUT_MS: milliseconds('KEEP_ALIVE_TIMEOUT_MS', 100, CONNECTION_DEFAULTS.keepAliveTimeoutMs),
    SHUTDOWN_TIMEOUT_MS: milliseconds('SHUTDOWN_TIMEOUT_MS', 100, SHUTDOWN_DEFAULT_MS),
    DOCX_CONVERTER: oneOf('DOCX_CONVERTER', ['auto', 'libreoffice', 'js'], 'auto'),
    SOFFICE_PATH: v.optional(v.string()),
    PATH: v.optional(v.string()),
    CONVERSION_TIMEOUT_MS: milliseconds('CONVERSION_TIMEOUT_MS', 1000, 60_000),
    JOB_CONCURRENCY: wholeNumber('JOB_CONCURRENCY', 'a whole number from 1 to 16', { min: 1, max: 16 }, 2),
    RELEASE_MAILS_PER_MINUTE: wholeNumber('RELEASE_MAILS_PER_MINUTE', 'a whole number from 1 to 60000', { min: 1, max: 60_000 }, 600),
    STAFF_OIDC_ISSUER: issuerUrl,
    STAFF_OIDC_CLIENT_ID: v.optional(v.string()),
    // The client secret is never repeated in a message.
    STAFF_OIDC_CLIENT_SECRET: v.optional(v.string()),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const env = dataset.value;
    // Node cuts a kept-alive connection it is still waiting on headers for; the order keeps each limit meaningful.
    if (env.KEEP_ALIVE_TIMEOUT_MS >= env.HEADERS_TIMEOUT_MS) {
      addIssue({
        message: `KEEP_ALIVE_TIMEOUT_MS (${env.KEEP_ALIVE_TIMEOUT_MS}) must be shorter than HEADERS_TIMEOUT_MS (${env.HEADERS_TIMEOUT_MS}).`,
      });
    }
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      addIssue({
        message: `HEADERS_TIMEOUT_MS (${env.HEADERS_TIMEOUT_MS}) must not be longer than REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS}).`,
      });
    }
    const oidcSet = STAFF_OIDC_VARIABLES.filter((name) => env[name] !== undefined);
    if (oidcSet.length > 0 && oidcSet.length < STAFF_OIDC_VARIABLES.length) {
      const missing = STAFF_OIDC_VARIABLES.filter((name) => env[name] === undefined);
      addIssue({
        message: `Single sign-on for staff needs ${STAFF_OIDC_VARIABLES.join(', ')} together: ${oidcSet.join(', ')} ${oidcSet.length === 1 ? 'is' : 'are'} set, ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not.`,
      });
    }
    // The server speaks plain HTTP: an https address means a proxy in front, whose address would
    // otherwise be every applicant's (one shared rate-limit budget) and whose plain-HTTP
    // requests could not carry Secure cookies.
    if (env.PUBLIC_URL?.startsWith('https:') && env.TRUST_PROXY === 0) {
      addIssue({
        message:
          'PUBLIC_URL is https, but TRUST_PROXY is 0. This server speaks plain HTTP, so an https address means a proxy (or TLS terminator) in front of it: set TRUST_PROXY to the number of proxies, usually 1.',
      });
    }
  }),
);

export type Environment = v.InferOutput<typeof EnvironmentSchema>;

export class ConfigurationError extends Error {}

/** Reads the environment; empty values count as unset. Throws ConfigurationError listing every bad variable, one per line. */
export function parseEnvironment(env: NodeJS.ProcessEnv): Environment {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvironmentSchema, present);
  if (result.success) return result.output;
  throw new ConfigurationError(result.issues.map((issue) => issue.message).join('\n'));
}
