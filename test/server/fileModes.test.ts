import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/bootstrap';
import { manualClock } from '../../server/clock';
import { readServerConfig } from '../../server/config';
import { GOOD_PASSWORD, TestClient } from './helpers/testServer';

/**
 * Issue 10, item 4: everything under DATA_DIR is the service account's alone (files 0600, folders
 * 0700), from the first start and after a start on an install left readable by others.
 */
const parents: string[] = [];
afterAll(() => {
  for (const parent of parents) rmSync(parent, { recursive: true, force: true });
});

function newDataDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'admissions-modes-'));
  parents.push(parent);
  // A folder that does not exist yet, as on a first `npm start`: the server creates it.
  return join(parent, 'data');
}

async function runOnce(dataDir: string, work: (running: Awaited<ReturnType<typeof startServer>>) => Promise<void>) {
  const config = readServerConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  const running = await startServer(config, { clock: manualClock(Date.now()) });
  try {
    await work(running);
    modes = collectModes(dataDir);
  } finally {
    await running.close();
  }
}

interface Found {
  mode: number;
  folder: boolean;
}
/** What the last run left, taken while the server was still running (the WAL and SHM exist then). */
let modes: Map<string, Found>;

/** The permission bits of every file and folder under dir, by path relative to it ('.' is dir). */
function collectModes(dir: string, prefix = '.', into = new Map<string, Found>()): Map<string, Found> {
  into.set(prefix, { mode: statSync(dir).mode & 0o777, folder: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = prefix === '.' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) collectModes(path, name, into);
    else into.set(name, { mode: statSync(path).mode & 0o777, folder: false });
  }
  return into;
}

function expectPrivate(found: Map<string, Found>) {
  const loose = [...found].filter(([, { mode, folder }]) => mode !== (folder ? 0o700 : 0o600));
  expect(loose.map(([path, { mode }]) => `${path} ${mode.toString(8)}`)).toEqual([]);
}

async function useEverything(running: Awaited<ReturnType<typeof startServer>>) {
  const client = new TestClient(running.url);
  const username = `modes.${Math.random().toString(36).slice(2)}@example.org`;
  expect((await client.post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(200);
  await running.store.put('applicants/modes/uploads/personal_statement_doc/r1', Buffer.from('%PDF-1.4 test'), 'application/pdf');
}

describe('file modes under DATA_DIR', () => {
  it('creates the folder 0700 and the database, its WAL and SHM, the keys and stored files 0600', async () => {
    const dataDir = newDataDir();
    await runOnce(dataDir, useEverything);
    for (const expected of [
      '.',
      'admissions.sqlite',
      'admissions.sqlite-wal',
      'admissions.sqlite-shm',
      'secret.key',
      'encryption.key',
      'objects',
    ]) {
      expect(modes.has(expected), expected).toBe(true);
    }
    expect([...modes.keys()].some((path) => path.startsWith('objects/applicants/modes/'))).toBe(true);
    expectPrivate(modes);
  });

  it('tightens an install that was left readable by others at the next start', async () => {
    const dataDir = newDataDir();
    await runOnce(dataDir, useEverything);
    // An old version, a restore with cp or a careless chmod left everything world-readable.
    const loosen = (dir: string) => {
      chmodSync(dir, 0o755);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) loosen(path);
        else chmodSync(path, 0o644);
      }
    };
    loosen(dataDir);
    expect(statSync(join(dataDir, 'admissions.sqlite')).mode & 0o777).toBe(0o644);

    await runOnce(dataDir, async () => {});
    expect(existsSync(join(dataDir, 'objects/applicants/modes/uploads/personal_statement_doc/r1'))).toBe(true);
    expectPrivate(modes);
  });

  it('keeps a database opened where its folder already exists private too', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'admissions-modes-'));
    parents.push(parent);
    const dataDir = join(parent, 'existing');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    await runOnce(dataDir, async () => {});
    expectPrivate(modes);
  });
});
