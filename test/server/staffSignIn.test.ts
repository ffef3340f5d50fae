import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from '../../server/accounts/sessionPolicy';
import { THROTTLE_POLICIES } from '../../server/accounts/throttle';
import { sweep } from '../../server/maintenance/sweep';
import { STAFF_MESSAGES } from '../../src/catalogue/schema/staff';
import {
  TOTP_STEP_MS,
  acceptInvitation,
  invitationIdFromMail,
  invitationIdOf,
  inviteByCommand,
  signInStaff,
  totpCode,
  type StaffMember,
} from './helpers/staff';
import { GOOD_PASSWORD, signUpAndLogIn, startTestServer, type MessageBody, type TestServer } from './helpers/testServer';

let server: TestServer;
let admin: StaffMember;
const WRONG = 'Wrong-Password-00!';
let counter = 0;
const nextAddress = () => `10.1.${Math.floor(++counter / 250)}.${counter % 250}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A new staff account, invited by the admin from the API and accepted from the mailed link. */
async function newMember(email: string, role: 'reader' | 'admin' = 'reader'): Promise<StaffMember> {
  const adminClient = await signInStaff(server, admin);
  const invited = await adminClient.post('/api/staff/invitations', { email, role });
  expect(invited.status).toBe(201);
  server.clock.advance(TOTP_STEP_MS);
  return acceptInvitation(server, invitationIdFromMail(server, email));
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  const { stdout } = await inviteByCommand(server, 'admin@college.example', 'admin');
  admin = await acceptInvitation(server, invitationIdOf(stdout));
}, 30_000);
afterAll(async () => {
  await server.stop();
});

describe('signing in', () => {
  it('takes the password, then the authenticator code, and only then opens a staff session with its own cookie', async () => {
    const client = server.client();
    const first = await client.post<MessageBody>('/public/staff/login', { email: 'Admin@College.example', password: GOOD_PASSWORD });
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith('staff_sid='))!;
    expect(cookie).toMatch(/; httponly/i);
    expect(cookie).toMatch(/; samesite=strict/i);
    expect(cookie).not.toMatch(/; secure/i);
    // The password alone opens no staff call.
    expect((await client.get('/api/staff/me')).status).toBe(401);

    server.clock.advance(TOTP_STEP_MS);
    const second = await client.post('/public/staff/login/code', { code: totpCode(admin.setupKey, server.clock.now()) });
    expect(second).toMatchObject({ status: 200, body: { email: 'admin@college.example', role: 'admin' } });
    // A new id for the session: the password step's cookie value opens nothing.
    const sessionCookie = second.headers.getSetCookie().find((line) => line.startsWith('staff_sid='))!;
    expect(sessionCookie.split(';')[0]).not.toBe(cookie.split(';')[0]);
    expect(sessionCookie).toMatch(/; httponly/i);
    expect(sessionCookie).toMatch(/; samesite=strict/i);
    expect((await client.get('/api/staff/me')).body).toEqual({ email: 'admin@college.example', role: 'admin' });
    expect(client.cookies.has('sid')).toBe(false);
    // The session's id is never stored in clear.
    const stored = ['admissions.sqlite', 'admissions.sqlite-wal']
      .filter((file) => existsSync(join(server.dataDir, file)))
      .map((file) => readFileSync(join(server.dataDir, file)).toString('latin1'))
      .join('');
    expect(stored).toContain('admin@college.example');
    expect(stored).not.toContain(client.cookies.get('staff_sid')!);
  });

  it('answers a wrong password, an unknown address and an invitation not yet accepted alike', async () => {
    await inviteByCommand(server, 'pending@college.example', 'reader');
    const answers = await Promise.all(
      [
        { email: 'admin@college.example', password: WRONG },
        { email: 'nobody@college.example', password: GOOD_PASSWORD },
        { email: 'pending@college.example', password: GOOD_PASSWORD },
      ].map(async (body) => (await server.client().post<MessageBody>('/public/staff/login', body, from(nextAddress()))).body.message),
    );
    expect(new Set(answers)).toEqual(new Set(['Incorrect email address or password.']));
  }, 30_000);

  it('refuses a wrong code, accepts the right one, and never accepts the same code twice', async () => {
    const client = server.client();
    await client.post('/public/staff/login', { email: admin.email, password: GOOD_PASSWORD });
    server.clock.advance(TOTP_STEP_MS);
    const code = totpCode(admin.setupKey, server.clock.now());
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.post<MessageBody>('/public/staff/login/code', { code: wrong });
    expect(refused.status).toBe(400);
    expect((await client.get('/api/staff/me')).status).toBe(401);
    expect((await client.post('/public/staff/login/code', { code })).status).toBe(200);

    // Someone who saw the code and knows the password, within the same 30 seconds.
    const replay = server.client();
    expect((await replay.post('/public/staff/login', { email: admin.email, password: GOOD_PASSWORD })).status).toBe(200);
    const replayed = await replay.post<MessageBody>('/public/staff/login/code', { code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toMatch(/already used/);
    // Nor a code of an earlier step, still inside the window of a phone's slow clock.
    const earlier = await replay.post('/public/staff/login/code', { code: totpCode(admin.setupKey, server.clock.now() - TOTP_STEP_MS) });
    expect(earlier.status).toBe(400);
    expect((await replay.get('/api/staff/me')).status).toBe(401);
  });

  it('accepts each recovery code once, typed in any case and with or without its hyphen', async () => {
    const [first, second] = admin.recoveryCodes;
    const client = server.client();
    await client.post('/public/staff/login', { email: admin.email, password: GOOD_PASSWORD });
    expect((await client.post('/public/staff/login/code', { code: first!.toUpperCase().replace('-', ' ') })).status).toBe(200);
    expect((await client.get('/api/staff/me')).status).toBe(200);

    const again = server.client();
    await again.post('/public/staff/login', { email: admin.email, password: GOOD_PASSWORD });
    expect((await again.post('/public/staff/login/code', { code: first })).status).toBe(400);
    expect((await again.post('/public/staff/login/code', { code: second })).status).toBe(200);
    const badShape = await server.client().post<MessageBody>('/public/staff/login/code', { code: 'not a code' });
    expect(badShape).toMatchObject({ status: 400, body: { message: STAFF_MESSAGES.secondFactorInvalid } });
  });

  it('gives the second step five minutes, and none without the password step', async () => {
    const client = server.client();
    await client.post('/public/staff/login', { email: admin.email, password: GOOD_PASSWORD });
    server.clock.advance(5 * 60 * 1000);
    const late = await client.post<MessageBody>('/public/staff/login/code', { code: totpCode(admin.setupKey, server.clock.now()) });
    expect(late.status).toBe(401);
    const without = await server.client().post('/public/staff/login/code', { code: totpCode(admin.setupKey, server.clock.now()) });
    expect(without.status).toBe(401);
  });
});

describe('throttling, with the applicants’ store and rules', () => {
  const PAIR_LIMIT = THROTTLE_POLICIES.passwordPerAccountAndClient.limit;

  it('refuses password guesses past the limit with 429, even the right password, until the window passes', async () => {
    const member = await newMember('guessed@college.example');
    const ip = nextAddress();
    const attacker = server.client();
    const statuses: number[] = [];
    for (let guess = 0; guess < PAIR_LIMIT + 2; guess++) {
      statuses.push((await attacker.post('/public/staff/login', { email: member.email, password: WRONG }, from(ip))).status);
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(PAIR_LIMIT);
    expect(statuses.slice(PAIR_LIMIT)).toEqual([429, 429]);
    const refused = await attacker.post<MessageBody>('/public/staff/login', { email: member.email, password: GOOD_PASSWORD }, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ (minute|second)s? and try again\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    server.clock.advance(THROTTLE_POLICIES.passwordPerAccountAndClient.windowMs);
    expect((await attacker.post('/public/staff/login', { email: member.email, password: GOOD_PASSWORD }, from(ip))).status).toBe(200);
  }, 30_000);

  it('counts wrong codes as guesses too', async () => {
    const member = await newMember('codes@college.example');
    const ip = nextAddress();
    const client = server.client();
    expect((await client.post('/public/staff/login', { email: member.email, password: GOOD_PASSWORD }, from(ip))).status).toBe(200);
    const statuses: number[] = [];
    for (let guess = 0; guess < PAIR_LIMIT + 1; guess++) {
      statuses.push((await client.post('/public/staff/login/code', { code: String(guess).padStart(6, '0') }, from(ip))).status);
    }
    expect(statuses.slice(0, PAIR_LIMIT).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    server.clock.advance(TOTP_STEP_MS);
    const right = await client.post('/public/staff/login/code', { code: totpCode(member.setupKey, server.clock.now()) }, from(ip));
    expect(right.status).toBe(429);
  }, 30_000);

  it('refuses guessed invitation links past the reset attempts’ budget of a client address', async () => {
    const ip = nextAddress();
    const limit = THROTTLE_POLICIES.resetPerClient.limit;
    const statuses: number[] = [];
    for (let guess = 0; guess < limit + 1; guess++) {
      const id = `${String(guess).padStart(4, '0')}${'A'.repeat(39)}`;
      statuses.push((await server.client().get(`/public/staff/invitation?id=${id}`, from(ip))).status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps a staff account’s counters apart from an applicant’s of the same address', async () => {
    const member = await newMember('both@college.example');
    await signUpAndLogIn(server, 'both@college.example');
    const ip = nextAddress();
    for (let guess = 0; guess < PAIR_LIMIT + 1; guess++) {
      await server.client().post('/public/staff/login', { email: member.email, password: WRONG }, from(ip));
    }
    const applicant = await server.client().post('/public/login', { username: 'both@college.example', password: GOOD_PASSWORD }, from(ip));
    expect(applicant.status).toBe(200);
  }, 30_000);
});

describe('the staff session', () => {
  it('ends after 15 minutes without a request', async () => {
    const client = await signInStaff(server, admin);
    server.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await client.get('/api/staff/me')).status).toBe(200);
    server.clock.advance(STAFF_SESSION_IDLE_MS);
    const ended = await client.get<MessageBody>('/api/staff/me');
    expect(ended.status).toBe(401);
    expect(client.cookies.has('staff_sid')).toBe(false);
  });

  it('ends after 8 hours however busy', async () => {
    const client = await signInStaff(server, admin);
    const stolen = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const step = 10 * 60 * 1000;
    for (let elapsed = step; elapsed < STAFF_SESSION_ABSOLUTE_MS; elapsed += step) {
      server.clock.advance(step);
      expect((await client.get('/api/staff/me')).status).toBe(200);
    }
    server.clock.advance(STAFF_SESSION_ABSOLUTE_MS % step || step);
    expect((await client.get('/api/staff/me')).status).toBe(401);
    // Ended on the server, not only in the browser: the old cookie opens nothing.
    expect((await server.client().get('/api/staff/me', { cookie: stolen })).status).toBe(401);
  }, 30_000);

  it('is deleted by the housekeeping once it has ended, and kept while it lives', async () => {
    const rows = () => server.db.prepare("SELECT COUNT(*) FROM staff_sessions WHERE stage = 'signed_in'").pluck().get() as number;
    sweep(server.db, server.clock.now() + STAFF_SESSION_ABSOLUTE_MS);
    expect(rows()).toBe(0);
    const client = await signInStaff(server, admin);
    sweep(server.db, server.clock.now());
    expect(rows()).toBe(1);
    server.clock.advance(STAFF_SESSION_IDLE_MS);
    expect(sweep(server.db, server.clock.now()).staffSessions).toBe(1);
    expect(rows()).toBe(0);
    expect((await client.get('/api/staff/me')).status).toBe(401);

    const passwordSteps = () => server.db.prepare("SELECT COUNT(*) FROM staff_sessions WHERE stage = 'password'").pluck().get() as number;
    sweep(server.db, server.clock.now() + STAFF_SESSION_ABSOLUTE_MS);
    await server.client().post('/public/staff/login', { email: admin.email, password: GOOD_PASSWORD });
    server.clock.advance(5 * 60 * 1000 - 1000);
    sweep(server.db, server.clock.now());
    expect(passwordSteps()).toBe(1);
    server.clock.advance(1000);
    sweep(server.db, server.clock.now());
    expect(passwordSteps()).toBe(0);
  });

  it('signing out ends it on the server', async () => {
    const client = await signInStaff(server, admin);
    const stolen = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await client.post('/api/staff/logout')).status).toBe(200);
    expect(client.cookies.has('staff_sid')).toBe(false);
    expect((await server.client().get('/api/staff/me', { cookie: stolen })).status).toBe(401);
  });
});

describe('an admin’s calls', () => {
  it('deactivating an account ends its live session at once and keeps the account listed', async () => {
    const member = await newMember('leaving@college.example');
    const leaving = await signInStaff(server, member);
    expect((await leaving.get('/api/staff/me')).status).toBe(200);
    const adminClient = await signInStaff(server, admin);
    const list = await adminClient.get<{ accounts: { id: number; email: string; status: string }[] }>('/api/staff/accounts');
    const { id } = list.body.accounts.find((account) => account.email === member.email)!;

    expect((await adminClient.post(`/api/staff/accounts/${id}/deactivate`)).status).toBe(200);
    expect((await leaving.get('/api/staff/me')).status).toBe(401);
    const signIn = await server.client().post<MessageBody>('/public/staff/login', { email: member.email, password: GOOD_PASSWORD });
    expect(signIn).toMatchObject({ status: 400, body: { message: 'Incorrect email address or password.' } });
    const after = await adminClient.get<{ accounts: { email: string; status: string; deactivated_at: string | null }[] }>(
      '/api/staff/accounts',
    );
    expect(after.body.accounts.find((account) => account.email === member.email)).toMatchObject({
      status: 'deactivated',
      deactivated_at: new Date(server.clock.now()).toISOString(),
    });
    // Not invited again by mistake: the account and its history stay as they are.
    expect((await adminClient.post('/api/staff/invitations', { email: member.email, role: 'admin' })).status).toBe(409);
  }, 30_000);

  it('changing a role takes effect on the live session', async () => {
    const member = await newMember('promoted@college.example');
    const promoted = await signInStaff(server, member);
    expect((await promoted.get('/api/staff/accounts')).status).toBe(403);
    const adminClient = await signInStaff(server, admin);
    const list = await adminClient.get<{ accounts: { id: number; email: string }[] }>('/api/staff/accounts');
    const { id } = list.body.accounts.find((account) => account.email === member.email)!;
    expect((await adminClient.put(`/api/staff/accounts/${id}/role`, { role: 'admin' })).status).toBe(200);
    expect((await promoted.get('/api/staff/me')).body).toEqual({ email: member.email, role: 'admin' });
    expect((await promoted.get('/api/staff/accounts')).status).toBe(200);
    expect((await adminClient.put(`/api/staff/accounts/${id}/role`, { role: 'owner' })).body).toMatchObject({
      message: STAFF_MESSAGES.roleInvalid,
    });
  }, 30_000);

  it('never leaves the office without an active admin', async () => {
    const fresh = await startTestServer();
    try {
      const { stdout } = await inviteByCommand(fresh, 'only@college.example', 'admin');
      const only = await acceptInvitation(fresh, invitationIdOf(stdout));
      const client = await signInStaff(fresh, only);
      const { id } = (await client.get<{ accounts: { id: number }[] }>('/api/staff/accounts')).body.accounts[0]!;
      expect((await client.put(`/api/staff/accounts/${id}/role`, { role: 'reader' })).status).toBe(409);
      expect((await client.post(`/api/staff/accounts/${id}/deactivate`)).status).toBe(409);
      expect((await client.get('/api/staff/me')).body).toEqual({ email: 'only@college.example', role: 'admin' });
    } finally {
      await fresh.stop();
    }
  }, 30_000);

  it('invites from the API: the link is mailed, works once and makes the role asked for', async () => {
    const adminClient = await signInStaff(server, admin);
    const invited = await adminClient.post<{ email: string; role: string; expires_at: string }>('/api/staff/invitations', {
      email: 'New.Reader@College.example',
      role: 'reader',
    });
    expect(invited).toMatchObject({ status: 201, body: { email: 'new.reader@college.example', role: 'reader' } });
    expect(Date.parse(invited.body.expires_at) - server.clock.now()).toBe(72 * 60 * 60 * 1000);
    const id = invitationIdFromMail(server, 'new.reader@college.example');
    server.clock.advance(TOTP_STEP_MS);
    const member = await acceptInvitation(server, id);
    expect(member.role).toBe('reader');
    expect((await server.client().get(`/public/staff/invitation?id=${id}`)).status).toBe(400);
  }, 30_000);
});

describe('over https', () => {
  it('marks the staff cookie Secure', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://admissions.test', TRUST_PROXY: '1' });
    try {
      const { stdout } = await inviteByCommand(secure, 'secure@college.example', 'reader');
      const member = await acceptInvitation(secure, invitationIdOf(stdout));
      const client = secure.client();
      const first = await client.post('/public/staff/login', { email: member.email, password: GOOD_PASSWORD });
      expect(first.headers.getSetCookie().find((line) => line.startsWith('staff_sid='))).toMatch(/; secure/i);
    } finally {
      await secure.stop();
    }
  }, 30_000);
});
