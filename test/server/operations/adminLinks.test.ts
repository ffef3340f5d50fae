import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../../server/config';
import { startServer } from '../../../server/bootstrap';
import { createUnconfirmedUser } from '../../../db/users';

/*
 * Issue 13: `npm run admin -- service-token` printed a link on port 3000 whatever port the server
 * used. The link now comes from PUBLIC_URL when the command has it, else from the server running
 * on the same DATA_DIR, else from PORT, and the command says which.
 */
const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'admissions-links-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function serviceToken(email: string, env: Record<string, string> = {}) {
  const inherited = { ...process.env };
  delete inherited.PORT;
  delete inherited.PUBLIC_URL;
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'service-token', email], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
    timeout: 60_000,
  });
  return { link: new URL(stdout.trim()), stderr };
}

async function startOnDataDir() {
  // As an operator would start it: a port of its own, no PUBLIC_URL.
  return startServer(readServerConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }));
}

describe('staff links from `npm run admin -- service-token`', () => {
  const email = 'linked@example.org';

  it('point at the port of the server running on the same DATA_DIR', async () => {
    const running = await startOnDataDir();
    try {
      createUnconfirmedUser(running.db, email, 'not a hash: the link needs only the account', () => ({ codeHash: 'x', expiresAt: 0 }), 0);
      const port = new URL(running.url).port;
      const { link, stderr } = await serviceToken(email);
      expect(link.origin).toBe(`http://localhost:${port}`);
      expect(link.pathname).toBe('/about');
      expect(stderr).toContain(`the server running on ${dataDir}`);

      const { link: configured, stderr: said } = await serviceToken(email, { PUBLIC_URL: 'https://apply.example.edu', TRUST_PROXY: '1' });
      expect(configured.origin).toBe('https://apply.example.edu');
      expect(said).toContain('PUBLIC_URL');
    } finally {
      await running.close();
    }
  });

  it('fall back to PORT when no server runs, and say so', async () => {
    const { link, stderr } = await serviceToken(email, { PORT: '4123' });
    expect(link.origin).toBe('http://localhost:4123');
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('No server is running');
  });
});
