import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../machines/api/responses';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

/** Every error is JSON {message}. */
const hasMessage = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string';

let server: TestServer;
let applicant: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  applicant = await signUpAndLogIn(server, 'abuse@example.org');
  await applicant.put('/api/answer', { first_name: 'Intact', city: 'Springfield' });
});
afterAll(async () => {
  await server.stop();
});

/** Every call of section 7, with its method; `{key}` and `{q}` are filled with hostile text. */
const CALLS: [string, string][] = [
  ['POST', '/public/login'],
  ['POST', '/public/signup'],
  ['POST', '/public/confirm'],
  ['POST', '/public/resend-confirm'],
  ['POST', '/public/forgot-password'],
  ['POST', '/public/reset-password'],
  ['GET', '/api/logout'],
  ['GET', '/api/profile'],
  ['PUT', '/api/last-page'],
  ['PUT', '/api/answer'],
  ['POST', '/api/web-status'],
  ['POST', '/api/validations'],
  ['POST', '/api/submit'],
  ['GET', '/api/pdf'],
  ['POST', '/api/presigned-url'],
  ['GET', '/api/document-answer'],
  ['DELETE', '/api/document-answer/{key}'],
  ['POST', '/api/pdf/document-answer/{key}'],
  ['GET', '/api/pdf/document-answer/{key}'],
  ['DELETE', '/api/pdf/document-answer/{key}'],
  ['PUT', '/api/add-another'],
  ['GET', '/api/add-another'],
  ['PUT', '/api/tabs'],
  ['GET', '/api/tabs'],
  ['GET', '/public/tmp?token={q}'],
  ['GET', '/service/tmp-pdf?service_token={q}'],
  ['GET', '/lookup/find?text={q}&category={q}&max_results={q}'],
  ['GET', '/lookup/find?id={q}&category=hs_ceeb'],
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '__proto__',
    'constructor',
    '%00',
    '\u0000',
    '😀'.repeat(50),
    'a'.repeat(5000),
  ),
);

/** Raw bodies: JSON of any shape, deep nesting, prototype keys, huge strings, and non-JSON text. */
const hostileBody = fc.oneof(
  fc.json({ depthSize: 'medium' }),
  fc.anything({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc.nat({ max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"first_name":{"__proto__":1}}',
    `{"first_name":"${'x'.repeat(200_000)}"}`,
    '{"username":"a@b.co","password":"' + 'p'.repeat(100_000) + '"}',
    'not json at all',
    '{"unterminated": ',
    '',
  ),
  fc.dictionary(hostileText, fc.oneof(hostileText, fc.integer(), fc.boolean(), fc.constant(null))).map((value) => JSON.stringify(value)),
);

describe('every call with malformed input, as a visitor and as an applicant', () => {
  it('never answers 5xx, always answers errors as JSON {message}, and leaves the data intact', async () => {
    let tried = 0;
    let serverErrors = 0;
    let badErrorBodies = 0;
    for (const asVisitor of [true, false]) {
      const client = asVisitor ? server.client() : applicant;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...CALLS), hostileText, hostileBody, async ([method, template], text, body) => {
          // Logging out would end the run's session: that call is tried as a visitor only.
          if (!asVisitor && template === '/api/logout') return;
          const path = template.replaceAll('{key}', encodeURIComponent(text)).replaceAll('{q}', encodeURIComponent(text));
          const response = await client.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : body, {
            'content-type': 'application/json',
          });
          tried++;
          if (response.status >= 500) serverErrors++;
          if (response.status >= 400 && !hasMessage(response.body)) {
            badErrorBodies++;
          }
        }),
        { numRuns: 400, seed: 20261121 },
      );
    }
    console.log(`abuse: ${tried} requests tried, ${serverErrors} answered 5xx, ${badErrorBodies} errors not JSON {message}`);
    expect(serverErrors).toBe(0);
    expect(badErrorBodies).toBe(0);

    const alive = await applicant.get<Profile>('/api/profile');
    expect(alive.status).toBe(200);
    expect(alive.body.answer).toMatchObject({ first_name: 'Intact', city: 'Springfield' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
