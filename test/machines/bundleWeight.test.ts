import { build, type Metafile, type Plugin } from 'esbuild';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * A size check, not a timing: the machines' share of what a page downloads, bundled the way a
 * production build does (esbuild, minified, ESM for the browser, import.meta.env.DEV false, so the
 * Stately inspector is left out), gzip-compressed, in kB of 1000 bytes as Vite's report counts.
 *
 * - core: machines/inspect.ts (createAppActor, what src/main.tsx imports) and everything it
 *   imports statically: the root and the actors every page needs. The application's module is
 *   behind its dynamic import(), so this is all the machines cost /login.
 * - form: machines/applicationMachine.ts (the session's application with every form actor), less
 *   what the core already brought: what reaching the form area (or /completion, or the service
 *   view) adds.
 */

const root = resolve(import.meta.dirname, '../..');
const kB = (bytes: number) => bytes / 1000;

/**
 * The core's target. ky (≈ 3.7 kB) loads with the first network call and the auth card actor
 * (≈ 2.7 kB with the account rules) with the auth cards; xstate (≈ 13.5 kB) and valibot's share
 * (≈ 3 kB) are the floor of the rest.
 */
const CORE_TARGET_KB = 24;
/**
 * What the core may not grow beyond (measured 22.2 kB, then 22.6 kB; 22.7 kB once the navigation
 * actor, now behind react-router-dom, holds what arrives before the router reports its first
 * location and says which location the views may show: issue 11; 22.9 kB once staff links on auth
 * routes went to the read-only view and each logout carried its own message: issue 13; 23.4 kB once
 * the root loaded the page-specific form actors after the core ones, with the chunk's retry and the
 * staff copy waiting for them, and the session heard whether answers wait to be saved: issues 11 and 12;
 * 24.0 kB once the core machines' guards and actions asserted their own events with xstate's
 * assertEvent instead of narrowing by hand).
 */
const CORE_CEILING_KB = 24.2;
/**
 * The form actors with the question catalogue, the application schema and the option lists
 * (measured 22.5 kB, then 23.0 kB once every save of the answers became a request to the answers
 * actor and its reply: issue 10 item 14; 23.6 kB once messages named fields by their labels, phones
 * told US from foreign numbers and a failed submit went to the page of the first missing answer:
 * issue 13; 24.2 kB once the answers asked before destroying answers, kept typed school names and
 * refused over-long pastes: issue 12; 24.7 kB with the PDF copy's preparing state and the
 * document's own link: issue 13; 25.4 kB once a save that failed for the network waited for it,
 * with the unsaved, offline and retrying states: issue 12 case 2; 26.5 kB with the drafts kept per
 * account on the device and answers offered back: cases 3 to 5; 27.4 kB with removing added items, the page's load errors sent to the
 * error screen, the focus events, the submission's reference and the staff's document link: issue 13's
 * last gaps; 21.5 kB once the documents, tabs, PDF copy and school search actors became a chunk of
 * their own, loaded after these: issue 11's /about budget; 22.1 kB once the catalogue refused blank answers, line breaks,
 * control, text-direction and broken characters and judged numbers from abroad, the phone number library itself loading
 * later in a chunk of its own; 30.1 kB once one session-scoped application actor spawned every form actor at once,
 * the documents, tabs, PDF copy and school search actors back in its module rather than a chunk of their own; 30.8 kB
 * with the decision letter's actor, a Save or Next pressed during another save done after it, and a check made while
 * the last report was on its way shown at once). The
 * ceiling sits about half a kilobyte above the measure, so growth is a decision made here; the routes' own budgets are
 * in test/src/app/bundleBudget.test.ts.
 */
const FORM_CEILING_KB = 31.3;

/** Modules only the application (with the form actors) may load: the question catalogue and what hangs on it. */
const FORM_ONLY = [
  'src/catalogue/questions.ts',
  'src/catalogue/conditions.ts',
  'src/catalogue/options.ts',
  'src/catalogue/data/compiledLists.ts',
  'src/catalogue/schema/application.ts',
  'src/catalogue/schema/answerPayload.ts',
  'src/catalogue/schema.ts',
  'machines/applicationMachine.ts',
  'machines/answersMachine.ts',
  'machines/validationMachine.ts',
  'machines/submitMachine.ts',
  'machines/documentMachine.ts',
  'machines/tabsMachine.ts',
  'machines/addAnotherMachine.ts',
  'machines/lookupMachine.ts',
  'machines/pdfCopyMachine.ts',
  'machines/api/endpoints.ts',
];

interface Measured {
  gzipBytes: number;
  minBytes: number;
  inputs: string[];
  code: string;
}

const OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  // Nothing is written; esbuild wants a directory to name the outputs.
  outdir: resolve(root, 'dist-weight-check'),
  metafile: true,
  logLevel: 'silent',
  define: { 'import.meta.env.DEV': 'false', 'process.env.NODE_ENV': '"production"' },
} as const;

async function bundle(entry: string, plugins: Plugin[]): Promise<Measured> {
  const result = await build({ ...OPTIONS, entryPoints: [resolve(root, entry)], plugins });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  const metafile: Metafile = result.metafile;
  const inputs = Object.values(metafile.outputs).flatMap((out) => Object.keys(out.inputs));
  return { gzipBytes: gzipSync(output.contents).length, minBytes: output.contents.length, inputs, code: output.text };
}

/**
 * For information: the chunks of a code-splitting build (as Vite's), each compressed on its own.
 * A module both sides use (valibot, xstate) goes whole into a chunk the core loads, so the core's
 * chunks carry what the form actors use of it too.
 */
async function splitBuild(): Promise<{ coreGzipBytes: number; formGzipBytes: number }> {
  const result = await build({ ...OPTIONS, entryPoints: [resolve(root, 'machines/inspect.ts')], splitting: true });
  const sizes = new Map(result.outputFiles.map((file) => [file.path, gzipSync(file.contents).length]));
  const outputs = Object.entries(result.metafile.outputs).map(([path, output]) => ({ path: resolve(root, path), output }));
  const closure = (start: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(start)) return seen;
    seen.add(start);
    const output = outputs.find((candidate) => candidate.path === start)!.output;
    for (const imported of output.imports) if (imported.kind === 'import-statement') closure(resolve(root, imported.path), seen);
    return seen;
  };
  const entry = outputs.find((candidate) => candidate.output.entryPoint === 'machines/inspect.ts')!.path;
  const form = outputs.find((candidate) => candidate.output.entryPoint === 'machines/applicationMachine.ts')!.path;
  const coreChunks = closure(entry);
  const formChunks = [...closure(form)].filter((chunk) => !coreChunks.has(chunk));
  const sum = (chunks: Iterable<string>) => [...chunks].reduce((total, chunk) => total + (sizes.get(chunk) ?? 0), 0);
  return { coreGzipBytes: sum(coreChunks), formGzipBytes: sum(formChunks) };
}

/**
 * Leaves every dynamic import() as it is, a chunk of its own, as a code-splitting build does: the
 * form actors' module, and ky, which the HTTP client loads with the first call that needs the
 * network (the page's first answers come in the page).
 */
const loadedLater: Plugin = {
  name: 'loaded-later',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

/** Leaves out what the page already has: the modules of the core. */
function alreadyLoaded(modules: readonly string[]): Plugin {
  const known = new Set(modules.map((module) => resolve(root, module)));
  return {
    name: 'already-loaded',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'already-loaded') return undefined;
        const resolved = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'already-loaded' });
        return known.has(resolved.path) ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

describe('the weight of the machines (minified, gzip)', () => {
  let core: Measured;
  let form: Measured;

  beforeAll(async () => {
    core = await bundle('machines/inspect.ts', [loadedLater]);
    // What the form actors load with import() (the phone number library) comes later, in a chunk of its own.
    form = await bundle('machines/applicationMachine.ts', [alreadyLoaded(core.inputs), loadedLater]);
    const split = await splitBuild();
    console.log(
      [
        `core (every page, /login included): ${kB(core.gzipBytes).toFixed(1)} kB gzip, ${kB(core.minBytes).toFixed(1)} kB minified (target ${CORE_TARGET_KB} kB)`,
        `form actors (loaded on demand):     ${kB(form.gzipBytes).toFixed(1)} kB gzip, ${kB(form.minBytes).toFixed(1)} kB minified`,
        `as split chunks: core ${kB(split.coreGzipBytes).toFixed(1)} kB, form actors ${kB(split.formGzipBytes).toFixed(1)} kB gzip`,
      ].join('\n'),
    );
  }, 60_000);

  it('the core imports none of the question catalogue, the application schema, the form actors or the auth card actor', () => {
    const loaded = FORM_ONLY.filter((module) => core.inputs.includes(module));
    expect(loaded).toEqual([]);
    expect(core.inputs).toContain('machines/appMachine.ts');
    expect(core.inputs).not.toContain('machines/authCardMachine.ts');
    expect(core.inputs).not.toContain('src/catalogue/schema/account.ts');
    expect(core.code).toMatch(/import\(["']\.\/authCardMachine["']\)/);
  });

  it('the core loads the application (with the form actors) with a dynamic import(), and the Stately inspector not at all', () => {
    expect(core.code).toMatch(/import\(["']\.\/applicationMachine["']\)/);
    expect(core.inputs.some((module) => module.includes('@statelyai/inspect'))).toBe(false);
  });

  it(`the core stays at or under ${CORE_CEILING_KB} kB gzip (target ${CORE_TARGET_KB} kB)`, () => {
    expect(kB(core.gzipBytes)).toBeLessThanOrEqual(CORE_CEILING_KB);
  });

  it(`the form actors add at most ${FORM_CEILING_KB} kB gzip`, () => {
    expect(form.inputs).toContain('src/catalogue/questions.ts');
    expect(form.inputs).not.toContain('machines/appMachine.ts');
    expect(kB(form.gzipBytes)).toBeLessThanOrEqual(FORM_CEILING_KB);
  });
});
