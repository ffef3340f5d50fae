import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/bootstrap';
import { readServerConfig } from '../../server/config';
import { DEMO_COLLEGE_PATH } from '../../src/college/load';
import { SERVER_BUILD_DIR, SERVER_BUILD_RECORD_FILE, serverBuildIsStale } from '../../scripts/serverBuild.mjs';
import { stringMatching } from '../fixtures/matchers';

const root = resolve(import.meta.dirname, '../..');
const tempDir = () => mkdtempSync(join(tmpdir(), 'admissions-start-'));

/** The command lines of every process in a process group (npm, its shell, the server). */
function processGroup(groupId: number): string[] {
  const table = execFileSync('ps', ['-eo', 'pgid=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && Number(match[1]) === groupId)
    .map((match) => match[2]!);
}

describe('start-up', () => {
  it('refuses a bad college configuration with a message naming the field', async () => {
    const dir = tempDir();
    const college = JSON.parse(readFileSync(DEMO_COLLEGE_PATH, 'utf8')) as Record<string, unknown>;
    college.helpEmail = 'not an address';
    const file = join(dir, 'college.json');
    writeFileSync(file, JSON.stringify(college));
    const config = readServerConfig({ NODE_ENV: 'test', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', COLLEGE_CONFIG: file });
    await expect(startServer(config)).rejects.toThrow(/"helpEmail"/);
  });

  it('runs the catalogue checks in development and starts cleanly with the real catalogue', async () => {
    const config = readServerConfig({ NODE_ENV: 'development', DATA_DIR: tempDir(), PORT: '0', HOST: '127.0.0.1' });
    const running = await startServer(config, { logger: { info() {}, warn() {}, error() {} } });
    try {
      expect((await fetch(running.url + '/public/college')).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('`npm start` rebuilds an out-of-date server, migrates a new database and serves pages and API from plain JavaScript', async () => {
    const dataDir = tempDir();
    // An out-of-date server build, as after editing a source: its record dates from 1970.
    const record = join(root, SERVER_BUILD_DIR, SERVER_BUILD_RECORD_FILE);
    if (existsSync(record)) utimesSync(record, 0, 0);
    // The operator's own command; its own process group, so the test can stop npm and everything under it.
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const startedAt = performance.now();
    try {
      let output = '';
      const url = await new Promise<string>((resolveUrl, reject) => {
        npm.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /"event":"listening","url":"([^"]+)"/.exec(output);
          if (match) resolveUrl(match[1]!);
        });
        npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        npm.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      console.log(`npm start: listening after ${Math.round(performance.now() - startedAt)} ms`);
      expect(output).toMatch(/"event":"building_server"[^]*"event":"server_built"[^]*"event":"listening"/);
      expect(serverBuildIsStale(root)).toBe(false);
      // A new database has no staff account: one line says how to invite the first admin.
      expect(output.match(/"event":"no_staff_account"/g)).toHaveLength(1);
      expect(output).toContain('npm run admin -- staff-invite EMAIL --role admin');

      // The Node process that serves runs JavaScript with no loader: no --import/--loader, no tsx.
      const nodes = processGroup(npm.pid!).filter((command) => /(^|\/)node\s/.test(command));
      console.log(`processes under npm start: ${JSON.stringify(nodes)}`);
      expect(nodes.length).toBeGreaterThan(0);
      for (const command of nodes) expect(command).not.toMatch(/--import|--loader|--experimental-loader|tsx|\.ts\b/);

      const page = await fetch(url + '/final-steps?x=1');
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      // The page, with its first screen rendered on the server (a visitor's Final Steps).
      expect(html).toContain('<div id="root" data-first-screen=');
      expect(html).toMatch(/<h1\b[^>]*>Final Steps<\/h1>/);
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      expect((await fetch(url + script)).headers.get('content-type')).toContain('javascript');
      expect(await (await fetch(url + '/api/profile')).json()).toEqual({
        message: 'Your session is invalid. Please clear your cookies and login again.',
        request_id: stringMatching(/^[A-Za-z0-9_-]{12}$/),
      });
      const wrongMethod = await fetch(url + '/api/profile', { method: 'DELETE' });
      expect(wrongMethod.status).toBe(405);
      expect(typeof ((await wrongMethod.json()) as { message?: unknown }).message).toBe('string');
    } finally {
      process.kill(-npm.pid!, 'SIGTERM');
    }
  }, 120_000);
});
