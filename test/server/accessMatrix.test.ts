import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, ServiceData } from '../../machines/api/responses';
import { DOC_KEY, onServer, presign, upload, uploadAndConvert, waitFor, type PdfCopyBody } from './helpers/documents';
import { makePng } from './helpers/files';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

const run = promisify(execFile);
const SECRET = 'ALPHA-PRIVATE';
const FILE_NAME = 'alpha-transcript.png';

let server: TestServer;
let alpha: TestClient;
let beta: TestClient;
let staffToken: string;
let alphaFileKey: string;
let alphaCopyUrl: string;
let alphaDocumentUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  alpha = await signUpAndLogIn(server, 'alpha@example.org');
  beta = await signUpAndLogIn(server, 'beta@example.org');
  await alpha.put('/api/answer', { first_name: SECRET, city: SECRET });
  await alpha.put('/api/add-another', { button_id: 'activities', num_components: 3 });
  const converted = await uploadAndConvert(server, alpha, { bytes: makePng(8, 8), name: FILE_NAME, type: 'image/png' });
  expect(converted.final.status).toBe('completed');
  alphaFileKey = converted.presigned.fields.key!;
  const copy = await waitFor(
    async () => (await alpha.get<PdfCopyBody>('/api/pdf')).body,
    (body) => body.status === 'completed',
  );
  alphaCopyUrl = onServer(server, copy.url);
  alphaDocumentUrl = onServer(server, (await alpha.get<{ url: string }>(`/api/pdf/document-answer/${DOC_KEY}`)).body.url);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'service-token', 'alpha@example.org'], {
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test' },
  });
  staffToken = new URL(stdout.trim()).searchParams.get('service_token')!;
}, 60_000);
afterAll(async () => {
  await server.stop();
});

/** Everything an endpoint could leak of alpha's: answers, the file's name, its storage key. */
const leaks = (body: unknown) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return text.includes(SECRET) || text.includes(FILE_NAME) || text.includes(alphaFileKey);
};

describe('two applicants and a staff token against every endpoint', () => {
  it('gives beta nothing of alpha’s and lets beta change nothing of alpha’s', async () => {
    const probes: [string, string, unknown?][] = [
      ['GET', '/api/profile'],
      ['PUT', '/api/answer', { city: 'Beta City' }],
      ['PUT', '/api/last-page', { last_page: '/education' }],
      ['POST', '/api/web-status', { web_status: 'started' }],
      ['POST', '/api/validations', { city: ['x'] }],
      ['GET', '/api/add-another'],
      ['PUT', '/api/add-another', { button_id: 'activities', num_components: 1 }],
      ['GET', '/api/tabs'],
      ['PUT', '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'write' }],
      ['GET', '/api/document-answer'],
      ['GET', `/api/pdf/document-answer/${DOC_KEY}`],
      ['POST', `/api/pdf/document-answer/${DOC_KEY}`, { file_key: '__ALPHA_KEY__', file_name: 'stolen.png' }],
      ['DELETE', `/api/pdf/document-answer/${DOC_KEY}`],
      ['DELETE', `/api/document-answer/${DOC_KEY}`],
      ['GET', '/api/pdf'],
      ['POST', '/api/submit', {}],
      ['GET', '/api/logout'],
    ];
    let crossApplicantSuccesses = 0;
    for (const [method, path, body] of probes) {
      const payload: unknown = JSON.parse(JSON.stringify(body ?? null)?.replace('__ALPHA_KEY__', alphaFileKey) ?? 'null');
      const response = await beta.request(method, path, payload ?? undefined);
      if (leaks(response.body)) crossApplicantSuccesses++;
      // Claiming alpha's uploaded file as beta's own document is a success even without a leak.
      if (JSON.stringify(payload ?? '').includes(alphaFileKey) && response.status < 400) crossApplicantSuccesses++;
    }
    // Alpha's own links, used by beta (fresh login: beta logged out above).
    beta = await (async () => {
      const client = server.client();
      await client.post('/public/login', { username: 'beta@example.org', password: 'Correct-Horse-42!' });
      return client;
    })();
    const copy = await fetch(alphaCopyUrl, { headers: { cookie: [...beta.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } });
    if (copy.status === 200) crossApplicantSuccesses++;
    const document = await fetch(alphaDocumentUrl, { headers: { cookie: [...beta.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } });
    if (document.status === 200) crossApplicantSuccesses++;
    const alphaPolicy = await presign(alpha);
    const smuggled = await upload(server, alphaPolicy, { bytes: makePng(4, 4), name: 'beta.png', type: 'image/png' }, { client: beta });
    if (smuggled.status === 204) crossApplicantSuccesses++;

    console.log(`access matrix: ${probes.length + 3} cross-applicant attempts, ${crossApplicantSuccesses} succeeded`);
    expect(crossApplicantSuccesses).toBe(0);

    const alphaNow = (await alpha.get<Profile>('/api/profile')).body;
    expect(alphaNow.answer).toMatchObject({ first_name: SECRET, city: SECRET });
    expect(alphaNow.document_answer[DOC_KEY]).toMatchObject({ file_name: FILE_NAME, status: 'completed' });
    expect((await alpha.get<Record<string, number>>('/api/add-another')).body.activities).toBe(3);
    expect(alphaNow.web_status).toEqual([]);
  });

  it('lets the staff token read alpha’s application and nothing else, and write nothing', async () => {
    const staff = server.client();
    const view = await staff.get<ServiceData>(`/service/tmp-pdf?service_token=${staffToken}`);
    expect(view.status).toBe(200);
    expect(view.body.answer.first_name).toBe(SECRET);
    expect(leaks((await beta.get('/api/profile')).body)).toBe(false);

    const writes: [string, string, unknown][] = [
      ['PUT', '/api/answer', { city: 'Staff City' }],
      ['PUT', '/api/last-page', { last_page: '/about' }],
      ['POST', '/api/web-status', { web_status: 'started' }],
      ['POST', '/api/submit', {}],
      ['PUT', '/api/add-another', { button_id: 'activities', num_components: 1 }],
      ['PUT', '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' }],
      ['POST', '/api/presigned-url', { answer_key: DOC_KEY }],
      ['DELETE', `/api/document-answer/${DOC_KEY}`, undefined],
      ['DELETE', `/api/pdf/document-answer/${DOC_KEY}`, undefined],
      ['GET', '/api/profile', undefined],
    ];
    let staffWrites = 0;
    for (const [method, path, body] of writes) {
      const response = await staff.request(method, `${path}?service_token=${staffToken}`, body);
      if (response.status < 400) staffWrites++;
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(staffWrites).toBe(0);
    expect((await alpha.get<Profile>('/api/profile')).body.answer.city).toBe(SECRET);
  });
});
