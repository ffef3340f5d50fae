import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSpa } from '../../server/http/spa';
import { securityHeaders } from '../../server/http/securityHeaders';
import { precompressBuild } from '../../server/staticCompression';
import { request } from 'node:http';

let baseUrl: string;
let close: () => void;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'admissions-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  const big = 'export const words = ' + JSON.stringify('application '.repeat(2000)) + ';';
  writeFileSync(join(dist, 'assets', 'big-def456.js'), big);
  await precompressBuild(dist, ['assets/big-def456.js', 'assets/main-abc123.js']);
  writeFileSync(join(dist.replace(/[^/]+$/, ''), 'outside-secret.txt'), 'secret');
  // What the build writes for the server's own use: the manifest (and its compressed twins), source maps.
  mkdirSync(join(dist, '.vite'));
  const manifest = Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [`src/page${i}.tsx`, { file: `assets/page${i}-abc123.js`, src: 'src/main.tsx' }]),
  );
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await precompressBuild(dist, ['.vite/manifest.json']);
  if (!existsSync(join(dist, '.vite', 'manifest.json.br'))) throw new Error('the manifest should have its compressed twins');
  writeFileSync(join(dist, 'assets', 'main-abc123.js.map'), JSON.stringify({ version: 3, sources: ['../../src/main.tsx'] }));
  writeFileSync(join(dist, '.env'), 'SESSION_SECRET=not-for-the-web');
  const app = new Koa();
  app.use(securityHeaders({ hsts: false }));
  app.use(serveSpa(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** A GET whose body is left compressed (fetch would decode it). */
function rawGet(path: string, acceptEncoding: string | undefined): Promise<{ encoding?: string; vary?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(baseUrl + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          encoding: response.headers['content-encoding'],
          vary: response.headers.vary,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

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

  it('sends the smallest form the browser reads: Brotli, else gzip, else the file itself', async () => {
    const plain = await rawGet('/assets/big-def456.js', undefined);
    expect(plain.encoding).toBeUndefined();
    const br = await rawGet('/assets/big-def456.js', 'gzip, deflate, br');
    const gzip = await rawGet('/assets/big-def456.js', 'gzip, br;q=0');
    expect(br.encoding).toBe('br');
    expect(gzip.encoding).toBe('gzip');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    expect(br.body.length).toBeLessThan(plain.body.length / 10);
    expect(br.vary).toContain('Accept-Encoding');
    // A file too small to gain anything is sent as it is.
    expect((await rawGet('/assets/main-abc123.js', 'br, gzip')).encoding).toBeUndefined();
  });

  it('never serves a file outside the build folder', async () => {
    const response = await fetch(baseUrl + '/..%2Foutside-secret.txt');
    expect(await response.text()).not.toBe('secret');
  });

  it.each([
    '/.vite/manifest.json',
    '/.vite/manifest.json.gz',
    '/.vite/manifest.json.br',
    '/%2Evite/manifest.json',
    '/.vite%2Fmanifest.json',
    '/assets/..%2F.vite/manifest.json',
    '/.vite/',
    '/.env',
    '/assets/main-abc123.js.map',
  ])('answers %s, which is not for the browser, with 404 and not its content', async (path) => {
    for (const acceptEncoding of [undefined, 'br, gzip']) {
      const response = await fetch(baseUrl + path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      const text = await response.text();
      expect(response.status, `${path} (${acceptEncoding ?? 'identity'})`).toBe(404);
      expect(text).not.toMatch(/src\/main\.tsx|SESSION_SECRET|<div id="root">/);
    }
  });

  it('leaves API paths to the API', async () => {
    expect((await fetch(baseUrl + '/api/profile')).status).toBe(404);
  });
});
