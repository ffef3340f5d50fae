import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffLink, createPrefillLink } from '../../db/accessTokens';
import { CONFIRMATION_CODE_TTL_MS, RESET_LINK_TTL_MS } from '../../server/accounts/sessionPolicy';
import { RETENTION, sweep } from '../../server/maintenance/sweep';
import { GOOD_PASSWORD, codeFromMail, resetLinkFromMail, signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

/**
 * Issue 10, item 13: what is no longer needed is deleted by a periodic sweep, each kind of row
 * after the retention SECURITY.md documents; rows still within it stay.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const newAddress = (name: string) => `${name}.${++counter}@sweep.example.org`;
const count = (sql: string, ...params: unknown[]) => (server.db.prepare(sql).get(...params) as { n: number }).n;
const userExists = (username: string) => count('SELECT COUNT(*) AS n FROM users WHERE username = ?', username) === 1;
const sweepNow = () => sweep(server.db, server.clock.now());

describe('the sweep', () => {
  it('deletes accounts never confirmed within the retention, once no code or link of theirs is alive', async () => {
    const abandoned = newAddress('abandoned');
    const retried = newAddress('retried');
    const recent = newAddress('recent');
    const confirmed = newAddress('confirmed');
    await server.client().post('/public/signup', { username: abandoned, password: GOOD_PASSWORD });
    await server.client().post('/public/signup', { username: retried, password: GOOD_PASSWORD });
    await signUpAndLogIn(server, confirmed);
    server.clock.advance(RETENTION.unconfirmedAccountMs - DAY);
    await server.client().post('/public/signup', { username: recent, password: GOOD_PASSWORD });
    server.clock.advance(DAY + 1);
    // Someone asked for a new code just now: the account stays until that code has expired too.
    await server.client().post('/public/resend-confirm', { username: retried });

    sweepNow();
    expect(userExists(abandoned)).toBe(false);
    expect(userExists(retried)).toBe(true);
    expect(userExists(recent)).toBe(true);
    expect(userExists(confirmed)).toBe(true);

    server.clock.advance(CONFIRMATION_CODE_TTL_MS + 1);
    sweepNow();
    expect(userExists(retried)).toBe(false);
    expect(userExists(recent)).toBe(true);
    expect(userExists(confirmed)).toBe(true);
  });

  it('deletes expired confirmation codes and spent or expired reset links, keeping live ones', async () => {
    const early = newAddress('early');
    await server.client().post('/public/signup', { username: early, password: GOOD_PASSWORD });
    const spent = newAddress('spent');
    const expired = newAddress('expired');
    const live = newAddress('live');
    for (const username of [spent, expired, live]) await signUpAndLogIn(server, username);
    await server.client().post('/public/forgot-password', { username: spent });
    const id = resetLinkFromMail(server.lastMailTo(spent)!.text).searchParams.get('id')!;
    const password = 'Reset-Then-Swept-1!';
    expect(
      (await server.client().post('/public/reset-password', { username: spent, id, password, confirm_password: password })).status,
    ).toBe(200);
    await server.client().post('/public/forgot-password', { username: expired });
    server.clock.advance(CONFIRMATION_CODE_TTL_MS - RESET_LINK_TTL_MS / 2);
    await server.client().post('/public/forgot-password', { username: live });
    const lateCode = newAddress('late');
    await server.client().post('/public/signup', { username: lateCode, password: GOOD_PASSWORD });
    server.clock.advance(RESET_LINK_TTL_MS / 2 + 1);

    const resetsOf = (username: string) =>
      count('SELECT COUNT(*) AS n FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.username = ?', username);
    const codesOf = (username: string) =>
      count('SELECT COUNT(*) AS n FROM confirmation_codes c JOIN users u ON u.id = c.user_id WHERE u.username = ?', username);
    expect([resetsOf(spent), resetsOf(expired), resetsOf(live), codesOf(early), codesOf(lateCode)]).toEqual([1, 1, 1, 1, 1]);
    sweepNow();
    expect([resetsOf(spent), resetsOf(expired), resetsOf(live), codesOf(early), codesOf(lateCode)]).toEqual([0, 0, 1, 0, 1]);
    // The live link still works after the sweep.
    const liveId = resetLinkFromMail(server.lastMailTo(live)!.text).searchParams.get('id')!;
    expect(
      (await server.client().post('/public/reset-password', { username: live, id: liveId, password, confirm_password: password })).status,
    ).toBe(200);
    expect(codeFromMail(server.lastMailTo(lateCode)!.text)).toMatch(/^\d{6}$/);
  });

  it('deletes expired staff and prefill tokens, keeping live ones', async () => {
    const username = newAddress('staff');
    await signUpAndLogIn(server, username);
    const userId = (server.db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number }).id;
    const now = server.clock.now();
    createStaffLink(server.db, 'sweep-expired-service', userId, now + 1000, now);
    createStaffLink(server.db, 'sweep-live-service', userId, now + 10 * DAY, now);
    createPrefillLink(server.db, 'sweep-expired-tmp', '{"first_name":"Old"}', now + 1000, now);
    createPrefillLink(server.db, 'sweep-live-tmp', '{"first_name":"New"}', now + 10 * DAY, now);
    server.clock.advance(1001);
    sweepNow();
    const left = (
      server.db.prepare("SELECT id_hash FROM access_tokens WHERE id_hash LIKE 'sweep-%' ORDER BY id_hash").all() as { id_hash: string }[]
    ).map((row) => row.id_hash);
    expect(left).toEqual(['sweep-live-service', 'sweep-live-tmp']);
  });

  it('deletes mail records older than the retention and keeps younger ones', async () => {
    const old = newAddress('oldmail');
    await signUpAndLogIn(server, old);
    server.clock.advance(RETENTION.mailMs - DAY);
    const young = newAddress('youngmail');
    await signUpAndLogIn(server, young);
    server.clock.advance(DAY + 1);
    sweepNow();
    expect(count('SELECT COUNT(*) AS n FROM outbox WHERE to_address = ?', old)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM outbox WHERE to_address = ?', young)).toBe(1);
  });

  it('deletes guess counters whose window has long passed', async () => {
    const username = newAddress('counted');
    await server.client().post('/public/login', { username, password: 'Wrong-Password-00!' });
    const counters = () => count('SELECT COUNT(*) AS n FROM throttle_counters WHERE account = ?', username);
    expect(counters()).toBeGreaterThan(0);
    sweepNow();
    expect(counters()).toBeGreaterThan(0);
    server.clock.advance(RETENTION.throttleCounterMs + 1);
    sweepNow();
    expect(counters()).toBe(0);
  });
});

describe('the housekeeping interval', () => {
  it('runs the sweep', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let own: TestServer | undefined;
    try {
      own = await startTestServer();
      const username = 'interval@sweep.example.org';
      await own.client().post('/public/signup', { username, password: GOOD_PASSWORD });
      own.clock.advance(RETENTION.mailMs + 1);
      vi.advanceTimersByTime(5 * 60 * 1000);
      expect((own.db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE to_address = ?').get(username) as { n: number }).n).toBe(0);
    } finally {
      vi.useRealTimers();
      await own?.stop();
    }
  });
});
