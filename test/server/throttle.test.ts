import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_POLICIES, tooManyAttemptsMessage } from '../../server/accounts/throttle';
import { GOOD_PASSWORD, resetLinkFromMail, signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy, so each test can speak from its own client address.
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.stop();
});

let counter = 0;
const nextAddress = () => `10.0.${Math.floor(++counter / 250)}.${counter % 250}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const WRONG = 'Wrong-Password-00!';
const PAIR_LIMIT = THROTTLE_POLICIES.passwordPerAccountAndClient.limit;

describe('password guessing', () => {
  it('refuses guesses past the limit with 429 and a time, even the right password, until the window passes', async () => {
    const username = `victim.${++counter}@example.org`;
    await signUpAndLogIn(server, username);
    const attacker = server.client();
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let guess = 0; guess < PAIR_LIMIT + 3; guess++) {
      statuses.push((await attacker.post('/public/login', { username, password: WRONG }, from(ip))).status);
    }
    console.log(`sequential guesses: ${statuses.filter((s) => s === 400).length} evaluated, ${statuses.filter((s) => s === 429).length} refused`);
    expect(statuses.filter((status) => status === 400)).toHaveLength(PAIR_LIMIT);
    const refused = await attacker.post('/public/login', { username, password: GOOD_PASSWORD }, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    server.clock.advance(THROTTLE_POLICIES.passwordPerAccountAndClient.windowMs);
    expect((await attacker.post('/public/login', { username, password: GOOD_PASSWORD }, from(ip))).status).toBe(200);
  });

  it('evaluates no more guesses than the limit when they arrive in one parallel burst', async () => {
    const username = `burst.${++counter}@example.org`;
    await signUpAndLogIn(server, username);
    const ip = nextAddress();
    const attacker = server.client();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => attacker.post('/public/login', { username, password: WRONG }, from(ip))),
    );
    const evaluated = responses.filter((response) => response.status === 400).length;
    console.log(`parallel burst of 40: ${evaluated} evaluated, ${responses.filter((r) => r.status === 429).length} refused`);
    expect(evaluated).toBeLessThanOrEqual(PAIR_LIMIT);
    expect(responses.every((response) => response.status === 400 || response.status === 429)).toBe(true);
  });

  it('answers the same whether or not the account exists', async () => {
    const ip = nextAddress();
    const client = server.client();
    let last;
    for (let guess = 0; guess <= PAIR_LIMIT; guess++) {
      last = await client.post('/public/login', { username: `ghost.${counter}@example.org`, password: WRONG }, from(ip));
    }
    expect(last!.status).toBe(429);
    expect(last!.body.message).toBe(tooManyAttemptsMessage(THROTTLE_POLICIES.passwordPerAccountAndClient.windowMs));
  });

  it("does not lock the owner out from their own address while someone else guesses", async () => {
    const username = `owner.${++counter}@example.org`;
    await signUpAndLogIn(server, username);
    const attackerIp = nextAddress();
    for (let guess = 0; guess <= PAIR_LIMIT; guess++) {
      await server.client().post('/public/login', { username, password: WRONG }, from(attackerIp));
    }
    expect((await server.client().post('/public/login', { username, password: GOOD_PASSWORD }, from(nextAddress()))).status).toBe(200);
  });

  it('a completed password reset clears the account’s counters', async () => {
    const username = `reset.${++counter}@example.org`;
    await signUpAndLogIn(server, username);
    const ip = nextAddress();
    for (let guess = 0; guess <= PAIR_LIMIT; guess++) await server.client().post('/public/login', { username, password: WRONG }, from(ip));
    await server.client().post('/public/forgot-password', { username }, from(ip));
    const id = resetLinkFromMail(server.lastMailTo(username)!.text).searchParams.get('id')!;
    const password = 'After-Reset-Pass-9!';
    expect((await server.client().post('/public/reset-password', { username, id, password, confirm_password: password }, from(ip))).status).toBe(200);
    expect((await server.client().post('/public/login', { username, password }, from(ip))).status).toBe(200);
  });
});

describe('mail and code budgets', () => {
  it('limits confirmation and reset mail per address per hour, for known and unknown addresses alike', async () => {
    for (const username of [`mail.${++counter}@example.org`, `nobody.${counter}@example.org`]) {
      const statuses: number[] = [];
      for (let request = 0; request < THROTTLE_POLICIES.mailPerAddress.limit + 1; request++) {
        statuses.push((await server.client().post('/public/forgot-password', { username }, from(nextAddress()))).status);
      }
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    }
    server.clock.advance(THROTTLE_POLICIES.mailPerAddress.windowMs);
    expect((await server.client().post('/public/forgot-password', { username: `mail.${counter}@example.org` }, from(nextAddress()))).status).toBe(200);
  });

  it('limits confirmation-code guesses per client address', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let guess = 0; guess <= THROTTLE_POLICIES.codePerClient.limit; guess++) {
      const username = `codes.${counter}.${guess}@example.org`;
      statuses.push((await server.client().post('/public/confirm', { username, code: '000000' }, from(ip))).status);
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(THROTTLE_POLICIES.codePerClient.limit);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps its counts across a restart (they live in SQLite)', async () => {
    const { startServer } = await import('../../server/bootstrap');
    const { readServerConfig } = await import('../../server/config');
    const ip = nextAddress();
    const username = `restart.${++counter}@example.org`;
    for (let guess = 0; guess < PAIR_LIMIT; guess++) await server.client().post('/public/login', { username, password: WRONG }, from(ip));
    const config = readServerConfig({ NODE_ENV: 'test', DATA_DIR: server.dataDir, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: '1' });
    await server.close();
    const restarted = await startServer(config, { clock: server.clock });
    try {
      const response = await fetch(`${restarted.url}/public/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(ip) },
        body: JSON.stringify({ username, password: WRONG }),
      });
      expect(response.status).toBe(429);
    } finally {
      await restarted.close();
    }
    server = await startTestServer({ TRUST_PROXY: '1' });
  });
});
