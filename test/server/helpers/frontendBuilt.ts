import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureFrontendBuilt } from '../../../server/frontendBuild';
import { createLogger } from '../../../server/log';

const root = resolve(import.meta.dirname, '../../..');
/** A lock older than this was left by a run that was killed mid-build. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Builds dist/ when a source is newer than it, one build at a time: the test files that serve it
 * run side by side, and two builds into one folder would remove each other's files.
 */
export async function frontendBuilt(): Promise<void> {
  const lock = join(tmpdir(), `admissions-frontend-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // The other build just finished and removed it.
      }
      await sleep(250);
    }
  }
  try {
    await ensureFrontendBuilt(root, createLogger({ silent: true }));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
