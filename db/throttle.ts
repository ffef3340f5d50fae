import type { Db } from './connection';
import { stmt } from './statements';

export interface CounterState {
  count: number;
  windowStart: number;
}

/** The counter for a key in its current window (a window older than windowMs counts as empty). */
export function readCounter(db: Db, key: string, now: number, windowMs: number): CounterState {
  const row = stmt(db, 'SELECT window_start, count FROM throttle_counters WHERE key = ?').get(key) as
    | { window_start: number; count: number }
    | undefined;
  if (!row || now - row.window_start >= windowMs) return { count: 0, windowStart: now };
  return { count: row.count, windowStart: row.window_start };
}

/** Adds one to a key's counter, starting a new window when the old one has passed. */
export function incrementCounter(db: Db, key: string, now: number, windowMs: number): CounterState {
  const row = stmt(
    db,
    `INSERT INTO throttle_counters (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN ? - window_start >= ? THEN 1 ELSE count + 1 END,
       window_start = CASE WHEN ? - window_start >= ? THEN ? ELSE window_start END
     RETURNING window_start, count`,
  ).get(key, now, now, windowMs, now, windowMs, now) as { window_start: number; count: number };
  return { count: row.count, windowStart: row.window_start };
}

export function clearCounters(db: Db, keys: readonly string[]): void {
  const remove = stmt(db, 'DELETE FROM throttle_counters WHERE key = ?');
  db.transaction(() => {
    for (const key of keys) remove.run(key);
  })();
}

export function deleteStaleCounters(db: Db, olderThan: number): number {
  return stmt(db, 'DELETE FROM throttle_counters WHERE window_start < ?').run(olderThan).changes;
}

/** Gives back one unit, e.g. when a password guess turned out to be the right password. */
export function decrementCounter(db: Db, key: string): void {
  stmt(db, 'UPDATE throttle_counters SET count = MAX(count - 1, 0) WHERE key = ?').run(key);
}

export function clearCountersWithPrefix(db: Db, prefix: string): void {
  stmt(db, "DELETE FROM throttle_counters WHERE key >= ? AND key < ? || x'ff'").run(prefix, prefix);
}
