import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOADED_ELEMENT_ID } from '../../src/catalogue/http';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';
import type { Profile } from '../../machines/api/responses';

/** What a page may carry: the answers of the calls the page makes first, by path. */
interface Preloaded {
  '/public/college'?: { status: number; body: unknown };
  '/api/profile'?: { status: number; body: Profile };
}

/** The preloaded answers of the page, parsed as the browser's JSON.parse would. */
function preloadedOf(html: string): Preloaded {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  if (!match) throw new Error(`no preloaded answers in:\n${html}`);
  return JSON.parse(match[1]!) as Preloaded;
}

let server: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'admissions-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  server = await startTestServer({}, { distDir: dist });
});
afterAll(() => server.stop());

describe('the page carries the answers of its first calls', () => {
  it('gives a visitor the college configuration the API gives, and no profile', async () => {
    const page = await server.client().request<string>('GET', '/about');
    const preloaded = preloadedOf(page.body);
    const college = await server.client().get('/public/college');
    expect(preloaded['/public/college']).toEqual({ status: 200, body: college.body });
    expect(preloaded['/api/profile']).toBeUndefined();
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it("gives an applicant their own profile, the same as GET /api/profile, and never another's", async () => {
    const ada = await signUpAndLogIn(server, 'ada.preload@example.com');
    const bob = await signUpAndLogIn(server, 'bob.preload@example.com');
    await ada.put('/api/answer', { first_name: 'Ada' });
    await bob.put('/api/answer', { first_name: 'Bob' });
    const adaPage = preloadedOf((await ada.request<string>('GET', '/education')).body);
    expect(adaPage['/api/profile']).toEqual({ status: 200, body: (await ada.get('/api/profile')).body });
    expect(adaPage['/api/profile']!.body.answer.first_name).toBe('Ada');
    const bobPage = preloadedOf((await bob.request<string>('GET', '/about')).body);
    expect(bobPage['/api/profile']!.body.username).toBe('bob.preload@example.com');
    expect(JSON.stringify(bobPage)).not.toContain('Ada');
  });

  it('gives no profile once the session has ended', async () => {
    const client = await signUpAndLogIn(server, 'carol.preload@example.com');
    await client.get('/api/logout');
    expect(preloadedOf((await client.request<string>('GET', '/about')).body)['/api/profile']).toBeUndefined();
  });

  it('keeps an answer that looks like markup inside the data: it cannot end the script element', async () => {
    const client = await signUpAndLogIn(server, 'dave.preload@example.com');
    const hostile = '</script><script>alert(1)</script><!--';
    expect((await client.put('/api/answer', { first_name: hostile })).status).toBe(200);
    const html = (await client.request<string>('GET', '/about')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(preloadedOf(html)['/api/profile']!.body.answer.first_name).toBe(hostile);
  });
});
