import { randomFillSync } from 'node:crypto';
import type { Context } from 'koa';

/** Sent with every answer and written in its log line, so a user's report or a refusal can be found in the log. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const ID_BYTES = 9;
/** Random bytes are drawn 512 ids at a time: one call into the generator per request cost more than the id. */
const pool = Buffer.alloc(ID_BYTES * 512);
let offset = pool.length;

/**
 * 72 random bits as 12 base64url characters: short enough to read out, and random rather than a
 * counter, which would tell anyone how many requests the server handles.
 */
export function newRequestId(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}

interface RequestIdState {
  requestId?: string;
}

export function setRequestId(ctx: Context, id: string): void {
  (ctx.state as RequestIdState).requestId = id;
  ctx.res.setHeader(REQUEST_ID_HEADER, id);
}

/** The id the request log gave this request (absent in an app composed without the log). */
export function requestIdOf(ctx: Context): string | undefined {
  return (ctx.state as RequestIdState).requestId;
}
