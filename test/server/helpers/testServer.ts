import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOutbox } from '../../../db/outbox';
import { startServer, type RunningServer } from '../../../server/bootstrap';
import type { JobHooks } from '../../../server/jobs/jobRunner';
import { manualClock } from '../../../server/clock';
import { readServerConfig } from '../../../server/config';
import type { Logger } from '../../../server/log';
import { stringMatching } from '../../fixtures/matchers';

export const GOOD_PASSWORD = 'Correct-Horse-42!';

/** Every error body carries the id of its request (the X-Request-Id header, the log line). */
export const ANY_REQUEST_ID = stringMatching(/^[A-Za-z0-9_-]{12}$/);

/** What two answers must share to tell nothing apart: the body without its per-request id. */
export function withoutRequestId(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const { request_id: _id, ...rest } = body as Record<string, unknown>;
  return rest;
}

/**
 * A real server on an ephemeral port, on a fresh SQLite file, with a clock the test moves.
 * `dataDir` reopens an earlier server's data (a restart); `jobHooks` lets a test hold a job;
 * `distDir` serves a front end; `logger` receives the server's log lines (silent otherwise).
 * The environment has no PATH, so LibreOffice is not found and docx takes the pure-JS route
 * unless a test passes PATH.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; jobHooks?: JobHooks; distDir?: string; logger?: Logger } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'admissions-test-'));
  const clock = manualClock(Date.now());
  const config = readServerConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env });
  // The address e-mail links are built from; requests go to the ephemeral port behind it.
  const publicUrl = 'http://admissions.test';
  const running: RunningServer = await startServer(
    { ...config, publicUrl },
    {
      clock,
      jobHooks: options.jobHooks,
      distDir: options.distDir,
      logger: options.logger,
    },
  );
  return {
    ...running,
    clock,
    dataDir,
    publicUrl,
    client: () => new TestClient(running.url),
    /** The newest mail to an address, as `npm run mail` would show it. */
    lastMailTo(address: string) {
      return listOutbox(running.db, { to: address, limit: 1 })[0];
    },
    async stop() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** What the API answers on an error (and to some calls): a message, and on errors the request's id. */
export interface MessageBody {
  message: string;
  request_id?: string;
}

/** A response; `T` is what the test expects the body to be (unchecked, as a JSON body always is). */
export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps cookies between calls and sends JSON. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: leave the text for the assertion to show */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = unknown>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', path, body ?? {}, headers);
  put = <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', path, body ?? {}, headers);
}

/** Reads the six-digit code out of a confirmation mail, as an applicant would. */
export function codeFromMail(text: string): string {
  const match = /^(\d{6})$/m.exec(text);
  if (!match) throw new Error(`No six-digit code in mail:\n${text}`);
  return match[1]!;
}

export function resetLinkFromMail(text: string): URL {
  const match = /^(https?:\/\/\S+\/reset\?\S+)$/m.exec(text);
  if (!match) throw new Error(`No reset link in mail:\n${text}`);
  return new URL(match[1]!);
}

/** Sign-up, confirmation from the mail, and login: an applicant ready to fill in the application. */
export async function signUpAndLogIn(server: TestServer, username: string, password = GOOD_PASSWORD): Promise<TestClient> {
  const client = server.client();
  const signup = await client.post('/public/signup', { username, password });
  if (signup.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const code = codeFromMail(server.lastMailTo(username.toLowerCase())!.text);
  const confirm = await client.post('/public/confirm', { username, code });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  const login = await client.post('/public/login', { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return client;
}
