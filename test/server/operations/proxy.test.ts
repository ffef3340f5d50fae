import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BENCH_PASSWORD, seedApplicants } from '../../../bench/seed';
import { THROTTLE_POLICIES } from '../../../server/accounts/throttle';
import { startServer, type RunningServer } from '../../../server/bootstrap';
import { readServerConfig } from '../../../server/config';
import { TestClient } from '../helpers/testServer';

const PAIR_LIMIT = THROTTLE_POLICIES.passwordPerAccountAndClient.limit;
const WRONG = 'Wrong-Password-00!';
const started: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

/** A server with one confirmed applicant, configured from the environment as `npm start` would be. */
async function serverWith(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'admissions-proxy-'));
  const [username] = await seedApplicants(join(dataDir, 'admissions.sqlite'), 1, 'proxy');
  const config = readServerConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env });
  const running = await startServer(config);
  started.push(running);
  return { running, username: username!, client: () => new TestClient(running.url) };
}

let spoofed = 0;
/** What an attacker writes into X-Forwarded-For: a new address on every request. */
const invented = () => `198.18.${Math.floor(++spoofed / 250) % 250}.${spoofed % 250}`;

async function guess(client: TestClient, username: string, forwardedFor: string) {
  return (await client.post('/public/login', { username, password: WRONG }, { 'x-forwarded-for': forwardedFor })).status;
}

describe('the client address behind proxies (TRUST_PROXY is a hop count)', () => {
  it('TRUST_PROXY=1: 40 guesses with invented leftmost entries through one proxy are limited to the per-client budget', async () => {
    const { client, username } = await serverWith({ TRUST_PROXY: '1' });
    const attacker = client();
    const statuses: number[] = [];
    // The proxy appends the address it saw (the attacker's) to whatever the attacker sent.
    for (let attempt = 0; attempt < 40; attempt++) statuses.push(await guess(attacker, username, `${invented()}, 203.0.113.7`));
    const evaluated = statuses.filter((status) => status === 400).length;
    console.log(
      `TRUST_PROXY=1, 40 guesses with invented X-Forwarded-For: ${evaluated} evaluated, ${statuses.filter((s) => s === 429).length} refused`,
    );
    expect(evaluated).toBe(PAIR_LIMIT);
    expect(statuses.slice(PAIR_LIMIT).every((status) => status === 429)).toBe(true);
  });

  it('TRUST_PROXY=1: sign-ups (each an Argon2 hash and a mail) with invented leftmost entries are limited to the per-client mail budget', async () => {
    const { client } = await serverWith({ TRUST_PROXY: '1' });
    const limit = THROTTLE_POLICIES.mailPerClient.limit;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limit + 5; attempt++) {
      const body = { username: `signup.${attempt}@example.org`, password: BENCH_PASSWORD };
      statuses.push((await client().post('/public/signup', body, { 'x-forwarded-for': `${invented()}, 203.0.113.8` })).status);
    }
    console.log(
      `TRUST_PROXY=1, ${limit + 5} sign-ups with invented X-Forwarded-For: ${statuses.filter((s) => s === 200).length} taken, ${statuses.filter((s) => s === 429).length} refused`,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
  });

  it('TRUST_PROXY=1: two real clients behind the proxy keep separate budgets', async () => {
    const { client, username } = await serverWith({ TRUST_PROXY: '1' });
    for (let attempt = 0; attempt < PAIR_LIMIT + 1; attempt++) await guess(client(), username, '203.0.113.7');
    expect(await guess(client(), username, '203.0.113.7')).toBe(429);
    expect(await guess(client(), username, '203.0.113.8')).toBe(400);
  });

  it('TRUST_PROXY=2: the address two entries from the right is the client; a shorter header gives its leftmost entry', async () => {
    const { client, username } = await serverWith({ TRUST_PROXY: '2' });
    const attacker = client();
    const statuses: number[] = [];
    // The outer proxy saw 203.0.113.9 and the inner one saw the outer proxy (10.0.0.2).
    for (let attempt = 0; attempt < PAIR_LIMIT + 5; attempt++)
      statuses.push(await guess(attacker, username, `${invented()}, 203.0.113.9, 10.0.0.2`));
    expect(statuses.filter((status) => status === 400)).toHaveLength(PAIR_LIMIT);
    // A request that reached the inner proxy directly carries one entry: it is that client's own budget.
    expect(await guess(attacker, username, '203.0.113.10')).toBe(400);
    expect(await guess(attacker, username, '203.0.113.9, 10.0.0.2')).toBe(429);
  });

  it('TRUST_PROXY unset: X-Forwarded-For is ignored and the socket address is the client', async () => {
    const { client, username } = await serverWith({});
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PAIR_LIMIT + 5; attempt++) statuses.push(await guess(client(), username, invented()));
    expect(statuses.filter((status) => status === 400)).toHaveLength(PAIR_LIMIT);
  });

  it('refuses a TRUST_PROXY that is not a hop count, naming the variable', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-proxy-'));
    for (const value of ['true', 'yes', '-1', '1.5']) {
      expect(() => readServerConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('an https PUBLIC_URL', () => {
  it('without TRUST_PROXY stops start-up with a message naming TRUST_PROXY', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-proxy-'));
    expect(() => readServerConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'https://apply.example.edu' })).toThrow(/TRUST_PROXY/);
  });

  it('behind a proxy that does not send X-Forwarded-Proto, login answers 200 with Secure cookies', async () => {
    const { client, username } = await serverWith({ TRUST_PROXY: '1', PUBLIC_URL: 'https://apply.example.edu' });
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.20' },
      { 'x-forwarded-for': '203.0.113.21', 'x-forwarded-proto': 'https' },
    ];
    for (const headers of proxied) {
      const applicant = client();
      const login = await applicant.post('/public/login', { username, password: BENCH_PASSWORD }, headers);
      expect(login.status).toBe(200);
      const cookies = login.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      expect(cookies.every((line) => /;\s*secure/i.test(line))).toBe(true);
      expect((await applicant.get('/api/profile', headers)).status).toBe(200);
    }
  });
});
