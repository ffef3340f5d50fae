import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SCREEN_BUILD } from './http/firstScreen';
import type { Logger } from './log';

/** Everything the bundle is made from; a newer file here than dist/index.html means a rebuild. */
const BUILD_INPUTS = ['src', 'machines', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function frontendIsStale(root: string): boolean {
  const builtAt = newestMtime(join(root, 'dist', 'index.html'));
  if (builtAt === 0 || !existsSync(join(root, 'dist', FIRST_SCREEN_BUILD.dir, FIRST_SCREEN_BUILD.file))) return true;
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > builtAt);
}

export async function ensureFrontendBuilt(root: string, logger: Logger): Promise<void> {
  if (!frontendIsStale(root)) return;
  logger.info('building_front_end');
  const { build } = await import('vite');
  // A production bundle whatever the caller's NODE_ENV (test runners set it to "test", which would
  // give React's development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn' });
    // Then the server's render of the first screen (server/http/firstScreen.ts), into a folder of dist/.
    await build({ root, mode: 'production', logLevel: 'warn', build: { ssr: FIRST_SCREEN_BUILD.entry } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  logger.info('front_end_built');
}
