import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../db/users';
import type { ServiceData } from '../../machines/api/responses';
import {
  STAFF_LIST_MESSAGES,
  type ApplicationDetail,
  type PdfCopyState,
  type SharedLink,
} from '../../src/catalogue/schema/staffApplications';
import { completeApplication } from '../fixtures/completeApplication';
import { DOC_KEY, pdfCopyOf, uploadAndConvert, waitFor } from './helpers/documents';
import { makePng } from './helpers/files';
import { signedInStaff, statusesOf, type SignedInStaff } from './helpers/staff';
import { signUpAndLogIn, startTestServer, type MessageBody, type TestClient, type TestServer } from './helpers/testServer';

const SSN = '123-45-6789';
const DAY_MS = 86_400_000;
let server: TestServer;
let staff: SignedInStaff;
/** The applicant with answers, an SSN, a converted document and a PDF copy; and one with an account only. */
let lin: { id: number; client: TestClient; copy: Buffer };
let bareId: number;

/** The answer of GET /api/staff/applications/{id}: the service view's fields and the console's. */
type DetailBody = ApplicationDetail & ServiceData;
const detailOf = (id: number, caller = staff.callers.reader) => caller.get<DetailBody>(`/api/staff/applications/${id}`);
const CALLS = [
  ['GET', ''],
  ['GET', '/document'],
  ['GET', `/document-answer/${DOC_KEY}`],
  ['GET', '/pdf-copy'],
  ['GET', '/pdf-copy/status'],
  ['POST', '/share-link'],
] as const;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server, { applicantEmail: 'bare@example.org' });
  const client = await signUpAndLogIn(server, 'lin@example.org');
  expect((await client.put('/api/answer', { ...completeApplication, first_name: 'Lin', last_name: 'Trần', ssn: SSN })).status).toBe(200);
  const converted = await uploadAndConvert(server, client, { bytes: makePng(40, 30), name: 'statement scan.png' });
  expect(converted.final.status).toBe('completed');
  const copy = await pdfCopyOf(server, client);
  lin = { id: findUserByUsername(server.db, 'lin@example.org')!.id, client, copy };
  bareId = findUserByUsername(server.db, 'bare@example.org')!.id;
}, 90_000);
afterAll(async () => {
  await server.stop();
});

describe('who may read one application and its files', () => {
  it('answers readers and admins; no session, an applicant session and a deactivated account get 401', async () => {
    for (const [method, tail] of CALLS) {
      const statuses = await statusesOf(staff.callers, method, `/api/staff/applications/${lin.id}${tail}`);
      const allowed = method === 'POST' ? 201 : 200;
      expect(statuses, `${method} ${tail}`).toEqual({ admin: allowed, reader: allowed, nobody: 401, applicant: 401, deactivated: 401 });
    }
  });

  it('an applicant cannot reach their own application through the staff calls either', async () => {
    for (const [method, tail] of CALLS) {
      expect((await lin.client.request(method, `/api/staff/applications/${lin.id}${tail}`, method === 'GET' ? undefined : {})).status).toBe(
        401,
      );
    }
  });

  it('answers an id that names no application with 404 and says so, and one that is no id with 400', async () => {
    for (const [method, tail] of CALLS) {
      const unknown = await staff.callers.admin.request<MessageBody>(
        method,
        `/api/staff/applications/999999${tail}`,
        method === 'GET' ? undefined : {},
      );
      expect(unknown.status, tail).toBe(404);
      expect(unknown.body.message).toBe(STAFF_LIST_MESSAGES.application);
    }
    expect((await staff.callers.admin.get('/api/staff/applications/1%20OR%201')).status).toBe(400);
  });
});

describe('one application, read-only', () => {
  it('shows its list row, its answers as the service view reads them, its document and its PDF copy', async () => {
    const { status, body, headers } = await detailOf(lin.id);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.application).toMatchObject({
      id: lin.id,
      name: 'Lin Trần',
      email: 'lin@example.org',
      status: 'started',
      reference: null,
      submitted_at: null,
    });
    expect(Date.parse(body.application.last_change)).not.toBeNaN();
    // The application as the service view reads it, at the top level as GET /service/tmp-pdf answers it.
    expect(body.answer).toMatchObject({ first_name: 'Lin', last_name: 'Trần' });
    expect(body.document_answer[DOC_KEY]).toMatchObject({ file_name: 'statement scan.png', status: 'completed' });
    expect(body.document).toMatchObject({
      answer_key: DOC_KEY,
      file_name: 'statement scan.png',
      file_type: 'png',
      status: 'completed',
      available: true,
    });
    expect(body.document!.file_size).toBeGreaterThan(0);
    expect(body.pdf_copy).toEqual({ status: 'completed', available: true, message: '' });
  });

  it('masks the SSN exactly as the service view does: its real value appears nowhere in the answer', async () => {
    const response = await detailOf(lin.id);
    const text = JSON.stringify(response.body);
    expect(response.body.answer.ssn).toBe('•••-••-6789');
    expect(text).not.toContain(SSN);
    expect(text).not.toContain('123456789');
  });

  it('shows an account without answers: no document, and its PDF copy not yet made', async () => {
    const { body } = await detailOf(bareId);
    expect(body.application).toMatchObject({ email: 'bare@example.org', status: 'account_only', name: '' });
    expect(body.document).toBeNull();
    expect(body.pdf_copy.available).toBe(false);
    const download = await staff.callers.reader.get<MessageBody>(`/api/staff/applications/${bareId}/document`);
    expect(download.status).toBe(404);
    expect(download.body.message).toMatch(/no document/);
  });
});

describe('every access written to the log and shown in the application’s history', () => {
  it('the view itself is the newest entry of the history it shows, with who and from where', async () => {
    const { body } = await detailOf(lin.id, staff.callers.admin);
    expect(body.history[0]).toMatchObject({ kind: 'application_viewed', staff_email: 'admin@college.example', client: '127.0.0.1' });
    expect(Date.parse(body.history[0]!.created_at)).not.toBeNaN();
  });

  it('downloads the converted document as a PDF attachment, never kept, and logs it', async () => {
    const response = await fetch(`${staff.callers.reader.baseUrl}/api/staff/applications/${lin.id}/document`, {
      headers: { cookie: [...staff.callers.reader.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="statement_scan.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const { body } = await detailOf(lin.id);
    expect(body.history.slice(0, 2).map((entry) => [entry.kind, entry.staff_email])).toEqual([
      ['application_viewed', 'reader@college.example'],
      ['document_downloaded', 'reader@college.example'],
    ]);
  });

  it('downloads the same PDF copy the applicant downloads, and logs it', async () => {
    const response = await fetch(`${staff.callers.admin.baseUrl}/api/staff/applications/${lin.id}/pdf-copy`, {
      headers: { cookie: [...staff.callers.admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="application-copy.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(lin.copy)).toBe(true);
    const { body } = await detailOf(lin.id);
    expect(body.history[1]).toMatchObject({ kind: 'pdf_copy_downloaded', staff_email: 'admin@college.example' });
  });

  it('gives the console a document question’s status with a link that downloads through the staff session', async () => {
    const { reader } = staff.callers;
    const answer = await reader.get<{ status: string; url: string }>(`/api/staff/applications/${lin.id}/document-answer/${DOC_KEY}`);
    expect(answer.body).toEqual({
      status: 'completed',
      message: expect.any(String) as string,
      url: `/api/staff/applications/${lin.id}/document?key=${DOC_KEY}`,
    });
    const download = await reader.get<string>(answer.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    // The key must be a document question's: any other answer key is refused.
    expect((await reader.get(`/api/staff/applications/${lin.id}/document-answer/first_name`)).status).toBe(400);
    expect((await reader.get(`/api/staff/applications/${lin.id}/document?key=first_name`)).status).toBe(400);
    const none = await reader.get<{ status: string; url: null }>(`/api/staff/applications/${bareId}/document-answer/${DOC_KEY}`);
    expect(none.body).toMatchObject({ status: 'not answered', url: null });
    const { body } = await detailOf(lin.id);
    expect(body.history[1]).toMatchObject({ kind: 'document_downloaded', staff_email: 'reader@college.example' });
  });

  it('refuses the PDF copy while it is not made yet (409), and logs no download', async () => {
    // Nothing asked for this applicant's copy before: the first request finds none and queues it.
    await signUpAndLogIn(server, 'fresh@example.org');
    const freshId = findUserByUsername(server.db, 'fresh@example.org')!.id;
    const refused = await staff.callers.reader.get<MessageBody>(`/api/staff/applications/${freshId}/pdf-copy`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/being made/);
    const { body } = await detailOf(freshId);
    expect(body.history.map((entry) => entry.kind)).toEqual(['application_viewed']);
  });

  it('tells the console where a PDF copy being made stands, until it can be downloaded; asking logs nothing', async () => {
    const client = await signUpAndLogIn(server, 'waiting@example.org');
    expect((await client.put('/api/answer', { first_name: 'Ana', last_name: 'Waits' })).status).toBe(200);
    const id = findUserByUsername(server.db, 'waiting@example.org')!.id;
    const stateOf = async () => {
      const { status, body, headers } = await staff.callers.reader.get<PdfCopyState>(`/api/staff/applications/${id}/pdf-copy/status`);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      return body;
    };
    const first = await stateOf();
    expect(first.available).toBe(false);
    expect(['unprocessed', 'in progress', 'completed']).toContain(first.status);
    const made = await waitFor(stateOf, (state) => state.available);
    expect(made).toEqual({ status: 'completed', available: true, message: '' });
    expect((await staff.callers.reader.get(`/api/staff/applications/${id}/pdf-copy`)).status).toBe(200);
    const { body } = await detailOf(id);
    expect(body.history.map((entry) => entry.kind)).toEqual(['application_viewed', 'pdf_copy_downloaded']);
  });

  it('makes a staff link that opens the read-only service view for 7 days, as the command makes it, and logs it', async () => {
    const made = await staff.callers.reader.post<SharedLink>(`/api/staff/applications/${lin.id}/share-link`);
    expect(made.status).toBe(201);
    const url = new URL(made.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.publicUrl}/about`);
    expect(Date.parse(made.body.expires_at) - server.clock.now()).toBe(7 * DAY_MS);
    const token = url.searchParams.get('service_token')!;
    const view = await server.client().get<ServiceData>(`/service/tmp-pdf?service_token=${token}`);
    expect(view.status).toBe(200);
    expect(view.body.answer).toMatchObject({ first_name: 'Lin', ssn: '•••-••-6789' });
    // The detail reads the application exactly as this service view does.
    expect(view.body.answer).toEqual((await detailOf(lin.id)).body.answer);
    // Read-only: the link writes nothing.
    expect((await server.client().put(`/api/answer?service_token=${token}`, { first_name: 'Changed' })).status).toBe(401);
    const { body } = await detailOf(lin.id);
    expect(body.history.slice(0, 3).map((entry) => entry.kind)).toEqual(['application_viewed', 'application_viewed', 'link_shared']);
  });

  it('shows at most the newest 50 entries of the history', async () => {
    for (let view = 0; view < 50; view++) expect((await detailOf(bareId)).status).toBe(200);
    const { body } = await detailOf(bareId);
    expect(body.history).toHaveLength(50);
    expect(body.history.every((entry) => entry.kind === 'application_viewed')).toBe(true);
    expect(body.history[0]!.created_at >= body.history[49]!.created_at).toBe(true);
  });
});
