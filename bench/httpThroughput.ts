import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadTarget {
  url: string;
  method: 'GET' | 'PUT';
  headers: Record<string, string>;
  body?: string;
  /** A different body for each request (the n-th): a save that really changes something each time. */
  bodyFor?: (n: number) => string;
}

/** One autocannon run against one target. */
export async function measure(target: LoadTarget, connections: number, durationSeconds: number): Promise<LoadFigures> {
  let sent = 0;
  const bodyFor = target.bodyFor;
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    ...(bodyFor ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: bodyFor(sent++) }) }] } : {}),
    connections,
    duration: durationSeconds,
    pipelining: 1,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function logIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed for ${username}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
