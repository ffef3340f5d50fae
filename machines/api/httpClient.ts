import ky, { HTTPError } from 'ky';
import * as v from 'valibot';

/** Spec section 8: the message shown when the server's answer says nothing more useful. */
export { GENERIC_ERROR_MESSAGE } from '../../src/catalogue/messages';
import { GENERIC_ERROR_MESSAGE } from '../../src/catalogue/messages';

export type ApiErrorKind = 'unauthorised' | 'http' | 'network' | 'invalid-response';

/** Every failed call becomes one of these, with the message the applicant should read. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | undefined,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isUnauthorised = (error: unknown): boolean => error instanceof ApiError && error.kind === 'unauthorised';

/**
 * The one HTTP client. Machines own retries and polling, so ky never retries on its own; cookies
 * go with every call because the session lives in an httpOnly cookie.
 */
const client = ky.create({ retry: 0, credentials: 'same-origin', timeout: 30_000, headers: { accept: 'application/json' } });

export interface CallOptions {
  json?: unknown;
  headers?: Record<string, string>;
  searchParams?: Record<string, string | number>;
  signal?: AbortSignal;
}

/**
 * Calls the API and parses the answer with a valibot schema. Section 8: a non-JSON answer raises
 * the generic error, a non-OK answer raises its body's message (or the generic one), 401 is
 * "unauthorised" whatever its body says.
 */
export async function callApi<TSchema extends v.GenericSchema>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  schema: TSchema,
  options: CallOptions = {},
): Promise<v.InferOutput<TSchema>> {
  let response: Response;
  try {
    response = await client(stripLeadingSlash(path), {
      method,
      json: options.json,
      searchParams: options.searchParams,
      headers: options.headers,
      signal: options.signal,
      prefixUrl: apiBase(),
    });
  } catch (error) {
    if (error instanceof HTTPError) throw await errorFromResponse(error.response);
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'network', undefined);
  }
  const body = await readJson(response);
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw new ApiError(GENERIC_ERROR_MESSAGE, 'invalid-response', response.status);
  return parsed.output;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : GENERIC_ERROR_MESSAGE;
  return new ApiError(message, response.status === 401 ? 'unauthorised' : 'http', response.status, record);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'invalid-response', response.status);
  }
}

const stripLeadingSlash = (path: string) => path.replace(/^\/+/, '');

/** Same origin in the browser; tests running in Node point it at their server. */
let baseUrl: string | undefined;
export function setApiBase(url: string | undefined): void {
  baseUrl = url;
}
function apiBase(): string {
  if (baseUrl) return baseUrl;
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}
