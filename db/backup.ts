import Database from 'better-sqlite3';
import { closeSync, openSync, rmSync } from 'node:fs';

/** Pages copied per step: all of them. A copy in small steps restarts whenever the running server commits in between, which under load can be forever. */
const ALL_PAGES = 0x7fffffff;

/**
 * Writes a consistent copy of a live database with SQLite's online backup API. WAL mode lets the
 * copy read one snapshot while the server keeps committing saves, so it holds every save
 * committed before it began. The copy is checked (integrity_check), switched to a single file
 * (journal_mode=DELETE), readable by its owner only, and never written over an existing file.
 */
export async function backupDatabase(sourceFile: string, destination: string): Promise<{ pages: number }> {
  // Exclusive create: an existing file (another backup, the live database itself) is never overwritten.
  closeSync(openSync(destination, 'wx', 0o600));
  try {
    // Opened directly, without migrations: a backup never changes what it copies.
    const source = new Database(sourceFile, { fileMustExist: true, timeout: 5000 });
    let pages: number;
    try {
      ({ totalPages: pages } = await source.backup(destination, { progress: () => ALL_PAGES }));
    } finally {
      source.close();
    }
    const copy = new Database(destination, { fileMustExist: true });
    try {
      const integrity = copy.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${String(integrity)}`);
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    return { pages };
  } catch (error) {
    rmSync(destination, { force: true });
    throw error;
  }
}
