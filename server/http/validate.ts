import * as v from 'valibot';
import { badRequest } from './errors';

/**
 * Parses a payload with one of the shared valibot schemas; the first failing rule's message,
 * word for word from the spec, becomes the 400 answer, with every message per field alongside.
 */
export function parseOrReject<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const flat = v.flatten<TSchema>(result.issues);
  throw badRequest(result.issues[0].message, { errors: { ...flat.nested, ...(flat.root ? { form: flat.root } : {}) } });
}
