import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChild } from '../../bench/processes';
import { seedApplicants } from '../../bench/seed';
import { openDatabase } from '../../db/connection';
import { insertDecision } from '../../db/decisions';
import { createReleaseService } from '../../server/application/releaseService';
import { systemClock } from '../../server/clock';
import { loadCollegeConfig } from '../../src/college/load';

const APPLICANTS = 60;
/** 10 letters a second: the release takes about six seconds, long enough to be stopped part-way. */
const MAILS_PER_MINUTE = '600';

/** Submitted applications, each decided, and a release of them all approved by a second admin to go out now. */
async function decidedAndApproved(databaseFile: string): Promise<string[]> {
  const emails = await seedApplicants(databaseFile, APPLICANTS, 'release');
  const db = openDatabase(databaseFile);
  try {
    const now = Date.now();
    const admins = ['first', 'second'].map((name) =>
      Number(
        db
          .prepare("INSERT INTO staff (email, role, created_at, activated_at) VALUES (?, 'admin', ?, ?)")
          .run(`${name}.admin@college.example`, now, now).lastInsertRowid,
      ),
    );
    const ids = db.prepare('SELECT id FROM users ORDER BY id').all() as { id: number }[];
    db.transaction(() => {
      for (const { id } of ids) {
        db.prepare('UPDATE applications SET answers = ?, version = 1, updated_at = ?, submitted_at = ? WHERE user_id = ?').run(
          JSON.stringify({ first_name: `Applicant ${id}`, last_name: 'Crash', entry_term: '2027FA' }),
          now,
          now,
          id,
        );
        insertDecision(db, { userId: id, code: id % 3 === 0 ? 'deny' : 'admit', staffId: admins[0]! }, now);
      }
    })();
    const releases = createReleaseService({ db, clock: systemClock, college: loadCollegeConfig(), wake: () => {} });
    const caller = (staffId: number) => ({ staffId, role: 'admin' as const, client: 'test' });
    const prepared = releases.prepare(
      { scope: { kind: 'decisions', codes: ['admit', 'deny'] }, scheduled_at: Date.now() },
      caller(admins[0]!),
    );
    releases.approve(prepared.id, caller(admins[1]!));
    expect(prepared.total).toBe(APPLICANTS);
  } finally {
    db.close();
  }
  return emails;
}

const sentCount = (db: Database.Database) =>
  (db.prepare('SELECT COUNT(*) AS n FROM release_items WHERE sent_at IS NOT NULL').get() as { n: number }).n;
const mailsPerApplicant = (db: Database.Database) =>
  db
    .prepare(
      `SELECT u.username, (SELECT COUNT(*) FROM outbox o WHERE o.to_address = u.username AND o.subject LIKE 'An update is waiting%') AS mails,
         i.sent_at IS NOT NULL AS sent
       FROM users u JOIN release_items i ON i.user_id = u.id ORDER BY u.id`,
    )
    .all() as { username: string; mails: number; sent: 0 | 1 }[];

describe('a release stopped by SIGKILL half-way', () => {
  it('finishes after a restart, every applicant mailed exactly once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-release-crash-'));
    const databaseFile = join(dataDir, 'admissions.sqlite');
    const emails = await decidedAndApproved(databaseFile);
    const env = { DATA_DIR: dataDir, RELEASE_MAILS_PER_MINUTE: MAILS_PER_MINUTE };

    const first = await startChild('test/server/helpers/childServer.ts', env);
    const watcher = new Database(databaseFile, { readonly: true });
    let atKill = 0;
    try {
      const deadline = Date.now() + 20_000;
      while ((atKill = sentCount(watcher)) < APPLICANTS / 4 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      first.child.kill('SIGKILL');
      await first.stop();
      // Stopped part-way: some applicants are done, each with one mail, the others untouched.
      const part = mailsPerApplicant(watcher);
      const done = part.filter((row) => row.sent === 1);
      console.log(`release crash: ${atKill} of ${APPLICANTS} sent when the server was killed, ${done.length} on record`);
      expect(done.length).toBeGreaterThan(0);
      expect(done.length).toBeLessThan(APPLICANTS);
      expect(part.filter((row) => row.mails !== row.sent)).toEqual([]);
    } finally {
      watcher.close();
    }

    const second = await startChild('test/server/helpers/childServer.ts', env);
    try {
      const db = new Database(databaseFile, { readonly: true });
      try {
        const deadline = Date.now() + 30_000;
        while (sentCount(db) < APPLICANTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        expect((db.prepare('SELECT state FROM releases').get() as { state: string }).state).toMatch(/^(sending|sent)$/);
        const final = mailsPerApplicant(db);
        expect(final.map((row) => row.username).sort()).toEqual([...emails].sort());
        expect(final.filter((row) => row.mails !== 1 || row.sent !== 1)).toEqual([]);
      } finally {
        db.close();
      }
    } finally {
      await second.stop();
    }
    const after = new Database(databaseFile, { readonly: true });
    try {
      expect(after.prepare('SELECT state FROM releases').get()).toEqual({ state: 'sent' });
    } finally {
      after.close();
    }
  }, 90_000);
});
