import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerVault } from '../../server/application/answerVault';
import { readServerConfig } from '../../server/config';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';
import type { Profile, ServiceData } from '../../machines/api/responses';
import type { AnswerValue } from '../../src/catalogue/dataModel';
import { stringContaining } from '../fixtures/matchers';

const run = promisify(execFile);
const SSN = '123-45-6789';
/** A row of `npm run admin export --format json`. */
type ExportRow = { username: string; answers: Record<string, AnswerValue> };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function cli(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test' },
  });
}

describe('sensitive answers at rest', () => {
  it('gives the applicant their SSN back but never stores it in clear, in the database or its journal', async () => {
    const username = 'ssn.owner@example.org';
    const client = await signUpAndLogIn(server, username);
    expect((await client.put('/api/answer', { first_name: 'Lin', ssn: SSN })).status).toBe(200);
    expect((await client.get<Profile>('/api/profile')).body.answer).toMatchObject({ first_name: 'Lin', ssn: SSN });

    server.db.pragma('wal_checkpoint(FULL)');
    for (const file of readdirSync(server.dataDir).filter((name) => name.startsWith('admissions.sqlite'))) {
      const bytes = readFileSync(join(server.dataDir, file));
      expect(bytes.includes(Buffer.from(SSN)), file).toBe(false);
      expect(bytes.includes(Buffer.from('123456789')), file).toBe(false);
    }
    const sealed = server.db.prepare('SELECT sealed FROM sensitive_answers').all() as { sealed: string }[];
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.sealed).toMatch(/^v1\./);
  });

  it('shows staff only the last four digits, and the export masks unless asked for the full value', async () => {
    const username = 'ssn.staff@example.org';
    const client = await signUpAndLogIn(server, username);
    await client.put('/api/answer', { ssn: SSN });
    const url = new URL((await cli(['service-token', username])).stdout.trim());
    const staff = await server.client().get<ServiceData>(`/service/tmp-pdf?service_token=${url.searchParams.get('service_token')}`);
    expect(staff.body.answer.ssn).toBe('•••-••-6789');

    const masked = JSON.parse((await cli(['export', '--status', 'all', '--format', 'json'])).stdout) as ExportRow[];
    expect(masked.find((row) => row.username === username)?.answers.ssn).toBe('•••-••-6789');
    const full = JSON.parse((await cli(['export', '--status', 'all', '--format', 'json', '--include-sensitive'])).stdout) as ExportRow[];
    expect(full.find((row) => row.username === username)?.answers.ssn).toBe(SSN);
  });

  it('clearing the answer removes the sealed value', async () => {
    const client = await signUpAndLogIn(server, 'ssn.clear@example.org');
    await client.put('/api/answer', { ssn: SSN });
    await client.put('/api/answer', { ssn: '' });
    expect((await client.get<Profile>('/api/profile')).body.answer.ssn).toBeUndefined();
  });

  it('refuses prefill links carrying an SSN', async () => {
    const file = join(server.dataDir, 'prefill-ssn.json');
    writeFileSync(file, JSON.stringify({ first_name: 'Pat', ssn: SSN }));
    await expect(cli(['tmp-token', file])).rejects.toMatchObject({ stderr: stringContaining('ssn') });
  });
});

describe('the answer vault', () => {
  const vault = createAnswerVault(Buffer.alloc(32, 7));

  it('binds a sealed value to its applicant and answer key', () => {
    const sealed = vault.seal(1, 'ssn', SSN);
    expect(vault.open(1, 'ssn', sealed)).toBe(SSN);
    expect(() => vault.open(2, 'ssn', sealed)).toThrow();
    expect(() => vault.open(1, 'alien_registration_number', sealed)).toThrow();
    expect(vault.seal(1, 'ssn', SSN)).not.toBe(sealed);
  });

  it('takes its key from ENCRYPTION_KEY or keeps a generated one, readable only by its owner', () => {
    const config = readServerConfig({ DATA_DIR: server.dataDir });
    expect(config.encryptionKey).toHaveLength(32);
    expect(statSync(join(server.dataDir, 'encryption.key')).mode & 0o777).toBe(0o600);
    expect(readServerConfig({ DATA_DIR: server.dataDir }).encryptionKey.equals(config.encryptionKey)).toBe(true);
    expect(() => readServerConfig({ DATA_DIR: server.dataDir, ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });
});
