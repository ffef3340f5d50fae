import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { takeExclusiveLock } from '../db/instanceLock';
import { ConfigurationError } from './environment';

export interface InstanceLock {
  release(): void;
}

/**
 * One server process per DATA_DIR. Two would both re-queue the other's running jobs at start,
 * could both deliver the same mail, and would build the front end over each other; rather than
 * make every one of those safe, a second server is refused. Commands (`npm run admin`,
 * `npm run mail`) do not take the lock: they work next to a running server.
 */
export function claimDataDir(dataDir: string): InstanceLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'instance.lock');
  const lock = takeExclusiveLock(file);
  if (!lock) {
    throw new ConfigurationError(
      `Another Admissions server is already running on DATA_DIR ${dataDir} (it holds ${file}). ` +
        'Only one server process may use a DATA_DIR: stop the other one, or give this one its own DATA_DIR.',
    );
  }
  return lock;
}
