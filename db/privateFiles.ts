import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything under DATA_DIR holds applicants' data or the keys that protect it, so only the
 * service account may read it: folders 0700, files 0600. Modes are set explicitly rather than
 * trusted to the umask, and tightened on every start, because an older version, a restore with
 * `cp` or a careless `chmod` can leave an install readable by every user of the machine.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its missing parents) private, or makes an existing one private. */
export function ensurePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  restrict(path, PRIVATE_FOLDER_MODE);
}

/**
 * Creates an empty file 0600 when it does not exist yet. SQLite gives its -wal, -shm and
 * -journal files the mode of the database file, so creating that one private first keeps all
 * of them private.
 */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  restrict(path, PRIVATE_FILE_MODE);
}

/** Makes a folder private together with the files directly in it (not its sub-folders). */
export function restrictFolderAndFiles(path: string): void {
  restrict(path, PRIVATE_FOLDER_MODE);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isFile()) restrict(join(path, entry.name), PRIVATE_FILE_MODE);
  }
}

/** Makes a whole tree private: every folder 0700, every file 0600. */
export function restrictTree(path: string): void {
  restrict(path, PRIVATE_FOLDER_MODE);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) restrictTree(child);
    else if (entry.isFile()) restrict(child, PRIVATE_FILE_MODE);
  }
}

/** chmod only when the mode differs, so a start on an already private install writes nothing. */
function restrict(path: string, mode: number): void {
  try {
    if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file SQLite removed meanwhile needs nothing; a folder the service account does not own
    // (a mount point set up by root) is the operator's to protect, and says so.
    if (code === 'ENOENT') return;
    if (code === 'EPERM') {
      process.emitWarning(`Cannot make ${path} private (mode ${mode.toString(8)}): it belongs to another user.`);
      return;
    }
    throw error;
  }
}
