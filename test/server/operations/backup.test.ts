import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startChild } from '../../../bench/processes';
import { BENCH_PASSWORD, seedApplicants } from '../../../bench/seed';
import { logIn } from '../../../bench/httpThroughput';
import { startServer } from '../../../server/bootstrap';
import { readServerConfig } from '../../../server/config';
import { stringContaining } from '../../fixtures/matchers';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const APPLICANTS = 12;
const LOAD_BEFORE_MS = 800;

/** `npm run admin -- …` as an operator runs it, next to the running server. */
const admin = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir },
  });

describe('npm run admin -- backup FILE', () => {
  it('copies the live database under save load; the restored copy holds every save acknowledged before the backup began', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-backup-'));
    const usernames = await seedApplicants(join(dataDir, 'admissions.sqlite'), APPLICANTS, 'backup');
    const server = await startChild('test/server/helpers/childServer.ts', { DATA_DIR: dataDir });
    const cookies = await Promise.all(usernames.map((username) => logIn(server.url, username, BENCH_PASSWORD)));

    const lastAcknowledged = new Array<number>(APPLICANTS).fill(0);
    let stopping = false;
    const loops = cookies.map(async (cookie, index) => {
      for (let sequence = 1; !stopping; sequence++) {
        const response = await fetch(`${server.url}/api/answer`, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ preferred_name: `seq-${sequence}` }),
        });
        if (response.status === 200) lastAcknowledged[index] = sequence;
      }
    });

    const backupDir = mkdtempSync(join(tmpdir(), 'admissions-backup-copy-'));
    const backupFile = join(backupDir, 'admissions-backup.sqlite');
    let acknowledgedBeforeBackup: number[] = [];
    try {
      await new Promise((resolveWait) => setTimeout(resolveWait, LOAD_BEFORE_MS));
      acknowledgedBeforeBackup = [...lastAcknowledged];
      const { stderr } = await admin(dataDir, 'backup', backupFile);
      console.log(stderr.trim());
      // The load goes on a moment after the copy, then the server stops.
      await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    } finally {
      stopping = true;
      await Promise.all(loops);
      await server.stop();
    }
    const total = acknowledgedBeforeBackup.reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(APPLICANTS);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    // One self-contained file: nothing of it waits in a -wal beside it.
    expect(existsSync(`${backupFile}-wal`)).toBe(false);
    const header = new Database(backupFile, { readonly: true });
    expect(header.pragma('journal_mode', { simple: true })).toBe('delete');
    header.close();

    // Restore as README says: the copy becomes DATA_DIR/admissions.sqlite next to the same keys.
    const restoredDir = mkdtempSync(join(tmpdir(), 'admissions-restored-'));
    copyFileSync(backupFile, join(restoredDir, 'admissions.sqlite'));
    for (const key of ['secret.key', 'encryption.key']) copyFileSync(join(dataDir, key), join(restoredDir, key));
    const check = new Database(join(restoredDir, 'admissions.sqlite'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();

    const restored = await startServer(readServerConfig({ NODE_ENV: 'test', DATA_DIR: restoredDir, PORT: '0', HOST: '127.0.0.1' }));
    try {
      const missing: string[] = [];
      let stored = 0;
      for (const [index, username] of usernames.entries()) {
        const cookie = await logIn(restored.url, username, BENCH_PASSWORD);
        const profile = (await (await fetch(`${restored.url}/api/profile`, { headers: { cookie } })).json()) as {
          answer: Record<string, string>;
        };
        const sequence = Number(profile.answer.preferred_name?.slice(4) ?? 0);
        stored += sequence;
        if (sequence < acknowledgedBeforeBackup[index]!) missing.push(`${username}: ${sequence} < ${acknowledgedBeforeBackup[index]}`);
      }
      console.log(
        `backup under load: ${total} saves acknowledged before it began, the restored copy holds ${stored}, ${missing.length} missing`,
      );
      expect(missing).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses to overwrite an existing file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-backup-'));
    await seedApplicants(join(dataDir, 'admissions.sqlite'), 1, 'exists');
    const target = join(mkdtempSync(join(tmpdir(), 'admissions-backup-copy-')), 'taken.sqlite');
    writeFileSync(target, 'something precious');
    await expect(admin(dataDir, 'backup', target)).rejects.toMatchObject({ stderr: stringContaining('already exists') });
    expect(existsSync(target)).toBe(true);
    expect(statSync(target).size).toBe('something precious'.length);
  }, 60_000);
});
