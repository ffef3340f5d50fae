import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSpa } from '../../server/http/spa';
import { securityHeaders } from '../../server/http/securityHeaders';

let baseUrl: string;
let close: () => void;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'admissions-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist.replace(/[^/]+$/, ''), 'outside-secret.txt'), 'secret');
  const app = new Koa();
  app.use(securityHeaders({ hsts: false }));
  app.use(serveSpa(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('single-page app fallback', () => {
  it.each(['/', '/about', '/login', '/some/unknown/path?token=abc'])('answers %s with index.html', async (path) => {
    const response = await fetch(baseUrl + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await fetch(baseUrl + '/assets/main-abc123.js');
    expect(await response.text()).toBe('console.log(1)');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('never serves a file outside the build folder', async () => {
    const response = await fetch(baseUrl + '/..%2Foutside-secret.txt');
    expect(await response.text()).not.toBe('secret');
  });

  it('leaves API paths to the API', async () => {
    expect((await fetch(baseUrl + '/api/profile')).status).toBe(404);
  });
});
