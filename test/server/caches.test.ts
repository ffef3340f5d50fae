import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveAnswers } from '../../db/applications';
import { BoundedMap } from '../../db/boundedMap';
import { openDatabase } from '../../db/connection';
import { createUnconfirmedUser } from '../../db/users';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../server/accounts/sessionPolicy';
import { GOOD_PASSWORD, resetLinkFromMail, signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';
import type { Profile } from '../../machines/api/responses';

/**
 * Sessions, profile bodies and parsed answers are kept in memory in front of SQLite. Each test
 * first makes the server use (and so cache) what it then changes, and checks that the very next
 * request sees the change.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

let counter = 0;
const newAddress = (name = 'cached') => `${name}.${++counter}@example.org`;

/** A second browser holding the same cookies: what a stolen or copied cookie would be. */
function copyOf(client: TestClient): TestClient {
  const copy = server.client();
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function warmed(username = newAddress()): Promise<TestClient> {
  const client = await signUpAndLogIn(server, username);
  for (let i = 0; i < 3; i++) expect((await client.get('/api/profile')).status).toBe(200);
  return client;
}

/** Another connection to the same file, as `npm run admin` or an operator's sqlite3 shell would be. */
function otherConnection(): Database.Database {
  const db = new Database(join(server.dataDir, 'admissions.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

describe('the session cache', () => {
  it('refuses a logged-out session at once, though it was just used', async () => {
    const client = await warmed();
    const copy = copyOf(client);
    expect((await copy.get('/api/profile')).status).toBe(200);
    expect((await client.get('/api/logout')).status).toBe(200);
    expect((await copy.get('/api/profile')).status).toBe(401);
  });

  it('refuses every session of an account at once when a password reset completes', async () => {
    const username = newAddress('reset');
    const client = await warmed(username);
    const copy = copyOf(client);
    await server.client().post('/public/forgot-password', { username });
    const id = resetLinkFromMail(server.lastMailTo(username)!.text).searchParams.get('id')!;
    const password = `${GOOD_PASSWORD}-new`;
    const reset = await server.client().post('/public/reset-password', { username, id, password, confirm_password: password });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/profile')).status).toBe(401);
    expect((await copy.get('/api/profile')).status).toBe(401);
  });

  it('refuses the old id at once after a new login in the same browser', async () => {
    const username = newAddress();
    const client = await warmed(username);
    const old = copyOf(client);
    expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
    expect(client.cookies.get('sid')).not.toBe(old.cookies.get('sid'));
    expect((await old.get('/api/profile')).status).toBe(401);
    expect((await client.get('/api/profile')).status).toBe(200);
  });

  it('keeps the 15-minute idle limit exact to the millisecond', async () => {
    const client = await warmed();
    server.clock.advance(SESSION_IDLE_MS - 1);
    expect((await client.get('/api/profile')).status).toBe(200);
    server.clock.advance(SESSION_IDLE_MS - 1);
    expect((await client.get('/api/profile')).status).toBe(200);
    server.clock.advance(SESSION_IDLE_MS);
    expect((await client.get('/api/profile')).status).toBe(401);
    expect(client.cookies.has('logged_in')).toBe(false);
  });

  it('keeps the 12-hour limit exact, however busy the session', async () => {
    const client = await warmed();
    const step = 60 * 1000;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_MS) {
      server.clock.advance(step);
      elapsed += step;
      // Only now and then a request: the clock moves a minute at a time, the session stays warm.
      if (elapsed % (10 * step) === 0) expect((await client.get('/api/profile')).status).toBe(200);
    }
    server.clock.advance(SESSION_ABSOLUTE_MS - elapsed - 1);
    expect((await client.get('/api/profile')).status).toBe(200);
    server.clock.advance(1);
    expect((await client.get('/api/profile')).status).toBe(401);
  });

  it('refuses a session another connection deleted', async () => {
    const client = await warmed();
    const other = otherConnection();
    try {
      other.prepare('DELETE FROM sessions').run();
    } finally {
      other.close();
    }
    expect((await client.get('/api/profile')).status).toBe(401);
  });
});

describe('the profile cache', () => {
  it('shows a save in the very next profile, with its version', async () => {
    const client = await warmed();
    const saved = await client.put<{ version: number }>('/api/answer', { first_name: 'Rowan' });
    expect(saved.status).toBe(200);
    const profile = await client.get<Profile>('/api/profile');
    expect(profile.body.answer.first_name).toBe('Rowan');
    expect(profile.body.answer_version).toBe(saved.body.version);
    await client.put('/api/answer', { first_name: 'Sasha' });
    expect((await client.get<Profile>('/api/profile')).body.answer.first_name).toBe('Sasha');
  });

  it('shows a changed sensitive answer at once, and never another applicant’s', async () => {
    const client = await warmed();
    const neighbour = await warmed();
    await client.put('/api/answer', { ssn: '123-45-6789' });
    expect((await client.get<Profile>('/api/profile')).body.answer.ssn).toBe('123-45-6789');
    await client.put('/api/answer', { ssn: '987-65-4321' });
    expect((await client.get<Profile>('/api/profile')).body.answer.ssn).toBe('987-65-4321');
    expect((await neighbour.get<Profile>('/api/profile')).body.answer.ssn).toBeUndefined();
  });

  it('shows the last page, web status and a new login at once', async () => {
    const username = newAddress();
    const client = await warmed(username);
    expect((await client.put('/api/last-page', { last_page: '/education' })).status).toBe(200);
    expect((await client.get<Profile>('/api/profile')).body.last_page).toBe('/education');
    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.get<Profile>('/api/profile')).body.web_status.map((entry: { web_status: string }) => entry.web_status)).toEqual([
      'started',
    ]);
    const before = (await client.get<Profile>('/api/profile')).body.successful_login.length;
    await server.client().post('/public/login', { username, password: GOOD_PASSWORD });
    expect((await client.get<Profile>('/api/profile')).body.successful_login).toHaveLength(before + 1);
  });

  it('shows a change another connection made', async () => {
    const username = newAddress();
    const client = await warmed(username);
    await client.put('/api/answer', { first_name: 'Before' });
    expect((await client.get<Profile>('/api/profile')).body.answer.first_name).toBe('Before');
    const other = otherConnection();
    try {
      other
        .prepare(
          `UPDATE applications SET answers = json_set(answers, '$.first_name', 'After') WHERE user_id = (SELECT id FROM users WHERE username = ?)`,
        )
        .run(username);
    } finally {
      other.close();
    }
    expect((await client.get<Profile>('/api/profile')).body.answer.first_name).toBe('After');
    // A save then merges into what the other connection wrote, not into a remembered copy.
    await client.put('/api/answer', { last_name: 'Merged' });
    expect((await client.get<Profile>('/api/profile')).body.answer).toMatchObject({ first_name: 'After', last_name: 'Merged' });
  });

  it('serves the profile the same however its path is spelled (case, a trailing slash), as a router would', async () => {
    const client = await warmed();
    await client.put('/api/answer', { first_name: 'Same', ssn: '123-45-6789' });
    const fast = await client.get('/api/profile');
    // Spelled as a router also accepts it (another case, a trailing slash): the same answer.
    const routed = await client.get('/API/Profile/');
    expect(routed.status).toBe(200);
    expect(routed.body).toEqual(fast.body);
    // Date and the request's own id differ from one answer to the next.
    const headers = (response: { headers: Headers }) =>
      [...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id');
    expect(headers(routed)).toEqual(headers(fast));
    expect(routed.headers.get('x-request-id')).not.toBe(fast.headers.get('x-request-id'));
  });
});

describe('the parsed answers kept between saves', () => {
  it('never brings back a save that was rolled back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parsed-answers-'));
    const db = openDatabase(join(dir, 'admissions.sqlite'));
    try {
      const created = createUnconfirmedUser(db, 'rollback@example.org', 'hash', () => ({ codeHash: 'x', expiresAt: 0 }), 0);
      const userId = (created as { userId: number }).userId;
      expect(saveAnswers(db, userId, { first_name: 'Kept' }, 1)).toMatchObject({ status: 'saved', version: 1 });
      expect(() =>
        db.transaction(() => {
          saveAnswers(db, userId, { last_name: 'Undone' }, 2);
          throw new Error('the batch failed after this save');
        })(),
      ).toThrow('the batch failed');
      expect(saveAnswers(db, userId, { middle_name: 'Next' }, 3)).toMatchObject({ status: 'saved', version: 2 });
      const row = db.prepare('SELECT answers, key_versions FROM applications WHERE user_id = ?').get(userId) as {
        answers: string;
        key_versions: string;
      };
      expect(JSON.parse(row.answers)).toEqual({ first_name: 'Kept', middle_name: 'Next' });
      expect(JSON.parse(row.key_versions)).toEqual({ first_name: 1, middle_name: 2 });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the bound on every cache', () => {
  it('forgets the oldest entry beyond its limit, and updating an entry does not evict another', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('b', 3);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    map.set('c', 4);
    expect([...map]).toEqual([
      ['b', 3],
      ['c', 4],
    ]);
  });
});
