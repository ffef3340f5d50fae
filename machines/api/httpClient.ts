import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { takePreloadedResponse } from './preloadedResponses';

/** The message shown when the server's answer says nothing more useful. */
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

/** A call that never reached the server (offline, refused, timed out): a save waits for the network. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof ApiError && error.kind === 'network';

/**
 * The one HTTP client. Machines own retries and polling, so ky never retries on its own; cookies
 * go with every call because the session lives in an httpOnly cookie. Every status comes back as
 * a response, so a preloaded answer and a fetched one take the same road below. ky loads with the
 * first call that needs the network: the page's first answers come in the page itself.
 */
let client: Promise<KyInstance> | undefined;
function httpClient(): Promise<KyInstance> {
  client ??= import('ky').then(({ default: ky }) =>
    ky.create({
      retry: 0,
      throwHttpErrors: false,
      credentials: 'same-origin',
      timeout: 30_000,
      headers: { accept: 'application/json' },
    }),
  );
  return client;
}

export interface CallOptions {
  json?: unknown;
  headers?: Record<string, string>;
  searchParams?: Record<string, string | number>;
  signal?: AbortSignal;
}

/**
 * Calls the API and parses the answer with a valibot schema. A non-JSON answer raises
 * the generic error, a non-OK answer raises its body's message (or the generic one), 401 is
 * "unauthorised" whatever its body says.
 */
export async function callApi<TSchema extends v.GenericSchema>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  schema: TSchema,
  options: CallOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const preloaded = method === 'get' && !options.searchParams ? takePreloadedResponse(path) : undefined;
  const response = preloaded ?? (await send(method, path, options));
  if (!response.ok) throw await errorFromResponse(response);
  const body = await readJson(response);
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw new ApiError(GENERIC_ERROR_MESSAGE, 'invalid-response', response.status);
  return parsed.output;
}

/** A file the API answers with (an export): its bytes and the name the server gives it; a refusal raises its message, as `callApi` does. */
export async function callApiFile(
  method: 'get' | 'post',
  path: string,
  options: CallOptions = {},
): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(method, path, options);
  if (!response.ok) throw await errorFromResponse(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  return { blob: await response.blob(), fileName };
}

async function send(method: string, path: string, options: CallOptions): Promise<Response> {
  try {
    const client = await httpClient();
    return await client(stripLeadingSlash(path), {
      method,
      json: options.json,
      searchParams: options.searchParams,
      // ky replaces the client's headers (accept: JSON) with `headers: undefined`: left out when none are given.
      ...(options.headers ? { headers: options.headers } : {}),
      signal: options.signal,
      prefixUrl: apiBase(),
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    // Offline, refused, timed out, or the ky chunk itself could not load.
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'network', undefined);
  }
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
