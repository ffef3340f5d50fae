import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChild, type ChildServer } from '../../../bench/processes';
import { BENCH_PASSWORD, seedApplicants } from '../../../bench/seed';
import { logIn } from '../../../bench/httpThroughput';
import { startFakeSmtp } from '../helpers/fakeSmtp';

interface RawExchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  reply: Promise<string>;
}

function openRaw(url: string): RawExchange {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const reply = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, reply };
}

/** Resolves once a new connection to the server is refused (or times out after `limitMs`). */
async function newConnectionsRefused(url: string, limitMs = 10_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), hostname);
      socket.once('connect', () => (socket.destroy(), resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

const exited = (server: ChildServer) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });

async function startApplicantServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'admissions-shutdown-'));
  const [username] = await seedApplicants(join(dataDir, 'admissions.sqlite'), 1, 'shutdown');
  const server = await startChild('test/server/helpers/childServer.ts', { DATA_DIR: dataDir, ...env });
  const cookie = await logIn(server.url, username!, BENCH_PASSWORD);
  return { dataDir, server, cookie, username: username! };
}

function storedPreferredName(dataDir: string, username: string): string | null {
  const db = new Database(join(dataDir, 'admissions.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare(
        "SELECT json_extract(a.answers, '$.preferred_name') AS value FROM applications a JOIN users u ON u.id = a.user_id WHERE u.username = ?",
      )
      .get(username) as { value: string | null } | undefined;
    return row?.value ?? null;
  } finally {
    db.close();
  }
}

describe('SIGTERM', () => {
  it('answers a save that is in flight, stores it, refuses new connections and exits 0', async () => {
    const { dataDir, server, cookie, username } = await startApplicantServer();
    // An idle keep-alive connection must not hold the shutdown up.
    const idle = openRaw(server.url);
    idle.socket.write('GET /public/college HTTP/1.1\r\nHost: localhost\r\n\r\n');

    const body = JSON.stringify({ preferred_name: 'in-flight' });
    const save = openRaw(server.url);
    save.socket.write(
      `PUT /api/answer HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    save.socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exit = exited(server);
    server.child.kill('SIGTERM');
    expect(await newConnectionsRefused(server.url)).toBe(true);
    // The rest of the body arrives after the signal: the save is still taken and answered.
    save.socket.end(body.slice(10));
    const reply = await save.reply;
    console.log(`in-flight save after SIGTERM: ${reply.split('\r\n')[0]}`);
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(await exit).toBe(0);
    expect(await idle.reply).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(storedPreferredName(dataDir, username)).toBe('in-flight');
  }, 60_000);

  it('does not wait past SHUTDOWN_TIMEOUT_MS for a request that never completes', async () => {
    const { server, cookie } = await startApplicantServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const stuck = openRaw(server.url);
    stuck.socket.write(
      `PUT /api/answer HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = exited(server);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    console.log(`stopped ${Math.round(performance.now() - signalled)} ms after SIGTERM with a request stuck in flight`);
    expect(await stuck.reply).not.toMatch(/^HTTP\/1\.1 200/);
  }, 60_000);

  it('hands the mail being delivered to SMTP before it exits', async () => {
    const smtp = await startFakeSmtp({ acceptAfterMs: 1500 });
    const dataDir = mkdtempSync(join(tmpdir(), 'admissions-shutdown-'));
    const server = await startChild('test/server/helpers/childServer.ts', { DATA_DIR: dataDir, SMTP_URL: smtp.url });
    try {
      const signup = await fetch(`${server.url}/public/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'late.mail@example.org', password: BENCH_PASSWORD }),
      });
      expect(signup.status).toBe(200);
      // The confirmation mail is now on its way to SMTP, which takes its time to accept it.
      const exit = exited(server);
      server.child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.data).toContain('late.mail@example.org');
      const db = new Database(join(dataDir, 'admissions.sqlite'), { readonly: true });
      try {
        expect(db.prepare("SELECT status FROM outbox WHERE to_address = 'late.mail@example.org'").all()).toEqual([{ status: 'sent' }]);
      } finally {
        db.close();
      }
    } finally {
      await server.stop();
      await smtp.close();
    }
  }, 60_000);
});
