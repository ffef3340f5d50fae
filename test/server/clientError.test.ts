import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log';
import { stringMatching } from '../fixtures/matchers';
import { startTestServer, type TestServer } from './helpers/testServer';

const lines: Record<string, unknown>[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    { logger: createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) },
  );
});
afterAll(async () => {
  await server.stop();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes bytes straight onto a TCP connection, the way a scanner or a broken client would, and
 * reads until the server closes it (a server that left it open fails the test by its timeout).
 */
function sendRaw(bytes: string, port = Number(new URL(server.url).port)): Promise<RawAnswer & { raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, raw: text });
    });
    socket.write(bytes);
  });
}

function expectSecurityHeaders(answer: RawAnswer) {
  expect(answer.headers).toMatchObject({
    'content-security-policy': stringMatching(/default-src 'self'.*frame-ancestors 'none'/),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    connection: 'close',
  });
}

/** The answer's JSON body, its id in the header and the body, and the log line with the same id and status. */
function expectLoggedJson(answer: RawAnswer) {
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  const body = JSON.parse(answer.body) as { message: string; request_id: string };
  expect(typeof body.message).toBe('string');
  expect(body.request_id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  expect(answer.headers['x-request-id']).toBe(body.request_id);
  expect(lines.filter((line) => line.request_id === body.request_id)).toMatchObject([{ event: 'client_error', status: answer.status }]);
}

describe("Node's own answers to requests it cannot parse", () => {
  it('answers a malformed request line with 400, the security headers, and closes the connection', async () => {
    const answer = await sendRaw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer);
    expectLoggedJson(answer);
  });

  it('answers a malformed header with 400 and the same headers', async () => {
    const answer = await sendRaw('GET / HTTP/1.1\r\nHost: localhost\r\nBroken header line\r\n\r\n');
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer);
    expectLoggedJson(answer);
  });

  it('answers headers over the size limit with 431 and the same headers', async () => {
    const answer = await sendRaw(`GET /api/profile HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer);
    expectLoggedJson(answer);
  });

  it('answers a malformed request that follows a good one on a kept-alive connection', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let text = '';
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise<void>((resolve) => {
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('"name"')) resolve();
      });
      socket.write('GET /public/college HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    socket.write('THIS IS NOT HTTP\r\n\r\n');
    await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    const second = text.slice(text.indexOf('HTTP/1.1 400 '));
    expect(second).toMatch(/^HTTP\/1\.1 400 /);
    expect(second).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(second).toMatch(/\r\nX-Request-Id: [A-Za-z0-9_-]{12}\r\n/);
  });

  it('answers a request that never finishes arriving with 408 and the same headers (when a request timeout is set)', async () => {
    const { createServer } = await import('node:http');
    const slow = createServer({ requestTimeout: 200, headersTimeout: 200, connectionsCheckingInterval: 50 }, (_req, res) => res.end());
    const { answerClientErrors } = await import('../../server/http/clientError');
    answerClientErrors(slow, {
      hsts: true,
      logger: createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }),
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await sendRaw('GET / HTTP/1.1\r\nHost: localhost\r\nX-Half', (slow.address() as { port: number }).port);
      expect(answer.status).toBe(408);
      expectSecurityHeaders(answer);
      expect(answer.headers['strict-transport-security']).toContain('max-age=');
      expectLoggedJson(answer);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('answers CONNECT (a tunnel request) with 405, the security headers and a JSON body, instead of cutting the connection', async () => {
    const answer = await sendRaw('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n');
    expect(answer.status).toBe(405);
    expectSecurityHeaders(answer);
    expectLoggedJson(answer);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'This method is not allowed here.' });
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, DELETE');
  });

  it('logs none of the bytes it could not parse', () => {
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('THIS IS NOT HTTP');
    expect(logged).not.toContain('Broken header line');
    expect(logged).not.toContain('aaaaaaaa');
    expect(lines.filter((line) => line.event === 'client_error').length).toBeGreaterThanOrEqual(4);
  });

  it('still serves the next connection', async () => {
    const answer = await sendRaw('GET /public/college HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});
