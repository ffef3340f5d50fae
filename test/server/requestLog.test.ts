import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log';
import { signUpAndLogIn, startTestServer, type JsonResponse, type TestClient, type TestServer } from './helpers/testServer';

const lines: Record<string, unknown>[] = [];
let server: TestServer;
let applicant: TestClient;
beforeAll(async () => {
  server = await startTestServer(
    {},
    { logger: createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) },
  );
  applicant = await signUpAndLogIn(server, 'logged@example.org');
});
afterAll(async () => {
  await server.stop();
});

/**
 * The request line the server wrote for this answer (each test waits for its answer, so it is the
 * latest one): the status sent, and the id the answer carries in its header and its body.
 */
function expectLoggedAsSent(response: JsonResponse, path: string, what: string) {
  const id = response.headers.get('x-request-id');
  const requestLines = lines.filter((line) => line.event === 'request');
  const logged = requestLines.at(-1) ?? {};
  const { body } = response;
  const bodyRequestId = typeof body === 'object' && body !== null && 'request_id' in body ? body.request_id : undefined;
  expect({ status: logged.status, path: logged.path, request_id: logged.request_id, body_request_id: bodyRequestId }, what).toEqual({
    status: response.status,
    path,
    request_id: id,
    body_request_id: id,
  });
  expect(id, what).toMatch(/^[A-Za-z0-9_-]{12}$/);
  expect(
    requestLines.filter((line) => line.request_id === id),
    what,
  ).toHaveLength(1);
}

describe('the request log records what was sent', () => {
  it.each([
    [
      400,
      '/api/answer',
      'broken JSON',
      () => applicant.request('PUT', '/api/answer', '{"first_name": ', { 'content-type': 'application/json' }),
    ],
    [401, '/api/profile', 'no session', () => server.client().get('/api/profile')],
    [
      403,
      '/api/answer',
      'a cross-site write',
      () => applicant.put('/api/answer', { first_name: 'Eve' }, { origin: 'https://evil.example' }),
    ],
    [404, '/api/nothing-here', 'an unknown API path', () => applicant.get('/api/nothing-here')],
    [409, '/api/web-status', 'submitted before a submission', () => applicant.post('/api/web-status', { web_status: 'submitted' })],
    [413, '/api/answer', 'a body over 1 MB', () => applicant.put('/api/answer', { first_name: 'x'.repeat(1024 * 1024 + 10) })],
  ] as const)('%i: %s (%s)', async (status, path, what, send) => {
    const response = await send();
    expect(response.status).toBe(status);
    expectLoggedAsSent(response, path, what);
  });

  it('429: password guesses past the limit, and every refusal before it', async () => {
    const attacker = server.client();
    let response: JsonResponse | undefined;
    for (let guess = 0; guess < 200 && response?.status !== 429; guess++) {
      response = await attacker.post('/public/login', { username: 'logged@example.org', password: 'Wrong-Password-42!' });
      expectLoggedAsSent(response, '/public/login', `guess ${guess + 1} (${response.status})`);
    }
    expect(response!.status).toBe(429);
  });

  it('gives successful answers an id too, in the header and the log line', async () => {
    const response = await applicant.get('/api/profile');
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(lines.filter((line) => line.event === 'request' && line.request_id === id)).toMatchObject([{ status: 200 }]);
  });

  it('gives every request its own id', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 50; i++) ids.add((await applicant.get('/api/profile')).headers.get('x-request-id'));
    expect(ids.size).toBe(50);
  });
});

describe('an unexpected failure', () => {
  it('is logged as the 500 it was answered with, under the id its answer carries', async () => {
    const Koa = (await import('koa')).default;
    const { requestLog } = await import('../../server/http/requestLog');
    const { errorMiddleware } = await import('../../server/http/errors');
    const own: Record<string, unknown>[] = [];
    const logger = createLogger({ write: (line) => own.push(JSON.parse(line) as Record<string, unknown>) });
    const app = new Koa();
    app.use(requestLog(logger));
    app.use(errorMiddleware(logger));
    app.use(() => {
      throw new Error('database is on fire: SELECT * FROM secrets');
    });
    const listening = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(listening.address() as { port: number }).port}/api/anything`);
      const body = (await response.json()) as { message: string; request_id: string };
      const id = response.headers.get('x-request-id');
      expect(response.status).toBe(500);
      expect(body.request_id).toBe(id);
      expect(own).toMatchObject([
        { event: 'unhandled_error', request_id: id },
        { event: 'request', status: 500, request_id: id },
      ]);
      expect(JSON.stringify(own)).not.toContain('secrets');
    } finally {
      listening.close();
    }
  });
});
