import type { Db } from './connection';
import type { Statement } from 'better-sqlite3';

const cache = new WeakMap<Db, Map<string, Statement>>();

/** Prepares a statement once per database handle: the hot paths (profile, save) run them thousands of times a second. */
export function stmt(db: Db, sql: string): Statement {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map<string, Statement>()));
  let prepared = perDb.get(sql);
  if (!prepared) perDb.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}
