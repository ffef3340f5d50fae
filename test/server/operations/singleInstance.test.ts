import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChild } from '../../../bench/processes';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** `npm start` as an operator runs it; resolves with its exit code and output once it exits (or is stopped). */
function npmStart(dataDir: string, limitMs = 20_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((resolveExit) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolveExit({ code, output });
    }),
  );
}

describe('one server process per DATA_DIR', () => {
  it('refuses a second process on the same DATA_DIR, and starts again once the first is killed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-instance-'));
    const first = await startChild('test/server/helpers/childServer.ts', { DATA_DIR: dataDir });
    try {
      const second = await npmStart(dataDir);
      console.log(`second process: exit ${second.code}: ${second.output.trim().split('\n').at(-1)}`);
      expect(second.code).toBe(1);
      expect(second.output).toContain('Another Admissions server is already running on DATA_DIR');
      expect(second.output).toContain(dataDir);
      expect(second.output).not.toContain('building_front_end');
      // The first one is untouched, and the commands work next to it.
      expect((await fetch(`${first.url}/public/college`)).status).toBe(200);
      const mail = await run(process.execPath, ['--import', 'tsx', 'server/cli/mail.ts'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir },
      });
      expect(mail.stdout).toContain('The outbox is empty.');
    } finally {
      first.child.kill('SIGKILL');
      await first.stop();
    }
    // The operating system frees the lock of a killed process.
    const third = await startChild('test/server/helpers/childServer.ts', { DATA_DIR: dataDir });
    try {
      expect((await fetch(`${third.url}/public/college`)).status).toBe(200);
    } finally {
      await third.stop();
    }
  }, 60_000);
});
