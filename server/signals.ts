import type { RunningServer } from './bootstrap';
import type { Logger } from './log';

/**
 * SIGTERM (what process managers send) and SIGINT (Ctrl-C) stop the server gracefully and exit 0
 * once the database is closed; the log lines still buffered are written at exit. A repeated signal
 * changes nothing: the stop is already bounded by SHUTDOWN_TIMEOUT_MS.
 */
export function stopOnSignals(running: RunningServer, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    running.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error('stop_failed', { error: error instanceof Error ? error.message : 'unknown' });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
