import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log';
import { stringMatching } from '../fixtures/matchers';

const ROOT = join(import.meta.dirname, '..', '..');
const ISO_TIME = stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** Runs `script` in a node process with the server's logger as `logger`; resolves with each stdout line and when it came. */
function runWithLogger(script: string): Promise<{ lines: { text: string; afterMs: number }[]; exitedAfterMs: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { createLogger } from './server/log.ts'; const logger = createLogger(); ${script}`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: { text: string; afterMs: number }[] = [];
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const text of parts) lines.push({ text, afterMs: performance.now() - started });
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve({ lines, exitedAfterMs: performance.now() - started }));
  });
}

describe('the log', () => {
  it('writes one JSON line per event: level, ISO time, the event, then its fields', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line) });
    logger.info('request', { method: 'GET', path: '/api/profile', status: 200 });
    logger.warn('mail_failed', { id: 3 });
    logger.error('stop_failed');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\{"level":"info","time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","event":"request","method":"GET"/);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 'info', time: ISO_TIME, event: 'request', method: 'GET', path: '/api/profile', status: 200 },
      { level: 'warn', time: ISO_TIME, event: 'mail_failed', id: 3 },
      { level: 'error', time: ISO_TIME, event: 'stop_failed' },
    ]);
  });

  it('writes nothing when silent (the test servers)', () => {
    const lines: string[] = [];
    const logger = createLogger({ silent: true, write: (line) => lines.push(line) });
    logger.info('request', { status: 200 });
    logger.error('unhandled_error');
    expect(lines).toEqual([]);
  });

  it('reaches stdout within moments while the process runs, not only at exit', async () => {
    const run = await runWithLogger(`logger.info('listening', { url: 'http://127.0.0.1:1' }); setTimeout(() => {}, 3000);`);
    expect(run.lines.map((line) => JSON.parse(line.text) as unknown)).toMatchObject([{ event: 'listening', url: 'http://127.0.0.1:1' }]);
    expect(run.exitedAfterMs - run.lines[0]!.afterMs).toBeGreaterThan(2000);
  });

  it('writes the lines still pending when the process exits', async () => {
    const run = await runWithLogger(`for (let i = 0; i < 3; i++) logger.info('stopping', { i }); process.exit(0);`);
    expect(run.lines.map((line) => JSON.parse(line.text) as unknown)).toMatchObject([{ i: 0 }, { i: 1 }, { i: 2 }]);
  });
});
