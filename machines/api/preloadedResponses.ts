import * as v from 'valibot';

/**
 * The answers the server puts in the page it serves (index.html) for the calls every start makes —
 * the college configuration and, with a session, the profile — so that the first screen needs no
 * round trip. Each is used once, by the first call to its path; any later call goes to the network
 * (after a login the profile must be fetched afresh). The answers still pass through the same
 * status handling and valibot schemas as fetched ones.
 */
const PreloadedSchema = v.record(v.string(), v.object({ status: v.pipe(v.number(), v.integer()), body: v.unknown() }));

const waiting = new Map<string, { status: number; body: unknown }>();

/** Keeps the page's preloaded answers; anything malformed is ignored and the calls go to the network. */
export function keepPreloadedResponses(json: string | null | undefined): void {
  waiting.clear();
  if (!json) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return;
  }
  const result = v.safeParse(PreloadedSchema, parsed);
  if (!result.success) return;
  for (const [path, answer] of Object.entries(result.output)) waiting.set(path, answer);
}

export function takePreloadedResponse(path: string): Response | undefined {
  const answer = waiting.get(path);
  if (!answer) return undefined;
  waiting.delete(path);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
}
