import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` runs the server build: this module bundled into build/server/main.js and worker.js
 * (scripts/serverBuild.mjs). Vitest, `npm run dev` and the commands run the TypeScript sources
 * through tsx. Bundled, import.meta.url is the bundle's, which tells the two apart.
 */
export const RUNS_FROM_SOURCES = new URL(import.meta.url).pathname.endsWith('.ts');

/** The project folder (package.json, dist/, node_modules/): above server/, or above build/server/. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), RUNS_FROM_SOURCES ? '..' : '../..');
