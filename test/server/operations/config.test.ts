import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../../server/config';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const tempDir = () => mkdtempSync(join(tmpdir(), 'admissions-config-'));
const base = () => ({ NODE_ENV: 'test', DATA_DIR: tempDir() });

/** The message start-up stops with, or undefined when the configuration is accepted. */
function refusal(env: Record<string, string>): string | undefined {
  try {
    readServerConfig(env);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A script as an operator runs it (`npm start`, `npm run admin -- …`); resolves with its exit code and output. */
async function script(file: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('the environment is read with one schema', () => {
  it.each([
    ['PORT', 'abc', 'PORT must be an integer between 0 and 65535, got "abc".'],
    ['PORT', '70000', 'PORT must be an integer between 0 and 65535, got "70000".'],
    ['PUBLIC_URL', 'apply.example.edu', 'PUBLIC_URL must be an http:// or https:// URL, got "apply.example.edu".'],
    ['PUBLIC_URL', 'ftp://apply.example.edu', 'PUBLIC_URL must be an http:// or https:// URL, got "ftp://apply.example.edu".'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2…), got "true".'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be production, development or test, got "staging".'],
    ['CONVERSION_TIMEOUT_MS', 'soon', 'CONVERSION_TIMEOUT_MS must be a whole number of milliseconds, at least 1000, got "soon".'],
    ['JOB_CONCURRENCY', '0', 'JOB_CONCURRENCY must be a whole number from 1 to 16, got "0".'],
    ['SHUTDOWN_TIMEOUT_MS', '10s', 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, at least 100, got "10s".'],
    ['HEADERS_TIMEOUT_MS', '-5', 'HEADERS_TIMEOUT_MS must be a whole number of milliseconds, at least 100, got "-5".'],
    ['SMTP_URL', 'mail.example.edu', 'SMTP_URL must be an smtp:// or smtps:// URL.'],
  ])('stops start-up on a bad %s (%s) with a message naming it', (name, value, message) => {
    expect(refusal({ ...base(), [name]: value })).toBe(message);
  });

  it('names a bad secret without repeating it', () => {
    const secret = refusal({ ...base(), SESSION_SECRET: 'too-short-secret' });
    expect(secret).toBe('SESSION_SECRET must be at least 32 characters (it has 16).');
    const key = refusal({ ...base(), ENCRYPTION_KEY: 'bm90IGEga2V5' });
    expect(key).toBe('ENCRYPTION_KEY must be 32 bytes written in base64 (44 characters, e.g. `openssl rand -base64 32`).');
    expect(key).not.toContain('bm90IGEga2V5');
  });

  it('lists every bad variable at once', () => {
    const message = refusal({ ...base(), PORT: 'abc', PUBLIC_URL: 'nowhere', JOB_CONCURRENCY: 'many' });
    expect(message?.split('\n')).toEqual([
      'PORT must be an integer between 0 and 65535, got "abc".',
      'PUBLIC_URL must be an http:// or https:// URL, got "nowhere".',
      'JOB_CONCURRENCY must be a whole number from 1 to 16, got "many".',
    ]);
  });

  it('refuses connection time limits that contradict each other', () => {
    expect(refusal({ ...base(), KEEP_ALIVE_TIMEOUT_MS: '20000', HEADERS_TIMEOUT_MS: '10000' })).toBe(
      'KEEP_ALIVE_TIMEOUT_MS (20000) must be shorter than HEADERS_TIMEOUT_MS (10000).',
    );
    expect(refusal({ ...base(), HEADERS_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '60000' })).toBe(
      'HEADERS_TIMEOUT_MS (90000) must not be longer than REQUEST_TIMEOUT_MS (60000).',
    );
  });

  it('reads good values, treats empty ones as unset, and strips the trailing slash of PUBLIC_URL', () => {
    const config = readServerConfig({
      ...base(),
      PORT: '8080',
      PUBLIC_URL: 'https://apply.example.edu/',
      TRUST_PROXY: '2',
      MAIL_FROM: '',
      HEADERS_TIMEOUT_MS: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://apply.example.edu',
      trustProxy: 2,
      secureCookies: true,
      mailFrom: 'Admissions <no-reply@localhost>',
    });
    expect(config.http.headersTimeoutMs).toBe(readServerConfig(base()).http.headersTimeoutMs);
  });

  it('`npm start` with a bad value exits 1 naming the variable, before building anything', async () => {
    const { code, output } = await script('server/main.ts', [], {
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'not a url',
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(output).toContain('Admissions could not start: PUBLIC_URL must be an http:// or https:// URL, got "not a url".');
    expect(output).not.toContain('building_front_end');
  }, 60_000);
});

describe('keys in production (NODE_ENV=production and an https PUBLIC_URL)', () => {
  const production = (dataDir: string) => ({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://apply.example.edu',
    TRUST_PROXY: '1',
  });

  it('are never generated silently: start-up stops naming SESSION_SECRET, ENCRYPTION_KEY and init-keys', async () => {
    const dataDir = tempDir();
    const message = refusal(production(dataDir));
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('ENCRYPTION_KEY');
    expect(message).toContain('npm run admin -- init-keys');
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
    expect(existsSync(join(dataDir, 'encryption.key'))).toBe(false);
    // NODE_ENV defaults to production.
    const { NODE_ENV: _, ...unset } = production(tempDir());
    expect(refusal(unset)).toContain('npm run admin -- init-keys');

    const { code, output } = await script('server/main.ts', [], { ...production(dataDir), PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain('npm run admin -- init-keys');
  }, 60_000);

  it('are taken from the environment', () => {
    const dataDir = tempDir();
    const encryptionKey = Buffer.alloc(32, 7).toString('base64');
    const config = readServerConfig({ ...production(dataDir), SESSION_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: encryptionKey });
    expect(config.encryptionKey.toString('base64')).toBe(encryptionKey);
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
  });

  it('are created by `npm run admin -- init-keys` (mode 600), which never overwrites them', async () => {
    const dataDir = tempDir();
    const created = await script('server/cli/admin.ts', ['init-keys'], production(dataDir));
    expect(created.code).toBe(0);
    const files = ['secret.key', 'encryption.key'].map((name) => join(dataDir, name));
    for (const file of files) expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = files.map((file) => readFileSync(file, 'utf8'));
    const config = readServerConfig(production(dataDir));
    expect(config.encryptionKey.toString('base64')).toBe(written[1]!.trim());

    const again = await script('server/cli/admin.ts', ['init-keys'], production(dataDir));
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exist');
    expect(files.map((file) => readFileSync(file, 'utf8'))).toEqual(written);

    // With one file lost, only that one is made again; the other is kept as it is.
    rmSync(files[0]!);
    const refill = await script('server/cli/admin.ts', ['init-keys'], production(dataDir));
    expect(refill.code).toBe(0);
    expect(readFileSync(files[1]!, 'utf8')).toBe(written[1]);
    expect(readFileSync(files[0]!, 'utf8')).not.toBe(written[0]);
  }, 60_000);

  it('are still generated on first start for http://localhost and for tests', () => {
    for (const env of [
      { NODE_ENV: 'production', DATA_DIR: tempDir() },
      { NODE_ENV: 'test', DATA_DIR: tempDir(), PUBLIC_URL: 'https://apply.example.edu', TRUST_PROXY: '1' },
    ]) {
      readServerConfig(env);
      expect(statSync(join(env.DATA_DIR, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(statSync(join(env.DATA_DIR, 'encryption.key')).mode & 0o777).toBe(0o600);
    }
  });
});
