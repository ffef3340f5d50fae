import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/bootstrap';
import { readServerConfig } from '../../server/config';
import { DEMO_COLLEGE_PATH } from '../../src/college/load';

const root = resolve(import.meta.dirname, '../..');
const tempDir = () => mkdtempSync(join(tmpdir(), 'admissions-start-'));

describe('start-up', () => {
  it('refuses a bad college configuration with a message naming the field', async () => {
    const dir = tempDir();
    const college = JSON.parse(readFileSync(DEMO_COLLEGE_PATH, 'utf8'));
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

  it('`npm start` builds the front end when needed, migrates a new database and serves pages and API', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /"event":"listening","url":"([^"]+)"/.exec(output);
          if (match) resolveUrl(match[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      });
      const page = await fetch(url + '/final-steps?x=1');
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('<div id="root"></div>');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      expect((await fetch(url + script)).headers.get('content-type')).toContain('javascript');
      expect(await (await fetch(url + '/api/profile')).json()).toEqual({
        message: 'Your session is invalid. Please clear your cookies and login again.',
        request_id: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
      });
      const wrongMethod = await fetch(url + '/api/profile', { method: 'DELETE' });
      expect(wrongMethod.status).toBe(405);
      expect(typeof (await wrongMethod.json()).message).toBe('string');
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);
});
