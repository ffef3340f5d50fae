import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm run admin` and `npm run mail` refuse what they do not know: a mistyped flag such as
 * `--include-sensitve` must stop the command, not be ignored (an export without the flag the
 * operator meant is a different export).
 */
const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'admissions-flags-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function command(file: 'admin' | 'mail', args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `server/cli/${file}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the operator commands', () => {
  it.each([
    ['admin', 'export --status all --format json --include-sensitve', '--include-sensitve'],
    ['admin', 'export --format=json --stauts all', '--stauts'],
    ['admin', 'service-token ada@example.org --out token.txt', '--out'],
    ['admin', 'export --status', '--status'],
    ['admin', 'export submitted', 'submitted'],
    ['mail', '--too ada@example.org', '--too'],
    ['mail', '--json ada@example.org', 'ada@example.org'],
    ['mail', '--limit many', '--limit'],
  ] as const)(
    'npm run %s -- %s stops with a message naming %s, and does nothing',
    async (file, args, named) => {
      const result = await command(file, args.split(' '));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(named);
      expect(result.stderr).toContain(`npm run ${file}`);
      expect(result.stdout).toBe('');
    },
    60_000,
  );

  it('still run with the flags they know', async () => {
    const exported = await command('admin', ['export', '--status=all', '--format', 'json', '--include-sensitive']);
    expect(exported).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(exported.stdout)).toEqual([]);
    const mail = await command('mail', ['--to', 'ada@example.org', '--json', '--limit', '5']);
    expect(mail).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(mail.stdout)).toEqual([]);
  }, 60_000);
});
