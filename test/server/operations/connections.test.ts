import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

// Short limits so the test sees the server act; the defaults are in README's configuration table.
const LIMITS = { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '500' };
/** Far beyond every limit above: a socket still open by then is never going to be closed. */
const GIVE_UP_MS = 8000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(LIMITS);
});
afterAll(async () => {
  await server.stop();
});

interface Observed {
  socket: Socket;
  /** Resolves with what the server sent and how long the socket lived, or 'still open' at GIVE_UP_MS. */
  ended: Promise<{ closedByServer: boolean; afterMs: number; received: string }>;
}

function openSocket(): Observed {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  const opened = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  const ended = new Promise<{ closedByServer: boolean; afterMs: number; received: string }>((resolve) => {
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedByServer: false, afterMs: performance.now() - opened, received });
    }, GIVE_UP_MS);
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve({ closedByServer: true, afterMs: performance.now() - opened, received });
    });
  });
  return { socket, ended };
}

/** Writes `lines` one at a time, `everyMs` apart, until the socket closes. */
function trickle(socket: Socket, pieces: () => string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(pieces());
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('connections that never end', () => {
  it('closes a socket that sends nothing', async () => {
    const { ended } = openSocket();
    const outcome = await ended;
    console.log(`silent socket: ${outcome.closedByServer ? `closed after ${Math.round(outcome.afterMs)} ms` : 'still open'}`);
    expect(outcome.closedByServer).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  }, 15_000);

  it('closes a socket that sends its headers a line at a time and never finishes them', async () => {
    const { socket, ended } = openSocket();
    socket.write('GET /public/college HTTP/1.1\r\nHost: localhost\r\n');
    let line = 0;
    trickle(socket, () => `X-Slow-${++line}: a\r\n`, 200);
    const outcome = await ended;
    console.log(`slow headers: ${outcome.closedByServer ? `closed after ${Math.round(outcome.afterMs)} ms` : 'still open'}`);
    expect(outcome.closedByServer).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  }, 15_000);

  it('closes a socket that trickles a request body and never finishes it', async () => {
    const { socket, ended } = openSocket();
    // Within the account forms' 8 kB, so only the time limit can end it.
    socket.write('POST /public/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{');
    trickle(socket, () => ' ', 200);
    const outcome = await ended;
    console.log(`slow body: ${outcome.closedByServer ? `closed after ${Math.round(outcome.afterMs)} ms` : 'still open'}`);
    expect(outcome.closedByServer).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  }, 15_000);

  it('answers a normal request, then closes the connection once it has been idle for the keep-alive time', async () => {
    const { socket, ended } = openSocket();
    socket.write('GET /public/college HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const outcome = await ended;
    console.log(`idle keep-alive: ${outcome.closedByServer ? `closed after ${Math.round(outcome.afterMs)} ms` : 'still open'}`);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(outcome.closedByServer).toBe(true);
  }, 15_000);

  it('still serves requests whose body arrives within the limits', async () => {
    const client = server.client();
    expect((await client.get('/public/college')).status).toBe(200);
    const { socket, ended } = openSocket();
    const body = JSON.stringify({ username: 'nobody@example.org', password: 'Wrong-Password-00!' });
    socket.write(
      `POST /public/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    setTimeout(() => socket.write(body), 300);
    const outcome = await ended;
    expect(outcome.received).toMatch(/^HTTP\/1\.1 400 /);
  }, 15_000);
});
