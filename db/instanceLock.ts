import Database from 'better-sqlite3';

/**
 * An exclusive lock on a small SQLite file, held for the life of the process. SQLite takes it
 * with an fcntl lock, which the operating system drops when the process ends in any way (even
 * SIGKILL or a power cut), so a crashed server never leaves a stale lock behind.
 * Returns undefined when another process (or connection) holds it.
 */
export function takeExclusiveLock(file: string): { release(): void } | undefined {
  // No busy wait: a held lock is an answer, not a moment to wait out.
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  return {
    release() {
      if (db.open) db.close();
    },
  };
}
