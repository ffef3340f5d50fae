import type { Db } from './connection';
import { stmt } from './statements';

export interface CounterState {
  count: number;
  windowStart: number;
}

/**
 * Adds one to a key's counter, starting a new window when the old one has passed. `account`
 * names the account the counter belongs to (if any), so its counters can be found by whole value.
 */
export function incrementCounter(db: Db, key: string, now: number, windowMs: number, account: string | null = null): CounterState {
  const row = stmt(
    db,
    `INSERT INTO throttle_counters (key, window_start, count, account) VALUES (?, ?, 1, ?)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN ? - window_start >= ? THEN 1 ELSE count + 1 END,
       window_start = CASE WHEN ? - window_start >= ? THEN ? ELSE window_start END
     RETURNING window_start, count`,
  ).get(key, now, account, now, windowMs, now, windowMs, now) as { window_start: number; count: number };
  return { count: row.count, windowStart: row.window_start };
}

export interface Pacing {
  windowMs: number;
  /** Attempts in a window that are not delayed at all. */
  free: number;
  /** The wait after the attempt numbered `count` (1-based) of the window. */
  delayAfter(count: number): number;
}

/**
 * Takes the next slot of a paced key: refused (with the time left) before `next_at`; otherwise
 * counted, and the next slot moves `delayAfter(count)` later. Read and write are one transaction,
 * so parallel attempts take slots one by one.
 */
export function takePacedSlot(
  db: Db,
  key: string,
  account: string | null,
  now: number,
  pacing: Pacing,
): { allowed: true; count: number } | { allowed: false; retryAfterMs: number } {
  return db
    .transaction(() => {
      const row = stmt(db, 'SELECT window_start, count, next_at FROM throttle_counters WHERE key = ?').get(key) as
        { window_start: number; count: number; next_at: number } | undefined;
      const fresh = !row || now - row.window_start >= pacing.windowMs;
      if (!fresh && now < row.next_at) return { allowed: false as const, retryAfterMs: row.next_at - now };
      const count = fresh ? 1 : row.count + 1;
      const windowStart = fresh ? now : row.window_start;
      stmt(
        db,
        `INSERT INTO throttle_counters (key, window_start, count, account, next_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, count = excluded.count, next_at = excluded.next_at`,
      ).run(key, windowStart, count, account, now + pacing.delayAfter(count));
      return { allowed: true as const, count };
    })
    .immediate();
}

/** Forgets every counter of one account: the whole name must match, never a prefix of it. */
export function clearAccountCounters(db: Db, account: string): number {
  return stmt(db, 'DELETE FROM throttle_counters WHERE account = ?').run(account).changes;
}

/** Counters whose window started before `olderThan` count as empty anyway; the sweep removes them. */
export function deleteStaleCounters(db: Db, olderThan: number): number {
  return stmt(db, 'DELETE FROM throttle_counters WHERE window_start < ?').run(olderThan).changes;
}

/** Gives back one unit, e.g. when a password guess turned out to be the right password. */
export function decrementCounter(db: Db, key: string): void {
  stmt(db, 'UPDATE throttle_counters SET count = MAX(count - 1, 0) WHERE key = ?').run(key);
}
