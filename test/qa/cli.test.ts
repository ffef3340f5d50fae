import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { frontendBuilt } from '../server/helpers/frontendBuilt';

/*
 * `npm run paths -- <machine>` as QA and developers use it (issue 14): a short plan in plain
 * words with what the page shows and a coverage line, a Markdown checklist, and a Playwright spec
 * that runs against the real server.
 */
const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const paths = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'test/qa/cli.ts', ...args], { cwd: root });

describe('npm run paths -- submit', () => {
  it('prints one path per state and per transition, in plain words, with what the page shows and the coverage', async () => {
    const { stdout } = await paths('submit');
    const transitions = stdout.slice(stdout.indexOf('Transitions to cover'));
    // The machine's 8 states and its 16 transitions that go somewhere, each with its own path: an
    // application left empty walks the page's own check finding errors, a complete one the rest.
    expect(stdout).toContain('Coverage: 8 of 8 states reached, 16 of 16 transitions covered.');
    expect(stdout).toContain('Sign up as a new applicant, confirm the account and log in (nothing answered)');
    expect(transitions.match(/^\d+\. Cover /gm)).toHaveLength(16);
    // Steps a tester can do, not machine events; the page's expectations, not state names alone.
    expect(stdout).not.toMatch(/send "|xstate\.init/);
    expect(stdout).toContain('Press Submit');
    expect(stdout).toContain('the server refuses the save: another tab changed "First name" first');
    expect(stdout).toContain('the button "Submit" busy');
    expect(stdout).toContain('the address ends with /completion; the text "Your application was successfully submitted."');
    // No path made only of events that change nothing (the old plan sent answers.changed … and expected idle).
    expect(stdout).not.toContain('answers.changed');
    expect(stdout.length).toBeLessThan(40_000);
  });

  it('writes a Markdown checklist with --format md', async () => {
    const { stdout } = await paths('submit', '--format', 'md');
    expect(stdout).toMatch(/^# Test plan: submit$/m);
    expect(stdout).toContain('- [ ] Press Submit');
    expect(stdout).toMatch(/^ {2}- \[ \] expect the application is being submitted/m);
  });

  it('refuses a format it does not know, and page formats for machines without a page plan', async () => {
    await expect(paths('submit', '--format', 'pdf')).rejects.toThrow(/Usage/);
    await expect(paths('toasts', '--format', 'playwright')).rejects.toThrow(/no page plan/);
  });
});

describe('npm run paths -- document | pdfCopy', () => {
  it('writes the document checklist: page steps, the coverage and what the page cannot drive', async () => {
    const { stdout } = await paths('document', '--format', 'md');
    expect(stdout).toMatch(/^# Test plan: document$/m);
    expect(stdout).toContain('Coverage: 16 of 17 states reached, 37 of 39 transitions covered.');
    expect(stdout).toMatch(/^Not driven from this page: document\.reload from a failed upload/m);
    expect(stdout).toContain('- [ ] Choose the file "statement.pdf"');
    expect(stdout).toContain('- [ ] the network fails during the upload');
    expect(stdout).toMatch(/^ {2}- \[ \] expect the failed conversion is being deleted: .*the button "Choose another file" busy/m);
  });

  it('writes the PDF copy spec: the 10-minute poll on the clock, the download checked, the coverage and its limits', async () => {
    const { stdout } = await paths('pdfCopy', '--format', 'playwright');
    expect(stdout).toContain('// Coverage: 11 of 11 states reached, 26 of 36 transitions covered.');
    expect(stdout).toMatch(/^\/\/ Not driven from this page: pdfCopy\.refresh is the completion page's .*pdfCopy\.retry/m);
    expect(stdout).toContain('await app.do({"kind":"wait","ms":600000});');
    expect(stdout).toContain('{"kind":"download"}');
    expect(stdout).toContain('test("Cover active.downloading.fetching —downloadPdfCopy done→ active.ready"');
  });
});

describe('npm run paths -- navigation | webStatus', () => {
  it('prints the navigation checklist: typed addresses, step links, Back, and what the page does not drive', async () => {
    const { stdout } = await paths('navigation', '--format', 'md');
    expect(stdout).toMatch(/^# Test plan: navigation$/m);
    expect(stdout).toContain('Coverage: 8 of 8 states reached, 9 of 9 transitions covered.');
    // Unknown paths go to /about keeping the query; a visitor's answers go to Sign Up; the last page saved is restored.
    expect(stdout).toContain('- [ ] As a visitor, type the address /nowhere?ref=mail');
    expect(stdout).toContain('the address ends with /about?ref=mail; the heading "About You"');
    expect(stdout).toContain('the address ends with /signup; the heading "Sign Up"');
    expect(stdout).toContain('expect sent on to Your Academics');
    expect(stdout).toContain('- [ ] Press Back');
    expect(stdout).toContain('the server holds the last page /about');
    // Said, not faked: staff arrive through the service link, which this plan does not drive.
    expect(stdout).toMatch(/^Not driven from this page: a page a staff link opened .*test\/e2e\/service\.e2e\.ts$/m);
  });

  it('prints the web status plan with every transition, the retries on the clock and the server as staff see it', async () => {
    const { stdout } = await paths('webStatus');
    expect(stdout).toContain('Coverage: 14 of 14 states reached, 19 of 19 transitions covered.');
    expect(stdout).toContain('Wait 1 second: the page tries again');
    expect(stdout).toContain('the network fails while the status validating is posted');
    expect(stdout).toContain('the section "We\'re missing some information!"; the server holds the status started');
    expect(stdout).not.toMatch(/send "|xstate\./);
  });

  it('writes Playwright specs for both', async () => {
    for (const name of ['navigation', 'webStatus']) {
      const folder = mkdtempSync(join(tmpdir(), 'admissions-paths-'));
      const spec = join(folder, `${name}.e2e.ts`);
      await paths(name, '--format', 'playwright', '--out', spec);
      const text = readFileSync(spec, 'utf8');
      expect(text).toContain(`test.describe("Model-based: ${name}"`);
      expect(text).toMatch(/await app\.(expect|do)\(/);
    }
    const { stdout } = await paths('navigation', '--format', 'playwright');
    expect(stdout).toContain('await app.do({"kind":"history","go":"back"});');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

describe('npm run paths -- submit --format playwright', () => {
  // Its server serves dist/, built first (one build at a time with the other tests that serve it),
  // outside the run's own time: on a fresh checkout of a busy machine the build alone can take minutes.
  beforeAll(frontendBuilt, 600_000);

  it('writes a spec that passes against the real server and pages', { timeout: 240_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'admissions-paths-'));
    const spec = join(folder, 'submit.e2e.ts');
    await paths('submit', '--format', 'playwright', '--out', spec);
    expect(readFileSync(spec, 'utf8')).toContain('Cover submitting —submitApplication done→ submitted');
    // An ES module folder (the project's config awaits at its top level), with the project's
    // browser-test set-up (server, database, browser) pointed at it.
    writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(
      join(folder, 'playwright.config.ts'),
      [
        `import base from ${JSON.stringify(join(root, 'test/e2e/playwright.config.ts'))};`,
        'export default {',
        '  ...base,',
        `  testDir: ${JSON.stringify(folder)},`,
        `  outputDir: ${JSON.stringify(join(folder, 'results'))},`,
        `  webServer: { ...base.webServer, cwd: ${JSON.stringify(root)} },`,
        '};',
        '',
      ].join('\n'),
    );
    const port = await freePort();
    // Its own server on a free port, its own database: nothing shared with a browser run in progress.
    const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(port) };
    for (const name of ['E2E_DATA_DIR', 'E2E_PUBLIC_URL', 'E2E_BROWSER_CHOSEN']) delete env[name];
    const result = await run(
      process.execPath,
      // One of its paths, the one that ends in a submission: enough to show the written file runs and
      // passes; every path of the plan runs in the browser suite (test/e2e/model/submit.e2e.ts).
      [
        join(root, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        join(folder, 'playwright.config.ts'),
        '--grep',
        'Cover submitting —submitApplication done→ submitted',
      ],
      {
        cwd: root,
        env,
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}\n${error.stderr ?? ''}`, failed: true }));
    expect(result.stdout).toMatch(/\b1 passed\b/);
    expect(result).not.toHaveProperty('failed');
  });
});
