import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dynamicEntryKey, type Manifest } from '../server/http/modulePreload';
import { routeEntryNames } from '../src/catalogue/routes';

/**
 * The JavaScript weight of a route, from the build's manifest (vite.config.ts: build.manifest):
 * the entry chunk and everything it imports statically, plus the lazy modules the route loads
 * when it renders (and their static imports), each chunk counted once, as the server sends it gzip-compressed.
 *
 * Run it alone after `npx vite build`:  node --import tsx bench/bundleWeight.ts [distDir]
 */

/** The routes the issue sets budgets for; what each loads on demand is src/catalogue/routes.ts's answer. */
const MEASURED_ROUTES = ['/about', '/login'] as const;
export type MeasuredRoute = (typeof MEASURED_ROUTES)[number];

/**
 * The budgets, react-router-dom included, in kB (1000 bytes, as Vite's own build report counts);
 * the ceiling the owner set is 160 kB for /about and 125 kB for /login. /about holds the session's
 * application with every form actor (machines/applicationMachine.ts): the documents, tabs, school
 * search, PDF copy and submit actors no longer load after its first paint, which added about 6 kB.
 */
export const BUDGET_KB: Record<MeasuredRoute, number> = {
  // 149.2 kB: the shared answer rules, the live count, the two-tab choice, the view APIs with the typed actor hooks,
  // and the application's module with all its form actors; /login's 114.9 kB holds the same hooks.
  // 151.0 and 116.5 kB with the hydration of the first screen the server renders (src/app/firstScreen.tsx, hydrateRoot)
  // and the hold on what a visitor does before it (src/app/earlyInput.ts); 152.8 kB once the console's page
  // (staff.html) shares the first chunk's libraries; 153.1 kB with the decision letter's actor and the
  // letter's shape in the profile (an applicant's released decision is read with the form).
  '/about': 154,
  '/login': 118,
};

export interface RouteWeight {
  route: MeasuredRoute;
  gzipBytes: number;
  kB: number;
  files: { file: string; gzipBytes: number }[];
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys reached through static imports from `start`, `start` included. */
function staticClosure(manifest: Manifest, start: string, seen: Set<string>): void {
  if (seen.has(start)) return;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`The build's manifest has no chunk for ${start}: was the module renamed?`);
  seen.add(start);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
}

/**
 * The bytes a browser that reads gzip downloads: the .gz file the build wrote and the server sends
 * (server/staticCompression.ts), or the file itself when compressing it would not have helped.
 */
function servedGzipBytes(distDir: string, file: string): number {
  const path = join(distDir, file);
  if (existsSync(path + '.gz')) return statSync(path + '.gz').size;
  const plain = statSync(path).size;
  if (gzipSync(readFileSync(path), { level: 9 }).length < plain) {
    throw new Error(`${file} has no .gz beside it: was the build made without the precompress plugin (vite.config.ts)?`);
  }
  return plain;
}

function routeWeight(distDir: string, route: MeasuredRoute, manifest: Manifest = readManifest(distDir)): RouteWeight {
  // The applicants' page (the console, staff.html, is an entry of its own).
  const entry = Object.entries(manifest).find(([key, chunk]) => key === 'index.html' && chunk.isEntry)?.[0];
  if (!entry) throw new Error('The manifest has no entry chunk.');
  const keys = new Set<string>();
  staticClosure(manifest, entry, keys);
  for (const name of routeEntryNames(route)) {
    const key = dynamicEntryKey(manifest, name);
    if (!key) throw new Error(`The build's manifest has no lazily loaded module named ${name}: was the module renamed?`);
    staticClosure(manifest, key, keys);
  }
  const files = [...new Set([...keys].map((key) => manifest[key]!.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: servedGzipBytes(distDir, file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { route, gzipBytes, kB: gzipBytes / 1000, files };
}

export function measureRoutes(distDir: string): RouteWeight[] {
  const manifest = readManifest(distDir);
  return MEASURED_ROUTES.map((route) => routeWeight(distDir, route, manifest));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..', 'dist'));
  for (const weight of measureRoutes(distDir)) {
    console.log(`${weight.route}: ${weight.kB.toFixed(1)} kB gzip (budget ${BUDGET_KB[weight.route]} kB)`);
    for (const file of weight.files) console.log(`  ${(file.gzipBytes / 1000).toFixed(1).padStart(6)} kB  ${file.file}`);
  }
}
