import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCopy } from '../../db/pdfCopies';
import { findUserByUsername } from '../../db/users';
import { createAccessTokens } from '../../server/accounts/accessTokens';
import { readServerConfig } from '../../server/config';
import { COPY_LINK_TTL_MS } from '../../server/pdf/copyLinks';
import { applicationReference } from '../../src/catalogue/reference';
import { formatSubmittedAt } from '../../src/catalogue/submission';
import { completeApplication } from '../fixtures/completeApplication';
import { onServer, uploadAndConvert, waitFor, type PdfCopyBody } from './helpers/documents';
import { makePdf } from './helpers/files';
import { pdfText } from './helpers/pdfText';
import { ANY_REQUEST_ID, signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';
import type { Profile } from '../../machines/api/responses';
import { anyString } from '../fixtures/matchers';

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function newApplicant() {
  const username = `copy.${++counter}@example.org`;
  return { username, client: await signUpAndLogIn(server, username) };
}

/** Polls GET /api/pdf as the PDF actor does until the copy is ready. */
async function readyCopy(client: TestClient, path = '/api/pdf'): Promise<PdfCopyBody> {
  const copy = await waitFor(
    async () => (await client.get<PdfCopyBody>(path)).body,
    (body) => body.status === 'completed' || body.status === 'failed',
  );
  expect(copy.status).toBe('completed');
  return copy;
}

async function download(url: string, client?: TestClient) {
  const cookie = client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  const response = await fetch(onServer(server, url), { headers: cookie ? { cookie } : {} });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const answers = {
  first_name: 'Antonín',
  last_name: 'Dvořák',
  preferred_name: 'Nguyễn',
  city: 'Praha',
  gender: 'F',
  gender_desc: 'Female',
  optin_sms_ind: true,
  personal_statement_essay: 'Music is how I think. MARKER-ESSAY-1841',
};

describe('the PDF copy', () => {
  it('shows every answer by page and section, the college, the status and Unicode names, then the converted documents', async () => {
    const { client } = await newApplicant();
    expect((await client.put('/api/answer', answers)).status).toBe(200);
    await uploadAndConvert(server, client, {
      bytes: await makePdf(['Official transcript', 'MARKER-TRANSCRIPT-4711']),
      name: 'transcript.pdf',
    });
    const copy = await readyCopy(client);
    // A path, not PUBLIC_URL: the download works from whatever address the page was opened at.
    expect(copy.url).toMatch(/^\/files\/pdf-copy\?ticket=/);
    const { response, bytes } = await download(copy.url, client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');

    const shown = await pdfText(bytes);
    for (const expected of [
      server.college.name,
      'Not submitted yet.',
      'About You',
      'Personal Information',
      'Dvořák',
      'Nguyễn',
      'Antonín',
      'Female',
      '☑',
      'Your Academics',
      'Personal Statement',
      'MARKER-ESSAY-1841',
      'Document attached: transcript.pdf',
      'MARKER-TRANSCRIPT-4711',
    ]) {
      expect(shown, expected).toContain(expected);
    }
    // Unanswered sections are left out, as in the staff view.
    expect(shown).not.toContain('Legal and Conduct');
    // The answers come first, the appended document after them.
    expect(shown.indexOf('Dvořák')).toBeLessThan(shown.indexOf('MARKER-TRANSCRIPT-4711'));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it('prints sensitive answers as SECURITY.md says: only the last four characters, the rest as bullets', async () => {
    const { client } = await newApplicant();
    expect((await client.put('/api/answer', { first_name: 'Masked', ssn: '123-45-6789' })).status).toBe(200);
    const shown = await pdfText((await download((await readyCopy(client)).url, client)).bytes);
    expect(shown).toContain('•••-••-6789');
    expect(shown).not.toContain('123-45');
    expect(shown).not.toContain('***');
  });

  it('opens only for its owner: another applicant, a visitor, a changed or an expired link get nothing', async () => {
    const owner = await newApplicant();
    await owner.client.put('/api/answer', { first_name: 'Owner' });
    const copy = await readyCopy(owner.client);
    expect((await download(copy.url, owner.client)).response.status).toBe(200);

    const other = await newApplicant();
    const stolen = await download(copy.url, other.client);
    expect(stolen.response.status).toBe(404);
    expect(JSON.parse(stolen.bytes.toString())).toEqual({ message: anyString, request_id: ANY_REQUEST_ID });
    expect((await download(copy.url)).response.status).toBe(401);
    const tampered = copy.url.replace(/ticket=(\d+)\./, (_, id) => `ticket=${Number(id) + 1}.`);
    expect(tampered).not.toBe(copy.url);
    expect((await download(tampered, other.client)).response.status).toBe(404);

    const before = server.clock.now();
    server.clock.advance(COPY_LINK_TTL_MS + 1);
    try {
      expect((await download(copy.url, owner.client)).response.status).toBe(404);
    } finally {
      server.clock.set(before);
    }
  });

  it('is rebuilt when the answers change (the old link stops working), and frozen at submission', async () => {
    const { client, username } = await newApplicant();
    await client.put('/api/answer', { first_name: 'Before' });
    const first = await readyCopy(client);
    await client.put('/api/answer', { first_name: 'After' });
    expect(['unprocessed', 'in progress']).toContain((await client.get<PdfCopyBody>('/api/pdf')).body.status);
    const second = await readyCopy(client);
    expect(second.url).not.toBe(first.url);
    expect((await download(first.url, client)).response.status).toBe(404);
    expect((await download(second.url, client)).response.status).toBe(200);

    await client.put('/api/answer', completeApplication);
    expect((await client.post('/api/submit', {})).status).toBe(200);
    await readyCopy(client);
    const userId = findUserByUsername(server.db, username)!.id;
    const frozen = findCopy(server.db, userId)!;
    expect(frozen.fingerprint).toContain(`s${(await client.get<Profile & { submitted_at: number }>('/api/profile')).body.submitted_at}`);
    // Nothing can change it any more: later calls answer at once with the same copy.
    for (let call = 0; call < 3; call++) expect((await client.get<PdfCopyBody>('/api/pdf')).body.status).toBe('completed');
    expect(findCopy(server.db, userId)).toEqual(frozen);
    expect(await pdfText((await download((await client.get<PdfCopyBody>('/api/pdf')).body.url, client)).bytes)).toMatch(
      /Submitted: .+ UTC/,
    );
  });

  it('issue 13: the submission date and one reference number, the same in the submit answer, the profile, the PDF copy and the staff copy', async () => {
    const { client, username } = await newApplicant();
    await client.put('/api/answer', completeApplication);
    expect((await client.get<Profile>('/api/profile')).body).toMatchObject({ submitted_at: null, reference: null });
    const submitted = await client.post<{ submitted_at: number; reference: string }>('/api/submit', {});
    const userId = findUserByUsername(server.db, username)!.id;
    const year = new Date(submitted.body.submitted_at).getUTCFullYear();
    expect(submitted.body.reference).toBe(applicationReference(userId, submitted.body.submitted_at));
    expect(submitted.body.reference).toMatch(new RegExp(`^ADM-${year}-\\d{5}-\\d$`));
    const profile = (await client.get<Profile>('/api/profile')).body;
    expect(profile).toMatchObject({ submitted_at: submitted.body.submitted_at, reference: submitted.body.reference });

    const text = await pdfText((await download((await readyCopy(client)).url, client)).bytes);
    expect(text).toContain(`Submitted: ${formatSubmittedAt(submitted.body.submitted_at)}`);
    expect(text).toContain(`Reference number: ${submitted.body.reference}`);

    const { secret } = readServerConfig({ NODE_ENV: 'test', DATA_DIR: server.dataDir });
    const tokens = createAccessTokens({ db: server.db, secret, now: () => server.clock.now() });
    const token = tokens.issueStaffLink(userId);
    const staff = await server.client().get<{ submitted_at: number; reference: string }>(`/service/tmp-pdf?service_token=${token}`);
    expect(staff.body).toMatchObject({ submitted_at: submitted.body.submitted_at, reference: submitted.body.reference });
  });

  it('reference numbers are stable per application, differ between applicants, and their check digit catches one wrong digit', () => {
    const at = Date.UTC(2026, 10, 27, 2, 30);
    expect(applicationReference(42, at)).toBe(applicationReference(42, at + 1000));
    expect(applicationReference(42, at)).not.toBe(applicationReference(43, at));
    const reference = applicationReference(42, at);
    const [, yearPart, idPart, check] = reference.split('-');
    for (let index = 0; index < idPart!.length; index += 1) {
      const digit = Number(idPart![index]);
      const changed = `${idPart!.slice(0, index)}${(digit + 1) % 10}${idPart!.slice(index + 1)}`;
      expect(applicationReference(Number(changed), at).split('-')[3], `${yearPart}-${changed}`).not.toBe(check);
    }
  });

  it('opens for staff with a valid staff link (GET /service/pdf)', async () => {
    const { client, username } = await newApplicant();
    await client.put('/api/answer', { first_name: 'Staffview' });
    const { secret } = readServerConfig({ NODE_ENV: 'test', DATA_DIR: server.dataDir });
    const tokens = createAccessTokens({ db: server.db, secret, now: () => server.clock.now() });
    const token = tokens.issueStaffLink(findUserByUsername(server.db, username)!.id);
    const staff = server.client();
    const copy = await readyCopy(staff, `/service/pdf?service_token=${token}`);
    expect(copy.url).toContain(`service_token=${token}`);
    expect((await download(copy.url)).response.status).toBe(200);
    // Another applicant's staff token does not open this copy.
    const { username: otherName } = await newApplicant();
    const otherToken = tokens.issueStaffLink(findUserByUsername(server.db, otherName)!.id);
    expect((await download(copy.url.replace(token, otherToken))).response.status).toBe(404);
    expect((await staff.get('/service/pdf?service_token=not-a-valid-token-at-all')).status).toBe(403);
  });
});
