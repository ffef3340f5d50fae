import type { Middleware } from 'koa';
import type { Logger } from '../log';
import { newRequestId, setRequestId } from './requestId';

/**
 * Method, path (never the query: it can hold tokens), the status sent, time, and the request's
 * id, which the answer also carries (header, and error bodies). It must be the outermost
 * middleware: the error middleware inside it has turned every refusal into its status before the
 * line is written, where a log line written as the error passed by would read Koa's default 404.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const id = newRequestId();
    setRequestId(ctx, id);
    try {
      await next();
    } finally {
      logger.info('request', {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        request_id: id,
      });
    }
  };
}
