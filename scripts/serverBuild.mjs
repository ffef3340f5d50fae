// @ts-check
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The server build that `npm start` runs: plain JavaScript bundled by esbuild from the TypeScript
 * sources, one bundle per entry, npm packages left external (better-sqlite3, pdfkit, the fonts…
 * load from node_modules at run time). This file is plain JavaScript because it runs before
 * anything is compiled.
 */
export const SERVER_BUILD_DIR = 'build/server';

/** build/server/main.js is the server; build/server/worker.js the conversion threads' code (server/jobs/workerPool.ts loads it by this name). */
const ENTRIES = { main: 'server/main.ts', worker: 'server/jobs/worker.ts' };

/** What the build was made from and what it wrote; written last, with the time the build began. */
export const SERVER_BUILD_RECORD_FILE = 'build.json';

/** Files that shape the bundles without being part of them. */
const BUILD_SETTINGS = ['scripts/serverBuild.mjs', 'package.json', 'tsconfig.json'];

/**
 * @typedef {{ inputs: string[]; outputs: string[] }} BuildRecord
 * Inputs are relative to the project folder, outputs to the build folder.
 */

/**
 * @param {unknown} value
 * @returns {value is BuildRecord}
 */
function isBuildRecord(value) {
  /** @param {unknown} list */
  const isPaths = (list) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    typeof value === 'object' &&
    value !== null &&
    'inputs' in value &&
    'outputs' in value &&
    isPaths(value.inputs) &&
    isPaths(value.outputs)
  );
}

/**
 * True when the build is missing, incomplete, or older than a file it was made from (or one of
 * those files is gone). Only the recorded inputs are looked at: a new source matters once a
 * recorded one imports it, and that one is then newer.
 * @param {string} root the project folder
 * @param {string} [outdir]
 */
export function serverBuildIsStale(root, outdir = join(root, SERVER_BUILD_DIR)) {
  const stamp = join(outdir, SERVER_BUILD_RECORD_FILE);
  /** @type {unknown} */
  let record;
  try {
    record = JSON.parse(readFileSync(stamp, 'utf8'));
  } catch {
    return true;
  }
  // A record that is not one (a torn write, another format) is no build either.
  if (!isBuildRecord(record)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  if (record.outputs.some((output) => !existsSync(join(outdir, output)))) return true;
  return record.inputs.some((input) => {
    const file = join(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/**
 * Bundles the server into `outdir`. Each file is written under a temporary name and renamed into
 * place, so a server already running from this folder (its worker threads load worker.js when
 * they start) never reads half a file.
 * @param {string} root the project folder
 * @param {string} [outdir]
 * @returns {Promise<BuildRecord>}
 */
export async function buildServer(root, outdir = join(root, SERVER_BUILD_DIR)) {
  const startedAt = new Date();
  const esbuild = await import('esbuild');
  /** @type {Map<string, string>} file name in the build → its source */
  const filesBesideCode = new Map();
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      metafile: true,
      write: false,
      logLevel: 'warning',
      plugins: [packagesExceptJsonExternal, copyFilesReadBesideCode(root, filesBesideCode)],
    });
  } finally {
    // The build runs in the server's own process under `npm start`: esbuild's helper process is not kept.
    await esbuild.stop();
  }
  mkdirSync(outdir, { recursive: true });
  const outputs = [];
  for (const file of result.outputFiles) {
    replaceFile(file.path, (temporary) => writeFileSync(temporary, file.contents));
    outputs.push(relative(outdir, file.path));
  }
  for (const [name, source] of filesBesideCode) {
    replaceFile(join(outdir, name), (temporary) => copyFileSync(source, temporary));
    outputs.push(name);
  }
  const inputs = [
    ...Object.keys(result.metafile.inputs),
    ...[...filesBesideCode.values()].map((source) => relative(root, source)),
    ...BUILD_SETTINGS,
  ];
  /** @type {BuildRecord} */
  const record = { inputs: [...new Set(inputs)].sort(), outputs: outputs.sort() };
  const stamp = join(outdir, SERVER_BUILD_RECORD_FILE);
  replaceFile(stamp, (temporary) => writeFileSync(temporary, JSON.stringify(record, null, 1) + '\n'));
  // A source saved while esbuild was reading is then newer than the build, which is rebuilt next time.
  utimesSync(stamp, startedAt, startedAt);
  return record;
}

/**
 * Builds the server when `serverBuildIsStale`, logging one JSON line before and after as the server does.
 * @param {string} root
 */
export async function ensureServerBuilt(root) {
  if (!serverBuildIsStale(root)) return;
  log('building_server');
  const startedAt = performance.now();
  await buildServer(root);
  log('server_built', { ms: Math.round(performance.now() - startedAt) });
}

/**
 * @param {string} event
 * @param {Record<string, unknown>} [fields]
 */
function log(event, fields = {}) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', event, ...fields }) + '\n');
}

/**
 * @param {string} path
 * @param {(temporary: string) => void} write
 */
function replaceFile(path, write) {
  const temporary = `${path}.${process.pid}.tmp`;
  write(temporary);
  renameSync(temporary, path);
}

/**
 * npm packages load from node_modules at run time, as they did from the sources, except JSON files
 * imported from a package (the province list): plain node would want an import attribute for
 * those, so they are bundled.
 * @type {import('esbuild').Plugin}
 */
const packagesExceptJsonExternal = {
  name: 'packages-except-json-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.endsWith('.json') ? undefined : { path, external: true }));
  },
};

/**
 * Server code reads its data files (the demo college, the demo school lists) with
 * `new URL('./name', import.meta.url)`. Bundled, that expression points beside the bundle, so each
 * such file is copied there under the same name. Code files named that way (the worker) are not
 * data: server/jobs/workerPool.ts picks the built worker itself.
 * @param {string} root
 * @param {Map<string, string>} copies file name in the build → its source
 * @returns {import('esbuild').Plugin}
 */
function copyFilesReadBesideCode(root, copies) {
  const READ_BESIDE = /new URL\(\s*['"]\.\/([^'"/]+)['"]\s*,\s*import\.meta\.url\s*\)/g;
  return {
    name: 'copy-files-read-beside-code',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, ({ path }) => {
        const contents = readFileSync(path, 'utf8');
        for (const [, name] of contents.matchAll(READ_BESIDE)) {
          if (!name || /\.[mc]?[jt]s$/.test(name)) continue;
          const source = join(dirname(path), name);
          const reader = relative(root, path);
          if (!existsSync(source)) return { errors: [{ text: `${reader} reads ${name}, which does not exist` }] };
          const earlier = copies.get(name);
          if (earlier !== undefined && earlier !== source) {
            return { errors: [{ text: `${reader} and another module both read a file named ${name}: rename one` }] };
          }
          copies.set(name, source);
        }
        return { contents, loader: 'ts' };
      });
    },
  };
}

// `node scripts/serverBuild.mjs` (in `npm run build`) builds whether or not the build is up to date.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await buildServer(resolve(import.meta.dirname, '..'));
}
