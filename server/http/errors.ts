import type { Middleware } from 'koa';
import type { Logger } from '../log';

/** Spec section 8: the text shown when the server cannot say anything more useful. */
export const GENERIC_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";

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

/** First in the chain: every failure leaves as JSON `{message}` and nothing internal leaks. */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { message: 'This address does not exist.' };
      }
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body = { message: error.message, ...error.extra };
        return;
      }
      const status = statusOfForeignError(error);
      if (status < 500) {
        ctx.status = status;
        ctx.body = { message: status === 413 ? 'The request is too large. The limit is 1 MB.' : 'The request could not be read.' };
        return;
      }
      logger.error('unhandled_error', { path: ctx.path, method: ctx.method, error: errorSummary(error) });
      ctx.status = 500;
      ctx.body = { message: GENERIC_ERROR_MESSAGE };
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
