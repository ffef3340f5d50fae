import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer, type MessageBody } from './helpers/testServer';
import type { Profile } from '../../machines/api/responses';

let server: TestServer;
let applicant: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  applicant = await signUpAndLogIn(server, 'safety@example.org');
});
afterAll(async () => {
  await server.stop();
});

describe('request bodies', () => {
  it('refuses a body over 1 MB with 413 and a message', async () => {
    const huge = { first_name: 'x'.repeat(1024 * 1024 + 10) };
    const response = await applicant.put<MessageBody>('/api/answer', huge);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('The request is too large. The limit is 1 MB.');
  });

  it('refuses bodies that are not JSON with 400 and a message', async () => {
    const response = await applicant.request('PUT', '/api/answer', '{"first_name": ', { 'content-type': 'application/json' });
    expect(response).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
    const form = await applicant.request<MessageBody>('POST', '/public/login', 'username=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect(typeof form.body.message).toBe('string');
  });

  it.each([
    ['an array', '[1,2,3]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['deep nesting', '['.repeat(500) + ']'.repeat(500)],
    ['a prototype key', '{"__proto__": {"admin": true}}'],
    ['a constructor key', '{"first_name": "a", "constructor": {"prototype": {}}}'],
  ])('refuses %s on every write with 400, never 500', async (_name, raw) => {
    for (const [method, path] of [
      ['PUT', '/api/answer'],
      ['PUT', '/api/last-page'],
      ['POST', '/api/web-status'],
      ['POST', '/api/validations'],
      ['PUT', '/api/add-another'],
      ['PUT', '/api/tabs'],
      ['POST', '/public/login'],
      ['POST', '/public/signup'],
      ['POST', '/public/confirm'],
      ['POST', '/public/resend-confirm'],
      ['POST', '/public/forgot-password'],
      ['POST', '/public/reset-password'],
    ] as const) {
      const response = await applicant.request<MessageBody>(method, path, raw, { 'content-type': 'application/json' });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(typeof response.body.message, `${method} ${path}`).toBe('string');
    }
  });

  it('answers wrong types in every field with 400', async () => {
    const probes: [string, string, unknown][] = [
      ['POST', '/public/login', { username: 42, password: ['x'] }],
      ['POST', '/public/signup', { username: { a: 1 }, password: null }],
      ['PUT', '/api/last-page', { last_page: 7 }],
      ['POST', '/api/web-status', { web_status: 'done' }],
      ['PUT', '/api/add-another', { button_id: 'activities', num_components: '3' }],
      ['PUT', '/api/tabs', { tab_id: 1, chosen_tab: true }],
      ['POST', '/api/validations', { first_name: { nested: true } }],
    ];
    for (const [method, path, body] of probes) {
      const response = await applicant.request<MessageBody>(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a write whose Origin is another site', async () => {
    const response = await applicant.put('/api/answer', { first_name: 'Eve' }, { origin: 'https://evil.example' });
    expect(response).toMatchObject({ status: 403, body: { message: 'Requests from other sites are not allowed.' } });
    expect((await applicant.get<Profile>('/api/profile')).body.answer.first_name).toBeUndefined();
  });

  it('refuses a write the browser marks cross-site, and a cross-site logout', async () => {
    expect((await applicant.put('/api/answer', { first_name: 'Eve' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await applicant.get('/api/logout', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await applicant.get('/api/profile')).status).toBe(200);
  });

  it('accepts same-origin writes', async () => {
    const response = await applicant.put(
      '/api/answer',
      { first_name: 'Ada' },
      { origin: server.publicUrl, 'sec-fetch-site': 'same-origin' },
    );
    expect(response.status).toBe(200);
  });
});

describe('response headers', () => {
  it('sends the security headers and no-store on API answers', async () => {
    const response = await applicant.get('/api/profile');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API paths and missing sessions with JSON messages', async () => {
    expect(await server.client().get('/api/profile')).toMatchObject({
      status: 401,
      body: { message: 'Your session is invalid. Please clear your cookies and login again.' },
    });
    const missing = await applicant.get<MessageBody>('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(typeof missing.body.message).toBe('string');
  });
});

describe('logs', () => {
  it('never writes a password, code, token or SSN', async () => {
    const lines: string[] = [];
    const { startServer } = await import('../../server/bootstrap');
    const { createLogger } = await import('../../server/log');
    const { readServerConfig } = await import('../../server/config');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { TestClient, GOOD_PASSWORD, codeFromMail } = await import('./helpers/testServer');
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-log-'));
    const config = readServerConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const running = await startServer(config, { logger: createLogger({ write: (line) => lines.push(line) }) });
    try {
      const client = new TestClient(running.url);
      const username = 'logs@example.org';
      await client.post('/public/signup', { username, password: GOOD_PASSWORD });
      const mail = running.db.prepare('SELECT text FROM outbox WHERE to_address = ?').get(username) as { text: string };
      const code = codeFromMail(mail.text);
      await client.post('/public/confirm', { username, code });
      await client.post('/public/login', { username, password: GOOD_PASSWORD });
      await client.put('/api/answer', { ssn: '123-45-6789' });
      await client.get('/service/tmp-pdf?service_token=AAAAAAAAAAAAAAAAAAAAAA');
      await client.post('/public/forgot-password', { username });
      const all = lines.join('\n');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [GOOD_PASSWORD, code, '123-45-6789', 'AAAAAAAAAAAAAAAAAAAAAA', client.cookies.get('sid')!]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await running.close();
    }
  });
});
