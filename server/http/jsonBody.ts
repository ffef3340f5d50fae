import type { Context } from 'koa';
import { MAX_BODY_BYTES, tooLargeMessage } from './bodyLimits';
import { HttpError, badRequest } from './errors';

const MAX_DEPTH = 32;
/** Keys that could reach an object's prototype when a parsed body is merged into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const tooLarge = (maxBytes: number) => new HttpError(413, tooLargeMessage(maxBytes));

export interface BodyLimit {
  /** A call whose bodies are small by nature sets its own, lower limit: nothing past it is read or parsed. */
  maxBytes?: number;
}

/**
 * Reads a JSON request body with a hard size limit (1 MB unless the call sets less), refusing
 * anything that is not JSON, nests absurdly deep, or carries prototype keys. Every refusal is a
 * 400 (or 413) with a message.
 */
async function readJsonBody(ctx: Context, { maxBytes = MAX_BODY_BYTES }: BodyLimit = {}): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const raw = await readRaw(ctx, maxBytes);
  if (raw.length === 0) return undefined;
  if (!ctx.is('application/json')) throw badRequest('Requests must be sent as JSON (Content-Type: application/json).');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  assertSafeShape(parsed, 0);
  return parsed;
}

async function readRaw(ctx: Context, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      // Stop reading and answer now; the connection is closed so the rest is never buffered.
      ctx.set('Connection', 'close');
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function assertSafeShape(value: unknown, depth: number): void {
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) throw badRequest('The request body is nested too deeply.');
  if (Array.isArray(value)) {
    for (const item of value) assertSafeShape(item, depth + 1);
    return;
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw badRequest(`The request contains a forbidden key: ${key}.`);
    assertSafeShape((value as Record<string, unknown>)[key], depth + 1);
  }
}

/** For calls whose payload must be a JSON object. */
export async function readJsonObject(ctx: Context, limit?: BodyLimit): Promise<Record<string, unknown>> {
  const body = await readJsonBody(ctx, limit);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
