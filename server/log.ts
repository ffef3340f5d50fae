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
  const emit = (level: string) => (event: string, fields: Record<string, unknown> = {}) => {
    if (options.silent) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
  };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

const FLUSH_BYTES = 64 * 1024;

/**
 * Lines are gathered and written once per turn of the event loop: one write per request line
 * cost a quarter of the server's time under load. Whatever is pending is written synchronously
 * when the process exits, so no line is lost.
 */
function bufferedStdout(): (line: string) => void {
  let pending: string[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
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
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
