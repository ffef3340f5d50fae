import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_HISTORY_LENGTH } from '../../db/sessions';
import type { Profile } from '../../machines/api/responses';
import { GOOD_PASSWORD, signUpAndLogIn, startTestServer, withoutRequestId, type TestServer } from './helpers/testServer';

/** Every SQL statement the server runs, in order, and every keyed hash it makes. */
const trace = vi.hoisted(() => ({ statements: [] as string[], hashes: 0 }));
vi.mock('../../db/statements', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../db/statements')>();
  return {
    ...original,
    stmt: (...args: Parameters<typeof original.stmt>) => {
      const sql = args[1].replace(/\s+/g, ' ');
      // The job queue and the release job poll every second on their own timers, whatever the requests:
      // on a busy machine a poll lands inside one traced call and not the other, which is no work of theirs.
      const poll = sql.startsWith("UPDATE jobs SET state = 'running'") || sql.startsWith("UPDATE releases SET state = 'sending'");
      if (!poll) trace.statements.push(sql);
      return original.stmt(...args);
    },
  };
});
vi.mock('../../server/accounts/secrets', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/accounts/secrets')>();
  return {
    ...original,
    keyedHash: (...args: Parameters<typeof original.keyedHash>) => {
      trace.hashes++;
      return original.keyedHash(...args);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.stop();
});

describe('forgot-password', () => {
  it('does the same work for an unknown address as for an account: the same statements and hashes, only no mail', async () => {
    const owner = 'forgetful.owner@example.org';
    await signUpAndLogIn(server, owner);
    const traced = async (username: string, client: string) => {
      trace.statements.length = 0;
      trace.hashes = 0;
      const started = performance.now();
      const answer = await server.client().post('/public/forgot-password', { username }, { 'x-forwarded-for': client });
      return { answer, ms: performance.now() - started, statements: [...trace.statements], hashes: trace.hashes };
    };
    // Warm both paths once, so statements are prepared and compiled alike.
    await traced(owner, '10.7.0.1');
    await traced('nobody.warm@example.org', '10.7.0.2');

    const known = await traced(owner, '10.7.1.1');
    const unknown = await traced('nobody.at.all@example.org', '10.7.1.2');
    expect(unknown.answer.status).toBe(known.answer.status);
    expect(withoutRequestId(unknown.answer.body)).toEqual(withoutRequestId(known.answer.body));
    expect(unknown.hashes).toBe(known.hashes);
    const mail = (sql: string) => sql.startsWith('INSERT INTO outbox');
    expect(known.statements.filter(mail)).toHaveLength(1);
    expect(unknown.statements).toEqual(known.statements.filter((sql) => !mail(sql)));

    // Figures, not assertions: medians over interleaved calls.
    const times: { known: number[]; unknown: number[] } = { known: [], unknown: [] };
    for (let round = 0; round < 4; round++) {
      times.known.push((await traced(owner, `10.7.2.${round}`)).ms);
      times.unknown.push((await traced(`nobody.${round}@example.org`, `10.7.3.${round}`)).ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(`forgot-password medians: account ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms`);
  });
});

describe('the login history', () => {
  it('keeps a count of every login and only the newest logins', async () => {
    const username = 'regular@example.org';
    const client = await signUpAndLogIn(server, username);
    const logins = LOGIN_HISTORY_LENGTH + 5;
    for (let login = 1; login < logins; login++) {
      expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
    }
    const user = server.db.prepare('SELECT id, login_count FROM users WHERE username = ?').get(username) as {
      id: number;
      login_count: number;
    };
    expect(user.login_count).toBe(logins);
    const kept = server.db.prepare('SELECT created_at FROM logins WHERE user_id = ? ORDER BY id').all(user.id);
    expect(kept).toHaveLength(LOGIN_HISTORY_LENGTH);
    expect((await client.get<Profile>('/api/profile')).body.successful_login).toEqual(kept);
  });
});
