import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { runMigrations } from './migrations';
import { ensurePrivateFile, ensurePrivateFolder, restrictFolderAndFiles } from './privateFiles';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the application database and brings its schema up to date.
 * WAL lets readers proceed while a save is written; synchronous=FULL makes every acknowledged
 * save survive a power cut or a SIGKILL, which matters more to applicants than raw write speed.
 * The folder is made private (0700) and the database created 0600 before SQLite opens it, so its
 * WAL and SHM files, which SQLite creates with the database's mode, are private too; files already
 * in the folder (a WAL left by a crash, the generated keys) are tightened to 0600.
 * The server and the admin command line write to the same file, so every transaction that writes
 * begins IMMEDIATE: one that read first cannot write once the other process has committed since,
 * and SQLite answers "database is locked" at once instead of waiting the busy timeout.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    ensurePrivateFolder(dirname(file));
    ensurePrivateFile(file);
    restrictFolderAndFiles(dirname(file));
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db);
  return db;
}

/**
 * A second, read-only connection to the same database file, for a long read (an export streamed
 * to a slow client): a connection is busy while a query's rows are being read one by one, so
 * the server's own connection stays free for every other request. In WAL mode it reads one
 * snapshot while saves go on; the caller closes it.
 */
export function openReadConnection(db: Db): Db {
  const reader = new Database(db.name, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return reader;
}
