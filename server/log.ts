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
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const emit = (level: string) => (event: string, fields: Record<string, unknown> = {}) => {
    if (options.silent) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
  };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}
