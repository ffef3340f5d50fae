import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../db/outbox';
import { createUnconfirmedUser } from '../../db/users';
import { toCsv } from '../../server/exports/csv';
import type { Profile, ServiceData } from '../../machines/api/responses';
import { completeApplication } from '../fixtures/completeApplication';
import { formulaPieces, parseCsv } from './helpers/csv';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** Runs an npm script's program as `npm run admin -- …` / `npm run mail -- …` does; a failure is returned, not thrown. */
async function cli(script: 'admin' | 'mail', args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: 'http://admissions.test', NODE_ENV: 'test' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const FORMULAS = ['Ann;=1+1', 'x\t=2+2', 'Semi|@SUM(1)', '=HYPERLINK("http://x")', 'a, +1', 'line\n-1', '\t=1', 'full\uFF1D1'];

describe('CSV exports', () => {
  it('never leave a piece that starts a formula, whichever separator the spreadsheet splits on', () => {
    const csv = toCsv(
      ['answer'],
      FORMULAS.map((answer) => ({ answer })),
    );
    expect(formulaPieces(csv)).toEqual([]);
    for (const cell of parseCsv(csv)
      .slice(1)
      .map((row) => row[0]!))
      expect(formulaPieces(cell), cell).toEqual([]);
    // Still the applicant's words, behind an apostrophe.
    expect(parseCsv(csv)[1]).toEqual(["Ann;'=1+1"]);
    expect(parseCsv(csv)[3]).toEqual(["Semi|'@SUM(1)"]);
  });

  it('quote every cell holding a separator, a quote or a line break', () => {
    const csv = toCsv(
      ['a'],
      ['x;y', 'x|y', 'x\ty', 'x"y', 'x\ny', 'plain'].map((a) => ({ a })),
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual(['"x;y"', '"x|y"', '"x\ty"', '"x""y"', '"x\ny"', 'plain']);
  });

  it('carry the reference number and neutralise formulas typed by an applicant', async () => {
    const username = 'formula@example.org';
    const client = await signUpAndLogIn(server, username);
    expect((await client.put('/api/answer', { ...completeApplication, first_name: 'Ann;=1+1', last_name: 'Semi|@SUM(1)' })).status).toBe(
      200,
    );
    expect((await client.post('/api/submit', {})).status).toBe(200);
    const { reference } = (await client.get<Profile & { reference: string }>('/api/profile')).body;
    expect(reference).toMatch(/^ADM-\d{4}-\d{5}-\d$/);

    const csv = (await cli('admin', ['export', '--format', 'csv'])).stdout;
    expect(formulaPieces(csv)).toEqual([]);
    const [header, ...rows] = parseCsv(csv);
    const mine = rows.find((row) => row[0] === username)!;
    expect(mine[header!.indexOf('reference')]).toBe(reference);
    expect(mine[header!.indexOf('first_name')]).toBe("Ann;'=1+1");
    const json = JSON.parse((await cli('admin', ['export', '--format', 'json'])).stdout) as { username: string; reference: string }[];
    expect(json.find((row) => row.username === username)?.reference).toBe(reference);
  });
});

describe('an export written to a file', () => {
  it('is readable by the operator alone, and never written over an existing file', async () => {
    // Outside DATA_DIR, whose files the commands keep private themselves.
    const folder = mkdtempSync(join(tmpdir(), 'admissions-export-'));
    const fresh = join(folder, 'fresh-export.csv');
    const written = await cli('admin', ['export', '--status', 'all', '--include-sensitive', '--out', fresh]);
    expect(written.code).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);

    const existing = join(folder, 'existing-export.csv');
    writeFileSync(existing, 'kept\n');
    chmodSync(existing, 0o644);
    const refused = await cli('admin', ['export', '--status', 'all', '--include-sensitive', '--out', existing]);
    expect(refused).toMatchObject({ code: 1, stderr: `${existing} already exists; export never overwrites a file.\n` });
    expect(readFileSync(existing, 'utf8')).toBe('kept\n');
    expect(statSync(existing).mode & 0o777).toBe(0o644);
    rmSync(folder, { recursive: true, force: true });
  });
});

describe("what the operator's commands print", () => {
  // A row stored before usernames had to be plain addresses: escape sequences, a bell, a NUL, bidi controls.
  const hostile = 'evil\u001b]0;owned\u0007\u0000\u202e@x.edu';
  const raw = /(?![\t\n\r])\p{Cc}|[\u200b\u202a-\u202e\u2066-\u2069]/u;

  it('`npm run mail` and the exports show control and format characters as code points', async () => {
    createUnconfirmedUser(server.db, hostile, 'not a hash', () => ({ codeHash: 'x', expiresAt: 0 }), Date.now());
    enqueueMail(server.db, { to: hostile, subject: `Hi \u001b[2J${hostile}`, text: 'body \u202e', status: 'stored' }, Date.now());

    const listing = (await cli('mail', [])).stdout;
    expect(listing).not.toMatch(raw);
    expect(listing).toContain('To:      evil[U+001B]]0;owned[U+0007][U+0000][U+202E]@x.edu');
    const asJson = (await cli('mail', ['--json'])).stdout;
    expect(asJson).not.toMatch(raw);
    expect((JSON.parse(asJson) as { to: string }[]).some((mail) => mail.to === hostile)).toBe(true);

    const csv = (await cli('admin', ['export', '--status', 'all', '--format', 'csv'])).stdout;
    expect(csv).not.toMatch(raw);
    expect(csv).toContain('evil[U+001B]]0;owned[U+0007][U+0000][U+202E]@x.edu');
    const json = (await cli('admin', ['export', '--status', 'all', '--format', 'json'])).stdout;
    expect(json).not.toMatch(raw);
    expect((JSON.parse(json) as { username: string }[]).some((row) => row.username === hostile)).toBe(true);
  });
});

describe('npm run admin -- revoke-service-token EMAIL', () => {
  it('ends every staff link of the applicant at once and says how many', async () => {
    const username = 'revoked@example.org';
    await signUpAndLogIn(server, username);
    const links = [];
    for (let link = 0; link < 2; link++) {
      links.push(new URL((await cli('admin', ['service-token', username])).stdout.trim()).searchParams.get('service_token')!);
    }
    const staffView = (token: string) => server.client().get<ServiceData>(`/service/tmp-pdf?service_token=${token}`);
    for (const token of links) expect((await staffView(token)).status).toBe(200);

    const revoked = await cli('admin', ['revoke-service-token', username.toUpperCase()]);
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked 2 staff link(s) for ${username}; they open nothing from now on.\n` });
    for (const token of links) expect((await staffView(token)).status).toBe(403);
    expect((await cli('admin', ['revoke-service-token', 'nobody@example.org'])).code).toBe(1);
  });
});
