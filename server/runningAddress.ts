import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../db/privateFiles';

/**
 * The address the server on a DATA_DIR answers at, written when it starts listening, so that a
 * command run from another shell (`npm run admin -- service-token`) builds links to the port the
 * server really uses rather than the default one.
 */
const FILE = 'running-server.json';

interface Record {
  publicUrl: string;
  pid: number;
}

export function recordRunningAddress(dataDir: string, publicUrl: string): void {
  const record: Record = { publicUrl, pid: process.pid };
  writeFileSync(join(dataDir, FILE), JSON.stringify(record), { mode: PRIVATE_FILE_MODE });
}

export function forgetRunningAddress(dataDir: string): void {
  rmSync(join(dataDir, FILE), { force: true });
}

/** The running server's public address; undefined when none runs (a server killed outright leaves its record, so the process is checked). */
export function runningAddress(dataDir: string): string | undefined {
  let record: Partial<Record>;
  try {
    record = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Partial<Record>;
  } catch {
    return undefined;
  }
  if (typeof record.publicUrl !== 'string' || typeof record.pid !== 'number') return undefined;
  return processIsAlive(record.pid) ? record.publicUrl : undefined;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
