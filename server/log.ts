import { writeSync } from 'node:fs';

/**
 * One-line JSON logs. Callers pass only what is safe to keep: never a body, a query string, a
 * password, a code, a token or an answer. Request logging records the path without its query
 * because staff and temporary links carry tokens there.
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(options: { silent?: boolean; write?: (line: string) => void } = {}): Logger {
  const write = options.write ?? bufferedStdout();
  const emit =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (options.silent) return;
      if ('time' in fields || 'level' in fields || 'event' in fields) {
        write(JSON.stringify({ time: timestamp(), level, event, ...fields }));
        return;
      }
      // The same line as above without building a merged object: this runs once per request.
      const rest = JSON.stringify(fields);
      write(`{"time":"${timestamp()}","level":"${level}","event":${JSON.stringify(event)}${rest === '{}' ? '}' : `,${rest.slice(1)}`}`);
    };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

let lastMs = 0;
let lastIso = '';
/** Requests come many to the millisecond under load; formatting the date once per millisecond is enough. */
function timestamp(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 50;

/**
 * Lines are gathered and written every 50 ms (or 64 kB): one write per request line cost a
 * quarter of the server's time under load, and one per turn of the event loop still woke the
 * reader of the log for nearly every request when few connections are open. Whatever is pending is
 * written synchronously when the process exits, so only a SIGKILL can lose the last 50 ms.
 */
function bufferedStdout(): (line: string) => void {
  let pending: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const chunk = pending.join('\n') + '\n';
    pending = [];
    bytes = 0;
    process.stdout.write(chunk);
  };
  process.once('exit', () => {
    if (pending.length > 0) writeSync(1, pending.join('\n') + '\n');
  });
  return (line) => {
    pending.push(line);
    bytes += line.length;
    if (bytes >= FLUSH_BYTES) flush();
    else if (!timer) timer = setTimeout(flush, FLUSH_MS).unref();
  };
}
