import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_BUILD } from '../../server/http/firstScreen';
import { PRELOADED_ELEMENT_ID } from '../../src/catalogue/http';
import demoCollege from '../../src/college/demo-college.json';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

const root = resolve(import.meta.dirname, '../..');

/** The page's root element and what the server rendered into it. */
function rootOf(html: string): { fingerprint: string | undefined; busy: boolean; inside: string } {
  const match =
    /<div id="root"(?: data-first-screen="([^"]*)")?( inert aria-busy="true" aria-disabled="true")?>([\s\S]*)<\/div>\s*<noscript>/.exec(
      html,
    );
  if (!match) throw new Error(`no root element in:\n${html}`);
  return { fingerprint: match[1], busy: match[2] !== undefined, inside: match[3]! };
}

const STYLES = '.auth-card{max-width:28rem}';
const STYLESHEET_LINK = '<link rel="stylesheet" crossorigin href="/assets/app-1.css">';

const headingOf = (html: string) => /<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

let server: TestServer;
let dist: string;
beforeAll(async () => {
  // The server's render as the build makes it (index.html is the shell's: the browser bundle plays no part here).
  dist = mkdtempSync(join(tmpdir(), 'admissions-first-screen-'));
  // The render loads its npm packages from node_modules, as in dist/ beside the project's.
  symlinkSync(join(root, 'node_modules'), join(dist, 'node_modules'));
  await build({
    root,
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: FIRST_SCREEN_BUILD.entry, outDir: join(dist, FIRST_SCREEN_BUILD.dir) },
  });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-1.css'), STYLES);
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>x</title>${STYLESHEET_LINK}</head><body><div id="root"></div>\n<noscript>JavaScript</noscript></body></html>`,
  );
  server = await startTestServer({}, { distDir: dist });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe("the first screen's HTML is rendered on the server", () => {
  it('gives /login the login card: its heading, its fields and Submit, with the college from the preloaded answers', async () => {
    const page = await server.client().request<string>('GET', '/login');
    const { fingerprint, busy, inside } = rootOf(page.body);
    expect(fingerprint).toBeDefined();
    // It says it is busy until the client has taken the card over.
    expect(busy).toBe(true);
    expect(headingOf(inside)).toBe('Log In');
    expect(inside).toMatch(/<label[^>]*for="auth-username"[^>]*>Email address<\/label><input id="auth-username"[^>]*name="username"/);
    expect(inside).toMatch(/<input id="auth-password"[^>]*type="password"/);
    expect(inside).toMatch(/<button type="submit"[^>]*>.*Submit/);
    expect(inside).toContain(`${demoCollege.name} Application for Admission`);
    // The page still carries the answers the client starts from.
    expect(page.body).toContain(`<script type="application/json" id="${PRELOADED_ELEMENT_ID}">`);
  });

  it('gives each auth card its own card', async () => {
    for (const [path, heading] of [
      ['/signup', 'Sign Up'],
      ['/forgot', 'Forgot Password'],
      ['/confirm', 'Confirm Your Account'],
    ] as const) {
      const { inside } = rootOf((await server.client().request<string>('GET', path)).body);
      expect(headingOf(inside)).toBe(heading);
    }
  });

  it("gives /about the form area's frame, the step's heading and its questions, empty for a visitor", async () => {
    const page = await server.client().request<string>('GET', '/about');
    const { fingerprint, busy, inside } = rootOf(page.body);
    expect(fingerprint).toMatch(/^[0-9a-z]+$/);
    expect(busy).toBe(true);
    expect(headingOf(inside)).toBe('About You');
    expect(inside).toContain('<nav class="steps" aria-label="Application steps">');
    expect(inside).toContain('data-testid="welcome-banner"');
    expect(inside).toMatch(/<input[^>]*id="q-first_name"/);
    expect(inside).toContain(`Welcome to the <!-- -->${demoCollege.name}<!-- --> application`);
    // In place: no part of it is left to an inline script, which the page's policy would refuse.
    expect(inside).not.toContain('<script');
    expect(inside).not.toContain('<template');
  });

  it('calls nothing over the network while rendering: the preloaded answers are all it uses', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    // Pages not rendered before in this server (a first visit's render is reused for a few seconds).
    const education = await server.client().request<string>('GET', '/education');
    const finalSteps = await server.client().request<string>('GET', '/final-steps');
    expect(headingOf(rootOf(education.body).inside)).toBe('Your Academics');
    expect(headingOf(rootOf(finalSteps.body).inside)).toBe('Final Steps');
    // The test client's own requests are the only ones.
    expect(fetches.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input))).toEqual([
      `${server.url}/education`,
      `${server.url}/final-steps`,
    ]);
  });

  it('carries its stylesheets in the page and comes compressed, so that it paints with the first round trip', async () => {
    const page = await server.client().request<string>('GET', '/signup');
    expect(headingOf(rootOf(page.body).inside)).toBe('Sign Up');
    expect(page.body).toContain(`<style>${STYLES}</style>`);
    expect(page.body).not.toContain(STYLESHEET_LINK);
    const compressed = await fetch(`${server.url}/signup`, { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    // A page the client renders keeps the link: the browser caches the stylesheet for the next pages.
    const staffLink = await server.client().request<string>('GET', '/about?service_token=abc');
    expect(staffLink.body).toContain(STYLESHEET_LINK);
  });

  it("leaves an applicant's page, a staff link and a prefill link to the client, whose data the client loads", async () => {
    const applicant = await signUpAndLogIn(server, 'ssr.applicant@example.com');
    for (const [client, path] of [
      [applicant, '/about'],
      [server.client(), '/about?service_token=abc'],
      [server.client(), '/about?token=abc'],
      [server.client(), '/completion'],
      [server.client(), '/no-such-page'],
    ] as const) {
      const { fingerprint, inside } = rootOf((await client.request<string>('GET', path)).body);
      expect({ path, fingerprint, inside }).toEqual({ path, fingerprint: undefined, inside: '' });
    }
  });
});
