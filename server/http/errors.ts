import type { Middleware } from 'koa';
import type { Logger } from '../log';
import { MAX_BODY_BYTES, tooLargeMessage } from './bodyLimits';
import { requestIdOf } from './requestId';

// The text shown when the server cannot say anything more useful.
import { GENERIC_ERROR_MESSAGE } from '../../src/catalogue/messages';

/** A request the server could not make sense of (Node's parser, or a body a library refused). */
export const UNREADABLE_REQUEST_MESSAGE = 'The request could not be read.';

export const METHOD_NOT_ALLOWED_MESSAGE = 'This method is not allowed here.';

const BODYLESS_MESSAGES: Record<number, string> = {
  404: 'This address does not exist.',
  405: METHOD_NOT_ALLOWED_MESSAGE,
  501: 'This method is not supported.',
};

/** An error whose message is meant for the applicant; anything else becomes the generic message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);

/**
 * Just inside the request log: every failure leaves as JSON `{message, request_id}` (plus the
 * error's own fields) and nothing internal leaks. The id is the one of the log line and the
 * X-Request-Id header, so an applicant's report of a refusal can be found in the log.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Answers the router produced without a body (404, 405, 501) still leave as JSON.
      if (ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        const status = ctx.status;
        ctx.body = { message: BODYLESS_MESSAGES[status] ?? GENERIC_ERROR_MESSAGE, request_id: requestIdOf(ctx) };
        ctx.status = status;
      }
    } catch (error) {
      const request_id = requestIdOf(ctx);
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body = { message: error.message, ...error.extra, request_id };
        return;
      }
      const status = statusOfForeignError(error);
      if (status < 500) {
        ctx.status = status;
        ctx.body = { message: status === 413 ? tooLargeMessage(MAX_BODY_BYTES) : UNREADABLE_REQUEST_MESSAGE, request_id };
        return;
      }
      logger.error('unhandled_error', { path: ctx.path, method: ctx.method, error: errorSummary(error), request_id });
      ctx.status = 500;
      ctx.body = { message: GENERIC_ERROR_MESSAGE, request_id };
    }
  };
}

function statusOfForeignError(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** The class and stack of an error, but no message text that might echo user input. */
function errorSummary(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.stack?.split('\n').slice(1, 6).join(' | ') ?? ''}`;
  return typeof error;
}
