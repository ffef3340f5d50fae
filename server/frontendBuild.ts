import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from './log';

/** Everything the bundle is made from; a newer file here than dist/index.html means a rebuild. */
const BUILD_INPUTS = ['src', 'machines', 'index.html', 'vite.config.ts', 'package.json'];

export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function frontendIsStale(root: string): boolean {
  const builtAt = newestMtime(join(root, 'dist', 'index.html'));
  if (builtAt === 0) return true;
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > builtAt);
}

export async function ensureFrontendBuilt(root: string, logger: Logger): Promise<void> {
  if (!frontendIsStale(root)) return;
  logger.info('building_front_end');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
  logger.info('front_end_built');
}
