import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  confirmSchema,
  forgotSchema,
  loginSchema,
  resendSchema,
  resetSchema,
  signupSchema,
} from '../../src/catalogue/schema/account';
import { THROTTLE_POLICIES } from '../../server/accounts/throttle';
import { GOOD_PASSWORD, startTestServer, type MessageBody, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy, so each test speaks from its own client address and only the mailbox's budget counts.
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.stop();
});

const RESET_ID = 'A'.repeat(43);
/** Every account form, with the username given; the other fields are valid. */
const FORMS: { path: string; body: (username: string) => Record<string, string> }[] = [
  { path: '/public/signup', body: (username) => ({ username, password: GOOD_PASSWORD }) },
  { path: '/public/login', body: (username) => ({ username, password: 'x' }) },
  { path: '/public/confirm', body: (username) => ({ username, code: '123456' }) },
  { path: '/public/resend-confirm', body: (username) => ({ username }) },
  { path: '/public/forgot-password', body: (username) => ({ username }) },
  {
    path: '/public/reset-password',
    body: (username) => ({ username, password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: RESET_ID }),
  },
];

/** The username that made the e-mail pattern backtrack: its cost grew with the square of the dots. */
const hostileUsername = (dots: number) => `a@${'.'.repeat(dots)}@`;

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

describe('an over-long username costs no time', () => {
  it('every account form refuses it within 200 ms while /healthz keeps answering', async () => {
    // Warm the connection and the handlers first, so the figures below are the input's cost only.
    await fetch(`${server.url}/healthz`);
    await server.client().post('/public/login', { username: 'warm@example.org', password: 'x' });
    for (const { path, body } of FORMS) {
      for (const dots of [80_000, 7_000]) {
        const client = server.client();
        const hostile = timed(() => client.post<MessageBody>(path, body(hostileUsername(dots)), { 'x-forwarded-for': '10.9.0.1' }));
        // Sent while the hostile request is being read and checked.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const health = timed(() => fetch(`${server.url}/healthz`));
        const [answer, healthz] = await Promise.all([hostile, health]);
        console.log(
          `${path} with ${dots} dots: ${answer.result.status} in ${answer.ms.toFixed(1)} ms; /healthz in ${healthz.ms.toFixed(1)} ms`,
        );
        expect(answer.result.status, path).toBeGreaterThanOrEqual(400);
        expect(answer.result.status, path).toBeLessThan(500);
        expect(answer.ms, path).toBeLessThan(200);
        expect(healthz.result.status).toBe(200);
        expect(healthz.ms, path).toBeLessThan(200);
      }
    }
  });

  it('reads no account form past 8 kB', async () => {
    const answer = await server.client().post<MessageBody>('/public/login', { username: 'a@b.co', password: 'x'.repeat(9000) });
    expect(answer).toMatchObject({ status: 413, body: { message: 'The request is too large. The limit is 8 kB.' } });
  });

  it('checks a username of a million characters in linear time, in every form schema', () => {
    const schemas = [signupSchema, loginSchema, confirmSchema, resendSchema, forgotSchema, resetSchema];
    for (const username of [
      hostileUsername(80_000),
      hostileUsername(1_000_000),
      `a@${'a.'.repeat(500_000)}@`,
      `${'a'.repeat(1_000_000)}@`,
    ]) {
      for (const schema of schemas) {
        const { ms } = timedSync(() => v.safeParse(schema, { username, password: 'x', code: '1', confirm_password: 'x', id: 'x' }));
        expect(ms).toBeLessThan(100);
      }
    }
  });
});

function timedSync(call: () => unknown): { ms: number } {
  const started = performance.now();
  call();
  return { ms: performance.now() - started };
}

describe('one mailbox, one account', () => {
  const VARIANTS: [string, string][] = [
    ['a display name in quotes', '"1"<v@x.edu>'],
    ['a display name and a space', '"dean" <v@x.edu>'],
    ['a trailing dot', 'v@x.edu.'],
    ['a trailing next-line character (U+0085)', 'v@x.edu\u0085'],
    ['a trailing zero-width space (U+200B)', 'v@x.edu\u200b'],
    ['a NUL in the local part', 'v\u0000w@x.edu'],
    ['a right-to-left override', 'v\u202e@x.edu'],
    ['an escape sequence', 'v\u001b[31m@x.edu'],
    ['two addresses', 'v@x.edu,w@x.edu'],
  ];

  it.each(VARIANTS)('refuses an address with %s, says why, and mails nobody', async (_name, username) => {
    const before = server.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number };
    const answer = await server.client().post<MessageBody>('/public/signup', { username, password: GOOD_PASSWORD });
    expect(answer).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.usernameNotPlain } });
    expect(ACCOUNT_MESSAGES.usernameNotPlain).toMatch(/like name@example\.com/);
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual(before);
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM users WHERE username LIKE ?').get('%x.edu%')).toEqual({ n: 0 });
  });

  it('keeps an international domain as its ASCII form: both spellings are one account and one mail budget', async () => {
    const spellings = ['Ana@Bücher.example', 'ana@xn--bcher-kva.example', 'ANA@BÜCHER.EXAMPLE'];
    const limit = THROTTLE_POLICIES.confirmMailPerAddress.limit;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt++) {
      const username = spellings[attempt % spellings.length]!;
      const headers = { 'x-forwarded-for': `10.8.0.${attempt + 1}` };
      statuses.push((await server.client().post('/public/signup', { username, password: GOOD_PASSWORD }, headers)).status);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
    expect(server.db.prepare("SELECT username FROM users WHERE username LIKE 'ana@%'").all()).toEqual([
      { username: 'ana@xn--bcher-kva.example' },
    ]);
    expect(
      new Set(
        (server.db.prepare("SELECT to_address FROM outbox WHERE to_address LIKE 'ana@%'").all() as { to_address: string }[]).map(
          (row) => row.to_address,
        ),
      ),
    ).toEqual(new Set(['ana@xn--bcher-kva.example']));
  });
});
