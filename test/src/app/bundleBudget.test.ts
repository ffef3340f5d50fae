import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_KB, measureRoutes, type RouteWeight } from '../../../bench/bundleWeight';

const root = resolve(import.meta.dirname, '../../..');

/**
 * A size check, not a timing: what each route makes the browser download, gzip-compressed as the
 * server sends it (the build's .gz files), against the budgets (BUDGET_KB: /about 125 kB,
 * /login 100 kB). The build goes to a folder of its own, so that a browser-test server reading
 * dist/ is not disturbed, and runs as production: Vitest sets NODE_ENV=test, which would give
 * React's development build.
 */
describe('the JavaScript each route needs', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'admissions-budget-'));
  let weights: RouteWeight[];

  beforeAll(async () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root, mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    weights = measureRoutes(outDir);
  }, 120_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each(Object.entries(BUDGET_KB))('%s stays within its budget of %d kB gzip', (route, budget) => {
    const weight = weights.find((candidate) => candidate.route === route)!;
    const detail = weight.files.map((file) => `${(file.gzipBytes / 1000).toFixed(1)} kB ${file.file}`).join(', ');
    console.log(`${route}: ${weight.kB.toFixed(1)} kB gzip (budget ${budget} kB)`);
    expect(weight.kB, `${route}: ${weight.kB.toFixed(1)} kB (${detail})`).toBeLessThanOrEqual(budget);
  });

  it('keeps Ark UI, the help texts and the modals out of the first load of both routes', () => {
    for (const weight of weights) {
      const files = weight.files.map((file) => file.file);
      for (const lazyOnly of ['AccountPopover', 'FooterDialogs', 'InactivityDialog', 'UnexpectedErrorDialog', 'Dialog', 'portal']) {
        expect(files.some((file) => file.includes(`/${lazyOnly}-`)), `${lazyOnly} in ${weight.route}`).toBe(false);
      }
    }
  });

  it('loads none of the form actors, the question catalogue or the form views on /login, and no auth card on /about', () => {
    const files = (route: string) => weights.find((weight) => weight.route === route)!.files.map((file) => file.file);
    expect(files('/login').filter((file) => /\/(form|formViews|formActors|validationMachine|questions)-/.test(file))).toEqual([]);
    expect(files('/login').some((file) => /\/auth-/.test(file))).toBe(true);
    expect(files('/about').filter((file) => /\/(auth|authCardMachine|AuthArea)-/.test(file))).toEqual([]);
    expect(files('/about').some((file) => /\/form-/.test(file))).toBe(true);
  });
});
