import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, callApi, setApiBase } from '../../../machines/api/httpClient';
import { keepPreloadedResponses } from '../../../machines/api/preloadedResponses';

const Named = v.object({ name: v.string() });

/** A server that answers every call with where it came from, and counts the calls. */
let server: Server;
let calls = 0;
beforeAll(async () => {
  server = createServer((_, response) => {
    calls += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ name: 'from the network' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => {
  setApiBase(undefined);
  server.close();
});
afterEach(() => {
  keepPreloadedResponses(null);
  calls = 0;
});

describe("the page's preloaded answers", () => {
  it('answer the first call to their path without the network, and only the first', async () => {
    keepPreloadedResponses(JSON.stringify({ '/public/college': { status: 200, body: { name: 'from the page' } } }));
    expect(await callApi('get', '/public/college', Named)).toEqual({ name: 'from the page' });
    expect(calls).toBe(0);
    expect(await callApi('get', '/public/college', Named)).toEqual({ name: 'from the network' });
    expect(calls).toBe(1);
  });

  it('pass through the same checks as fetched answers: a 401 ends the session, a bad shape is refused', async () => {
    keepPreloadedResponses(
      JSON.stringify({
        '/api/profile': { status: 401, body: { message: 'Your session has ended.' } },
        '/public/college': { status: 200, body: { name: 42 } },
      }),
    );
    await expect(callApi('get', '/api/profile', Named)).rejects.toMatchObject({ kind: 'unauthorised', message: 'Your session has ended.' });
    await expect(callApi('get', '/public/college', Named)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(0);
  });

  it('are ignored when the page carries something malformed, and the calls go to the network', async () => {
    for (const broken of ['{not json', '[]', JSON.stringify({ '/public/college': { body: {} } })]) {
      keepPreloadedResponses(broken);
      expect(await callApi('get', '/public/college', Named)).toEqual({ name: 'from the network' });
    }
    expect(calls).toBe(3);
  });

  it('never answer a write or a call with a query', async () => {
    keepPreloadedResponses(JSON.stringify({ '/public/tmp': { status: 200, body: { name: 'from the page' } } }));
    expect(await callApi('get', '/public/tmp', Named, { searchParams: { token: 'x' } })).toEqual({ name: 'from the network' });
    expect(await callApi('post', '/public/tmp', Named, { json: {} })).toEqual({ name: 'from the network' });
    expect(calls).toBe(2);
  });
});
