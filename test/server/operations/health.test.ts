import { afterEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../../db/jobs';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /healthz', () => {
  it('answers 200 without a session: the database is reachable and the job queue is empty', async () => {
    server = await startTestServer();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', jobs: { queued: 0, running: 0 } });
  });

  it("reports the job queue's depth: jobs waiting and jobs running", async () => {
    const held: number[] = [];
    server = await startTestServer(
      { JOB_CONCURRENCY: '1' },
      {
        jobHooks: {
          beforeJob: (job, signal) =>
            new Promise<void>((resolve) => (held.push(job.id), signal.addEventListener('abort', () => resolve()))),
        },
      },
    );
    const now = server.clock.now();
    enqueueJob(server.db, { kind: 'delete_objects', payload: { keys: [] } }, now);
    enqueueJob(server.db, { kind: 'delete_objects', payload: { keys: [] } }, now);
    enqueueJob(server.db, { kind: 'delete_objects', payload: { keys: [] } }, now);
    const health = await waitFor(
      async () => (await (await fetch(`${server!.url}/healthz`)).json()) as { jobs?: { running?: number } },
      (body) => body.jobs?.running === 1,
    );
    expect(held).toHaveLength(1);
    expect(health).toEqual({ status: 'ok', database: 'ok', jobs: { queued: 2, running: 1 } });
  });

  it('answers 503 when the database cannot be read', async () => {
    server = await startTestServer();
    const { url, db } = server;
    db.close();
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  });
});
