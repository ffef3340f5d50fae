import { BoundedMap } from './boundedMap';
import type { Db } from './connection';

export interface WatchedTable {
  table: string;
  /** The column whose value is the cache key of the row's entry. */
  keyColumn: string;
  /** Drop every entry on a change rather than one (for rare changes with no key at hand). */
  evictAll?: boolean;
  inserts?: boolean;
  /** Only updates of these columns count. */
  updateOf?: readonly string[];
}

export interface WatchedCache<V> {
  get(key: string | number): V | undefined;
  set(key: string | number, value: V): void;
}

/**
 * An in-memory copy of rows that can never outlive them. Rather than trusting every write
 * function to remember to invalidate, the database says when to: a TEMP trigger (this connection
 * only, never stored in the file) calls back on every insert, update or delete of a watched table,
 * whichever statement did it, foreign-key cascades included. A rolled-back write has evicted for
 * nothing, which is only a miss. Another connection (`npm run admin`, a second process) fires no
 * trigger here, so `PRAGMA data_version`, which moves when anyone else commits, empties the cache.
 * That check costs as much as a query, so it runs once per turn of the event loop for all caches:
 * every read in a turn sees the database as of the turn's start, as if it had come a moment earlier.
 *
 * Entries are only stored outside transactions: a row read inside one may be rolled back, and a
 * rollback fires no trigger.
 */
export function watchedCache<V>(db: Db, name: string, limit: number, tables: readonly WatchedTable[]): WatchedCache<V> {
  let perDb = caches.get(db);
  if (!perDb) caches.set(db, (perDb = new Map<string, WatchedCache<unknown>>()));
  const existing = perDb.get(name);
  if (existing) return existing as WatchedCache<V>;
  // Triggers created inside a transaction would vanish with its rollback.
  if (db.inTransaction) return { get: () => undefined, set: () => undefined };

  const entries = new BoundedMap<string | number, V>(limit);
  const foreignCommits = foreignCommitWatch(db);
  foreignCommits.listeners.push(() => entries.clear());
  for (const watched of tables) {
    const fn = `cache_evict_${name}_${watched.table}`;
    db.function(fn, { deterministic: false }, (key: unknown) => {
      if (watched.evictAll) entries.clear();
      else if (typeof key === 'string' || typeof key === 'number') entries.delete(key);
      else if (typeof key === 'bigint') entries.delete(Number(key));
      else entries.clear();
      return null;
    });
    const on = `ON main.${watched.table} BEGIN SELECT ${fn}`;
    const updateOf = watched.updateOf ? ` OF ${watched.updateOf.join(', ')}` : '';
    db.exec(`
      ${watched.inserts === false ? '' : `CREATE TEMP TRIGGER ${fn}_i AFTER INSERT ${on}(NEW.${watched.keyColumn}); END;`}
      CREATE TEMP TRIGGER ${fn}_u AFTER UPDATE${updateOf} ${on}(OLD.${watched.keyColumn}); SELECT ${fn}(NEW.${watched.keyColumn}); END;
      CREATE TEMP TRIGGER ${fn}_d AFTER DELETE ${on}(OLD.${watched.keyColumn}); END;
    `);
  }
  const cache: WatchedCache<V> = {
    get(key) {
      foreignCommits.check();
      return entries.get(key);
    },
    set(key, value) {
      if (!db.inTransaction) entries.set(key, value);
    },
  };
  perDb.set(name, cache);
  return cache;
}

const caches = new WeakMap<Db, Map<string, WatchedCache<unknown>>>();

interface ForeignCommitWatch {
  listeners: (() => void)[];
  check(): void;
}

const watches = new WeakMap<Db, ForeignCommitWatch>();

function foreignCommitWatch(db: Db): ForeignCommitWatch {
  let watch = watches.get(db);
  if (watch) return watch;
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let lastVersion = dataVersion.get() as number;
  let checkedThisTurn = false;
  const listeners: (() => void)[] = [];
  watch = {
    listeners,
    check() {
      if (checkedThisTurn) return;
      checkedThisTurn = true;
      setImmediate(() => (checkedThisTurn = false));
      const version = dataVersion.get() as number;
      if (version === lastVersion) return;
      lastVersion = version;
      for (const clear of listeners) clear();
    },
  };
  watches.set(db, watch);
  return watch;
}
