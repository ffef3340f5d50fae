import type { Db } from './connection';

interface QueuedWrite {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: writes that arrive in the same turn of the event loop are applied in one
 * transaction, so many applicants' saves share one fsync (synchronous=FULL makes each commit
 * wait for the disk). Each write runs in its own savepoint: one failing write is rolled back
 * alone and rejects alone. Nobody is answered before the shared commit is on disk.
 */
export function createWriteBatcher(db: Db) {
  let queue: QueuedWrite[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const batch = queue;
    queue = [];
    let outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[];
    try {
      outcomes = db
        .transaction(() =>
          batch.map((write) => {
            try {
              return { ok: true as const, value: db.transaction(write.run)() };
            } catch (error) {
              return { ok: false as const, error };
            }
          }),
        )
        .immediate();
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const write = batch[index]!;
      if (outcome.ok) write.resolve(outcome.value);
      else write.reject(outcome.error);
    });
  }

  return {
    run<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ run: write, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Resolves once every write queued so far is committed (or refused): a stopping server waits for it before closing the database. */
    settled(): Promise<void> {
      // The flush was queued first, so it runs before this callback.
      return scheduled ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
    },
  };
}
