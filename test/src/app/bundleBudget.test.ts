import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_KB, measureRoutes, readManifest, type RouteWeight } from '../../../bench/bundleWeight';
import { dynamicEntryKey } from '../../../server/http/modulePreload';
import { AUTH_ROUTES, COMPLETION_ROUTE, FORM_ROUTES, routeEntryNames } from '../../../src/catalogue/routes';

const root = resolve(import.meta.dirname, '../../..');

/** Which source modules went into which output file, as the bundler reports them. */
function chunkContents(into: Map<string, string[]>): Plugin {
  return {
    name: 'test:chunk-contents',
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) if (output.type === 'chunk') into.set(output.fileName, output.moduleIds);
    },
  };
}

/**
 * A size check, not a timing: what each route makes the browser download, gzip-compressed as the
 * server sends it (the build's .gz files), against the budgets of bench/bundleWeight.ts (BUDGET_KB,
 * react-router-dom included). The build goes to a folder of its own, so that a browser-test server reading
 * dist/ is not disturbed, and runs as production: Vitest sets NODE_ENV=test, which would give
 * React's development build.
 */
describe('the JavaScript each route needs', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'admissions-budget-'));
  let weights: RouteWeight[];
  const contents = new Map<string, string[]>();

  beforeAll(async () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root,
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, sourcemap: false },
        plugins: [chunkContents(contents)],
      });
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
        expect(
          files.some((file) => file.includes(`/${lazyOnly}-`)),
          `${lazyOnly} in ${weight.route}`,
        ).toBe(false);
      }
    }
  });

  it('loads none of the form actors, the question catalogue or the form views on /login, and no auth card on /about', () => {
    const files = (route: string) => weights.find((weight) => weight.route === route)!.files.map((file) => file.file);
    expect(
      files('/login').filter((file) => /\/(form|formViews|pageActors|applicationMachine|validationMachine|questions)-/.test(file)),
    ).toEqual([]);
    expect(files('/login').some((file) => /\/auth-/.test(file))).toBe(true);
    expect(files('/about').filter((file) => /\/(auth|authCardMachine|AuthArea)-/.test(file))).toEqual([]);
    expect(files('/about').some((file) => /\/form-/.test(file))).toBe(true);
  });

  /** The source modules in a route's first download and on-demand chunks. */
  const modulesOf = (route: string) =>
    weights.find((weight) => weight.route === route)!.files.flatMap((file) => contents.get(file.file) ?? []);

  it("loads the phone library and the staff view's display helpers after /about's first download, not with it", () => {
    const about = modulesOf('/about');
    const built = [...contents.values()].flat();
    for (const lazyOnly of [/[\\/]node_modules[\\/]libphonenumber-js[\\/]/, /[\\/]src[\\/]catalogue[\\/]display\.ts$/]) {
      expect(
        built.some((module) => lazyOnly.test(module)),
        `${lazyOnly} in the build`,
      ).toBe(true);
      expect(
        about.filter((module) => lazyOnly.test(module)),
        `${lazyOnly} on /about`,
      ).toEqual([]);
    }
  });

  it("gives applicants' pages none of the console's code: the console is a page of its own (staff.html)", () => {
    // The console's views, schemas, actors and calls, and the libraries only it uses (its table, its passkeys).
    const consoleModule =
      /[\\/](src[\\/]console[\\/]|src[\\/]catalogue[\\/](schema[\\/])?staff\w*\.ts$|machines[\\/](api[\\/])?(console\w*|passkeys)\.ts$|node_modules[\\/](@tanstack|@simplewebauthn)[\\/])/;
    for (const route of ['/about', '/login'])
      expect(
        modulesOf(route).filter((module) => consoleModule.test(module)),
        route,
      ).toEqual([]);
    const manifest = readManifest(outDir);
    const consolePage = manifest['staff.html'];
    expect(consolePage?.isEntry).toBe(true);
    const consoleModules = [consolePage?.file ?? '', ...(consolePage?.imports ?? []).map((key) => manifest[key]?.file ?? '')].flatMap(
      (file) => contents.get(file) ?? [],
    );
    expect(consoleModules.some((module) => /[\\/]src[\\/]console[\\/]SignInPage\.tsx$/.test(module))).toBe(true);
  });

  it('renders the routes with react-router-dom, which comes with the first download of every route', () => {
    for (const route of ['/about', '/login']) {
      const modules = modulesOf(route);
      expect(
        modules.some((module) => /[\\/]node_modules[\\/]react-router[\\/]/.test(module)),
        route,
      ).toBe(true);
      expect(
        modules.some((module) => /[\\/]src[\\/]app[\\/]browserHistory\.ts$/.test(module)),
        route,
      ).toBe(false);
    }
  });

  it('splits the code per route: each route module is a chunk of its own, outside the first download of the others', () => {
    const manifest = readManifest(outDir);
    const routes = [...FORM_ROUTES, COMPLETION_ROUTE, ...AUTH_ROUTES];
    const names = new Set([...routes.flatMap(routeEntryNames), 'ServiceView']);
    for (const name of names) {
      expect(dynamicEntryKey(manifest, name), `a lazily loaded module named ${name}`).toBeDefined();
      const sameName = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry && chunk.name === name);
      expect(sameName, `one module named ${name}`).toHaveLength(1);
    }
    // The step pages are one line each around the shared step view, compiled into the form views'
    // chunk; each still has its own entry, which the browser fetches with its route.
    const about = modulesOf('/about');
    for (const screen of ['AuthArea', 'CompletionArea', 'ServiceView']) {
      expect(
        about.filter((module) => module.endsWith(`/${screen}.tsx`)),
        `${screen} on /about`,
      ).toEqual([]);
    }
    const login = modulesOf('/login');
    for (const screen of ['FormArea', 'AboutPage', 'CompletionArea', 'ServiceView']) {
      expect(
        login.filter((module) => module.endsWith(`/${screen}.tsx`)),
        `${screen} on /login`,
      ).toEqual([]);
    }
  });

  it('loads no auth card chunk with what a form page fetches later (school search, tabs, documents, dialogs)', () => {
    const manifest = readManifest(outDir);
    const reached = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) reached(imported, seen);
      return seen;
    };
    for (const name of ['SchoolSearch', 'TabsBlock', 'DocumentField', 'ConfirmDialog', 'FooterDialogs', 'InactivityDialog']) {
      const key = dynamicEntryKey(manifest, name);
      expect(key, name).toBeDefined();
      const files = [...reached(key!)].map((chunk) => manifest[chunk]!.file);
      expect(
        files.filter((file) => /\/(auth|AuthArea|authCardMachine)-/.test(file)),
        name,
      ).toEqual([]);
    }
  });
});
