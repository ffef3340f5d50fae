import type { Middleware } from 'koa';
import type { Logger } from '../log';

/** Spec section 8: the text shown when the server cannot say anything more useful. */
export { GENERIC_ERROR_MESSAGE } from '../../src/catalogue/messages';
import { GENERIC_ERROR_MESSAGE } from '../../src/catalogue/messages';

const BODYLESS_MESSAGES: Record<number, string> = {
  404: 'This address does not exist.',
  405: 'This method is not allowed here.',
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

/** First in the chain: every failure leaves as JSON `{message}` and nothing internal leaks. */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Answers the router produced without a body (404, 405, 501) still leave as JSON.
      if (ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        const status = ctx.status;
        ctx.body = { message: BODYLESS_MESSAGES[status] ?? GENERIC_ERROR_MESSAGE };
        ctx.status = status;
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
