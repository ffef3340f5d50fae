import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChild } from '../../bench/processes';
import { BENCH_PASSWORD, seedApplicants } from '../../bench/seed';
import { logIn } from '../../bench/httpThroughput';

const APPLICANTS = 20;
const LOAD_MS = 1500;

describe('a crash under load', () => {
  it('keeps every acknowledged save after SIGKILL, and the database stays intact', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-crash-'));
    const usernames = await seedApplicants(join(dataDir, 'admissions.sqlite'), APPLICANTS, 'crash');
    const server = await startChild('test/server/helpers/childServer.ts', { DATA_DIR: dataDir });
    const cookies = await Promise.all(usernames.map((username) => logIn(server.url, username, BENCH_PASSWORD)));

    // Each applicant saves a growing counter, one save after another, until the server dies.
    const lastAcknowledged = new Array<number>(APPLICANTS).fill(0);
    let killed = false;
    const loops = cookies.map(async (cookie, index) => {
      for (let sequence = 1; !killed; sequence++) {
        try {
          const response = await fetch(`${server.url}/api/answer`, {
            method: 'PUT',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ preferred_name: `seq-${sequence}` }),
          });
          if (response.status === 200) lastAcknowledged[index] = sequence;
        } catch {
          return; // the connection died with the server
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    killed = true;
    server.child.kill('SIGKILL');
    await Promise.all(loops);
    await server.stop();

    const db = new Database(join(dataDir, 'admissions.sqlite'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = db
        .prepare(
          "SELECT u.username, json_extract(a.answers, '$.preferred_name') AS value FROM applications a JOIN users u ON u.id = a.user_id",
        )
        .all() as { username: string; value: string | null }[];
      const stored = new Map(rows.map((row) => [row.username, Number(row.value?.slice(4) ?? 0)]));
      const acknowledged = lastAcknowledged.reduce((sum, count) => sum + count, 0);
      const lost = usernames.filter((username, index) => (stored.get(username) ?? 0) < lastAcknowledged[index]!);
      console.log(`crash: ${acknowledged} saves acknowledged before SIGKILL, ${lost.length} lost, integrity ok`);
      expect(acknowledged).toBeGreaterThan(APPLICANTS);
      expect(lost).toEqual([]);
    } finally {
      db.close();
    }
  }, 60_000);
});
