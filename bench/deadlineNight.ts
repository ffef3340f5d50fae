import { Agent, request } from 'undici';
import { BENCH_PASSWORD } from './seed';
import { percentile } from './stats';

export interface DeadlineNightFigures {
  applicants: number;
  durationSeconds: number;
  savesPerSecond: number;
  submissionsPerSecond: number;
  p99Ms: number;
  errors: number;
  lostWrites: number;
}

/**
 * N applicants sign in, then each saves every `saveIntervalMs` (with jitter) for the duration;
 * a share of them submits a complete application meanwhile. At the end every applicant's
 * profile is read back: the last acknowledged save must be there (a lost write otherwise).
 */
export async function deadlineNight(options: {
  baseUrl: string;
  usernames: string[];
  completeAnswers: Record<string, string | boolean>;
  durationMs: number;
  saveIntervalMs: number;
  submitShare: number;
}): Promise<DeadlineNightFigures> {
  const dispatcher = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, cookie: string, body?: unknown) => {
    const response = await request(`${options.baseUrl}${path}`, {
      method,
      dispatcher,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    return { status: response.statusCode, text, headers: response.headers };
  };

  const cookies: string[] = [];
  for (let start = 0; start < options.usernames.length; start += 50) {
    const batch = options.usernames.slice(start, start + 50);
    cookies.push(
      ...(await Promise.all(
        batch.map(async (username) => {
          const response = await call('POST', '/public/login', '', { username, password: BENCH_PASSWORD });
          if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${response.text}`);
          const setCookie = response.headers['set-cookie'];
          const lines = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
          return lines.map((line) => line.split(';')[0]).join('; ');
        }),
      )),
    );
  }

  const latencies: number[] = [];
  let saves = 0;
  let submissions = 0;
  let errors = 0;
  const acknowledged = new Map<number, string>();
  // Exactly submitShare of the applicants, spread evenly over the list.
  const share = options.submitShare;
  const submitters = new Set(
    options.usernames.map((_, index) => index).filter((index) => Math.floor((index + 1) * share) > Math.floor(index * share)),
  );
  const started = performance.now();
  const deadline = started + options.durationMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  await Promise.all(
    cookies.map(async (cookie, index) => {
      await sleep(Math.random() * options.saveIntervalMs);
      let sequence = 0;
      let submitted = false;
      // Submissions are spread over the night, not bunched at its start.
      const submitAt = submitters.has(index) ? started + Math.random() * options.durationMs * 0.9 : Infinity;
      while (performance.now() < deadline && !submitted) {
        const value = `save-${index}-${++sequence}`;
        const submitting = performance.now() >= submitAt;
        const body = submitting ? { ...options.completeAnswers, preferred_name: value.slice(0, 45) } : { preferred_name: value };
        const sent = performance.now();
        try {
          const response = await call('PUT', '/api/answer', cookie, body);
          latencies.push(performance.now() - sent);
          if (response.status === 200) {
            saves++;
            acknowledged.set(index, value);
          } else errors++;
          if (submitting) {
            const submit = await call('POST', '/api/submit', cookie, {});
            if (submit.status === 200) {
              submissions++;
              submitted = true;
            } else errors++;
          }
        } catch {
          errors++;
        }
        // Every saveIntervalMs on average from one save's start to the next, however long it took.
        await sleep(Math.max(0, options.saveIntervalMs * (0.75 + Math.random() * 0.5) - (performance.now() - sent)));
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;

  let lostWrites = 0;
  await Promise.all(
    cookies.map(async (cookie, index) => {
      const expected = acknowledged.get(index);
      if (expected === undefined) return;
      const profile = await call('GET', '/api/profile', cookie);
      const answers = (JSON.parse(profile.text) as { answer: Record<string, unknown> }).answer;
      if (answers.preferred_name !== expected.slice(0, 45)) lostWrites++;
    }),
  );
  await dispatcher.close();
  return {
    applicants: options.usernames.length,
    durationSeconds: Math.round(elapsedSeconds * 10) / 10,
    savesPerSecond: Math.round(saves / elapsedSeconds),
    submissionsPerSecond: Math.round((submissions / elapsedSeconds) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
    errors,
    lostWrites,
  };
}
