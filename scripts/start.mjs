// @ts-check
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, SERVER_BUILD_DIR } from './serverBuild.mjs';

/**
 * `npm start`: brings the server build up to date (scripts/serverBuild.mjs), then runs it in this
 * process with plain node, no loader. The built server (server/main.ts) claims DATA_DIR, builds the
 * front end when it is missing or stale, and serves.
 */
const root = resolve(import.meta.dirname, '..');
try {
  await ensureServerBuilt(root);
} catch (error) {
  console.error(`Admissions could not start: the server build failed (${error instanceof Error ? error.message : String(error)})`);
  process.exit(1);
}
await import(pathToFileURL(join(root, SERVER_BUILD_DIR, 'main.js')).href);
