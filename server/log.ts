import { pino, stdTimeFunctions, type DestinationStream } from 'pino';

/**
 * One-line JSON logs, written by pino: `{"level":"info","time":"<ISO>","event":"request",…fields}`.
 * Callers pass only what is safe to keep: never a body, a query string, a password, a code, a
 * token or an answer. Request logging records the path without its query because staff and
 * temporary links carry tokens there.
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(options: { silent?: boolean; write?: (line: string) => void } = {}): Logger {
  const write = options.write;
  const destination: DestinationStream = options.silent
    ? { write: () => undefined }
    : write
      ? { write: (line) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
      : bufferedStdout();
  const log = pino(
    {
      enabled: !options.silent,
      base: undefined,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  // The event leads the fields, so a line reads (and greps) as `"event":"listening","url":…`.
  return {
    info: (event, fields) => log.info({ event, ...fields }),
    warn: (event, fields) => log.warn({ event, ...fields }),
    error: (event, fields) => log.error({ event, ...fields }),
  };
}

const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 50;

/**
 * Lines are gathered and written every 50 ms (or 64 kB): one write per request line cost a
 * quarter of the server's time under load, and one per turn of the event loop still woke the
 * reader of the log for nearly every request when few connections are open. pino's destination
 * writes whatever is pending synchronously when the process exits, so only a SIGKILL can lose the
 * last 50 ms.
 */
function bufferedStdout(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: FLUSH_BYTES, maxWrite: 2 * FLUSH_BYTES });
  let timer: NodeJS.Timeout | undefined;
  return {
    write(line) {
      stdout.write(line);
      timer ??= setTimeout(() => {
        timer = undefined;
        stdout.flush();
      }, FLUSH_MS).unref();
    },
  };
}
