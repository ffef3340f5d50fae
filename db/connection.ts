import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { runMigrations } from './migrations';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the application database and brings its schema up to date.
 * WAL lets readers proceed while a save is written; synchronous=FULL makes every acknowledged
 * save survive a power cut or a SIGKILL, which matters more to applicants than raw write speed.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db);
  return db;
}
