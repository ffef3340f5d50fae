import type { Middleware } from 'koa';
import * as v from 'valibot';
import { badRequest } from './errors';
import { readJsonObject, type BodyLimit } from './jsonBody';

/**
 * Parses a payload with one of the shared valibot schemas; the first failing rule's message,
 * word for word as the form shows it, becomes the 400 answer, with every message per field alongside.
 */
export function parseOrReject<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const flat = v.flatten<TSchema>(result.issues);
  throw badRequest(result.issues[0].message, { errors: { ...flat.nested, ...(flat.root ? { form: flat.root } : {}) } });
}

/** What a route's handler reads once `validate` let the request through. */
export interface InputState<TInput> {
  input: TInput;
}

interface ValidateOptions extends BodyLimit {
  /** Where the payload is besides the path's named parameters: the JSON body (the default), the query string, or nowhere else. */
  from?: 'body' | 'query' | 'path';
}

/**
 * A route's check of its payload, before its handler: a request that breaks a rule is answered
 * 400 with the rule's message and never reaches the handler, which reads `ctx.state.input` typed.
 * The path's named parameters (`:key`) join the payload, over a field of the same name; a body is
 * read whole before any rule runs, so an unreadable body is refused as such whatever the path says.
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  { from = 'body', ...limit }: ValidateOptions = {},
): Middleware<InputState<v.InferOutput<TSchema>>> {
  return async (ctx, next) => {
    const payload = from === 'query' ? { ...ctx.query } : from === 'path' ? {} : await readJsonObject(ctx, limit);
    ctx.state.input = parseOrReject(schema, { ...payload, ...(ctx.params as Record<string, string> | undefined) });
    await next();
  };
}
