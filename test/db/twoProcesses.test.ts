import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/connection';
import { findStaffByEmail, inviteStaff } from '../../db/staff';

// The server and the admin command line share one database file. Another writer is stood in for
// by a worker thread with its own connection: it takes the write lock, writes, and commits a
// moment later, while this thread's invitation reads and then writes.
const HOLDER = `
const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
const { parentPort, workerData } = require('node:worker_threads');
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO staff (email, role, created_at) VALUES ('other-writer@example.org', 'reader', 1)").run();
parentPort.postMessage('holding');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
db.exec('COMMIT');
db.close();
parentPort.postMessage('committed');
`;

let folder: string | undefined;
let db: Db | undefined;
afterEach(() => {
  db?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

it('an invitation from the command line while the server is writing waits its turn instead of failing with "database is locked"', async () => {
  folder = mkdtempSync(join(tmpdir(), 'two-writers-'));
  const file = join(folder, 'admissions.sqlite');
  db = openDatabase(file);
  const worker = new Worker(HOLDER, { eval: true, workerData: { file, holdMs: 800 } });
  const committed = new Promise<void>((resolve, reject) => {
    worker.on('message', (message) => message === 'committed' && resolve());
    worker.on('error', reject);
  });
  await new Promise<void>((resolve) => worker.once('message', () => resolve()));

  // A transaction that read before the other writer committed could not write after it; the
  // invitation takes the write lock before it reads, so it waits and then succeeds.
  const outcome = inviteStaff(db, 'new-reader@example.org', 'reader', { idHash: 'hash', expiresAt: 10_000, invitedBy: null }, 1);
  expect(outcome).toMatchObject({ invited: true });
  await committed;
  expect(findStaffByEmail(db, 'new-reader@example.org')?.role).toBe('reader');
  expect(findStaffByEmail(db, 'other-writer@example.org')).toBeDefined();
  await worker.terminate();
});
