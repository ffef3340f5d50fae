import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDocument } from '../../db/documents';
import { findJob } from '../../db/jobs';
import { findUserByUsername } from '../../db/users';
import { createAccessTokens } from '../../server/accounts/accessTokens';
import { readServerConfig } from '../../server/config';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { MAX_JOB_ATTEMPTS } from '../../server/jobs/jobRunner';
import { DOCUMENT_ANSWERED } from '../../src/catalogue/limits';
import { completeApplication } from '../fixtures/completeApplication';
import { DOC_KEY, DOCUMENT_LINK, presign, upload, uploadAndConvert, waitFor, waitForConversion, type TestFile } from './helpers/documents';
import { BROKEN_PDF, SMALL_JPEG, makeDocx, makeEncryptedPdf, makePdf, makePng } from './helpers/files';
import { needing, pdfText } from './helpers/pdfText';
import { TestClient, signUpAndLogIn, startTestServer, type TestServer, type MessageBody } from './helpers/testServer';
import type { ConversionStatus, DocumentAnswer, Profile, ServiceData } from '../../machines/api/responses';
import { anyNumber } from '../fixtures/matchers';

/** A completed conversion's status carries its PDF's download link (issue 13). */

let server: TestServer;
let counter = 0;

async function newApplicant(on: TestServer = server) {
  const username = `doc.${++counter}@example.org`;
  const client = await signUpAndLogIn(on, username);
  return { client, username, userId: findUserByUsername(on.db, username)!.id };
}

async function convertedPdf(on: TestServer, userId: number): Promise<Buffer> {
  const row = findDocument(on.db, userId, DOC_KEY);
  expect(row?.converted_key).toBeTruthy();
  return (await on.store.get(row!.converted_key!))!;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('conversion of each type', () => {
  const cases: [string, () => Promise<TestFile>, string | undefined][] = [
    ['png', () => Promise.resolve({ bytes: makePng(300, 200), name: 'transcript.png' }), undefined],
    ['jpeg', () => Promise.resolve({ bytes: SMALL_JPEG, name: 'transcript.jpeg' }), undefined],
    ['jpg', () => Promise.resolve({ bytes: SMALL_JPEG, name: 'scan.jpg' }), undefined],
    [
      'pdf',
      async () => ({ bytes: await makePdf(['Transcript of records', 'MARKER-PDF-2741']), name: 'transcript.pdf' }),
      'MARKER-PDF-2741',
    ],
    [
      'docx',
      () => Promise.resolve({ bytes: makeDocx(['My essay', 'MARKER-DOCX-5309 written by Nguyễn']), name: 'essay.docx' }),
      'MARKER-DOCX-5309',
    ],
  ];

  for (const [type, make, marker] of cases) {
    it(`converts a ${type} made by the test, marks the answer ANSWERED and lists the document`, async () => {
      const { client, userId } = await newApplicant();
      const file = await make();
      const { final } = await uploadAndConvert(server, client, file);
      expect(final).toEqual({ status: 'completed', message: '', url: DOCUMENT_LINK });
      expect((await client.get<Profile>('/api/profile')).body.answer[DOC_KEY]).toBe(DOCUMENT_ANSWERED);
      const listed = { [DOC_KEY]: { file_name: file.name, file_size: file.bytes.length, status: 'completed' } };
      expect((await client.get('/api/document-answer')).body).toEqual(listed);
      expect((await client.get<Profile>('/api/profile')).body.document_answer).toEqual(listed);
      const pdf = await convertedPdf(server, userId);
      expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);
      if (marker) expect(await pdfText(pdf)).toContain(marker);
    });
  }

  it('converts docx without LibreOffice (mammoth → pdfkit), keeping the text and its Unicode', async () => {
    const jsOnly = await startTestServer({ DOCX_CONVERTER: 'js' });
    try {
      const { client, userId } = await newApplicant(jsOnly);
      const { final } = await uploadAndConvert(jsOnly, client, {
        bytes: makeDocx(['Statement of Dvořák', 'Written by Nguyễn Thị Minh Khai.']),
        name: 'essay.docx',
      });
      expect(final.status).toBe('completed');
      const text = await pdfText(await convertedPdf(jsOnly, userId));
      expect(text).toContain('Statement of Dvořák');
      expect(text).toContain('Written by Nguyễn Thị Minh Khai.');
    } finally {
      await jsOnly.stop();
    }
  });

  const officeRoute = needing('converts docx with LibreOffice when it is installed', { libreoffice: true });
  it.skipIf(officeRoute[1])(
    officeRoute[0],
    async () => {
      const withOffice = await startTestServer({ DOCX_CONVERTER: 'libreoffice', PATH: process.env.PATH ?? '' });
      try {
        const { client, userId } = await newApplicant(withOffice);
        const { final } = await uploadAndConvert(withOffice, client, {
          bytes: makeDocx(['Essay', 'MARKER-SOFFICE-8812 Øyvind']),
          name: 'essay.docx',
        });
        expect(final.status).toBe('completed');
        expect(await pdfText(await convertedPdf(withOffice, userId))).toContain('MARKER-SOFFICE-8812 Øyvind');
      } finally {
        await withOffice.stop();
      }
    },
    60_000,
  );
});

describe('failed conversions', () => {
  it('clear the answer, keep the reason for the status call, and are reset by deleting the conversion (section 4)', async () => {
    const { client } = await newApplicant();
    // A completed document first: its ANSWERED must not survive a failed replacement.
    await uploadAndConvert(server, client, { bytes: makePng(40, 40), name: 'first.png' });
    expect((await client.get<Profile>('/api/profile')).body.answer[DOC_KEY]).toBe(DOCUMENT_ANSWERED);

    const { final } = await uploadAndConvert(server, client, { bytes: await makeEncryptedPdf(), name: 'locked.pdf' });
    expect(final).toEqual({ status: 'failed', message: DOCUMENT_MESSAGES.pdfEncrypted, url: null });
    expect((await client.get<Profile>('/api/profile')).body.answer[DOC_KEY]).toBe('');
    expect((await client.get<Record<string, DocumentAnswer>>('/api/document-answer')).body[DOC_KEY]).toMatchObject({
      file_name: 'locked.pdf',
      status: 'failed',
    });

    expect((await client.request('DELETE', `/api/pdf/document-answer/${DOC_KEY}`)).status).toBe(200);
    expect((await client.get(`/api/pdf/document-answer/${DOC_KEY}`)).body).toEqual({ status: 'not answered', message: '', url: null });
    expect((await client.get('/api/document-answer')).body).toEqual({});
  });

  it('say what is wrong with a broken PDF', async () => {
    const { client } = await newApplicant();
    const { final } = await uploadAndConvert(server, client, { bytes: BROKEN_PDF, name: 'broken.pdf' });
    expect(final.status).toBe('failed');
    expect([DOCUMENT_MESSAGES.pdfUnreadable, DOCUMENT_MESSAGES.pdfEmpty]).toContain(final.message);
  });
});

describe('deleting', () => {
  it('DELETE /api/document-answer/{key} removes the document, its conversion, its files and the answer', async () => {
    const { client, userId } = await newApplicant();
    const { presigned } = await uploadAndConvert(server, client, { bytes: makePng(30, 30), name: 'scan.png' });
    const convertedKey = findDocument(server.db, userId, DOC_KEY)!.converted_key!;
    const response = await client.request('DELETE', `/api/document-answer/${DOC_KEY}`);
    expect(response).toMatchObject({ status: 200, body: { message: 'Your file was deleted.' } });
    expect((await client.get('/api/document-answer')).body).toEqual({});
    expect((await client.get<Profile>('/api/profile')).body.answer[DOC_KEY]).toBe('');
    expect((await client.get<ConversionStatus>(`/api/pdf/document-answer/${DOC_KEY}`)).body.status).toBe('not answered');
    const gone = async () =>
      (await server.store.get(presigned.fields.key!)) === undefined && (await server.store.get(convertedKey)) === undefined;
    expect(await waitFor(gone, Boolean, 10_000)).toBe(true);
    // Deleting again, or a key that never had a document, is harmless.
    expect((await client.request('DELETE', `/api/document-answer/${DOC_KEY}`)).status).toBe(200);
    expect((await client.request('DELETE', '/api/document-answer/first_name')).status).toBe(400);
  });

  it('a tab switch detaches the tab’s document and its conversion together with the choice', async () => {
    const { client } = await newApplicant();
    expect((await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' })).status).toBe(200);
    await uploadAndConvert(server, client, { bytes: makePng(30, 30), name: 'statement.png' });
    expect((await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'write' })).status).toBe(200);
    expect((await client.get('/api/document-answer')).body).toEqual({});
    expect((await client.get<Profile>('/api/profile')).body.answer[DOC_KEY]).toBe('');
    expect((await client.get<Record<string, string>>('/api/tabs')).body.personal_statement).toBe('write');
  });

  it('one applicant’s deletes never touch another’s document', async () => {
    const owner = await newApplicant();
    const other = await newApplicant();
    await uploadAndConvert(server, owner.client, { bytes: makePng(30, 30), name: 'mine.png' });
    expect((await other.client.request<MessageBody>('DELETE', `/api/document-answer/${DOC_KEY}`)).body.message).toBe(
      DOCUMENT_MESSAGES.noDocument,
    );
    expect((await other.client.get('/api/document-answer')).body).toEqual({});
    expect((await owner.client.get<Record<string, DocumentAnswer>>('/api/document-answer')).body[DOC_KEY]?.status).toBe('completed');
  });
});

describe('durable jobs', () => {
  it('a conversion interrupted by a stop resumes after the restart; meanwhile the document blocks deletes and tab switches', async () => {
    const held: number[] = [];
    const first = await startTestServer(
      {},
      {
        // Holds every job as if the conversion were still running, until the server stops.
        jobHooks: {
          beforeJob: (job, signal) =>
            new Promise<void>((resolve) => {
              held.push(job.id);
              signal.addEventListener('abort', () => resolve(), { once: true });
            }),
        },
      },
    );
    const { client } = await newApplicant(first);
    const presigned = await presign(client);
    expect((await upload(first, presigned, { bytes: makePng(50, 50), name: 'scan.png' })).status).toBe(204);
    expect(
      (await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: presigned.fields.key, file_name: 'scan.png' })).status,
    ).toBe(202);
    await waitFor(
      () => Promise.resolve(held.length),
      (count) => count > 0,
      10_000,
    );
    expect(findJob(first.db, held[0]!)?.state).toBe('running');

    const busy = { status: 409, body: { message: DOCUMENT_MESSAGES.uploadInProgress } };
    expect(await client.request('DELETE', `/api/pdf/document-answer/${DOC_KEY}`)).toMatchObject(busy);
    expect(await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'write' })).toMatchObject(busy);
    expect(await client.post('/api/presigned-url', { answer_key: DOC_KEY })).toMatchObject(busy);

    await first.close();
    const second = await startTestServer({}, { dataDir: first.dataDir });
    try {
      const resumed = new TestClient(second.url);
      for (const [name, value] of client.cookies) resumed.cookies.set(name, value);
      expect(await waitForConversion(resumed)).toEqual({ status: 'completed', message: '', url: DOCUMENT_LINK });
      expect((await resumed.get<Profile>('/api/profile')).body.answer[DOC_KEY]).toBe(DOCUMENT_ANSWERED);
      expect(findJob(second.db, held[0]!)?.state).toBe('done');
    } finally {
      await second.stop();
    }
  });

  it('a job interrupted on each of its attempts is given up: the conversion fails instead of looping', async () => {
    const held: number[] = [];
    const hold = {
      beforeJob: (job: { id: number }, signal: AbortSignal) =>
        new Promise<void>((resolve) => {
          held.push(job.id);
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
    };
    const first = await startTestServer({}, { jobHooks: hold });
    const { client } = await newApplicant(first);
    const presigned = await presign(client);
    await upload(first, presigned, { bytes: makePng(20, 20), name: 'scan.png' });
    await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: presigned.fields.key, file_name: 'scan.png' });
    await waitFor(
      () => Promise.resolve(held.length),
      (count) => count > 0,
      10_000,
    );
    first.db.prepare('UPDATE jobs SET attempts = ? WHERE id = ?').run(MAX_JOB_ATTEMPTS, held[0]!);
    await first.close();
    const second = await startTestServer({}, { dataDir: first.dataDir });
    try {
      const resumed = new TestClient(second.url);
      for (const [name, value] of client.cookies) resumed.cookies.set(name, value);
      expect(await waitForConversion(resumed)).toEqual({ status: 'failed', message: DOCUMENT_MESSAGES.conversionFailed, url: null });
      expect(findJob(second.db, held[0]!)?.state).toBe('failed');
    } finally {
      await second.stop();
    }
  });

  it('conversions run off the request loop: saves stay fast while several files convert', async () => {
    const applicants = await Promise.all([newApplicant(), newApplicant(), newApplicant()]);
    const conversions = applicants.map(({ client }, index) =>
      uploadAndConvert(
        server,
        client,
        index === 0
          ? { bytes: makePng(560, 560, { noise: true }), name: 'photo.png' }
          : { bytes: makeDocx(['Essay', 'x '.repeat(4000)]), name: 'essay.docx' },
      ),
    );
    const saver = applicants[0].client;
    const timings: number[] = [];
    for (let save = 0; save < 15; save++) {
      const started = performance.now();
      expect((await saver.put('/api/answer', { first_name: `Name ${save}` })).status).toBe(200);
      timings.push(performance.now() - started);
    }
    const results = await Promise.all(conversions);
    expect(results.map((result) => result.final.status)).toEqual(['completed', 'completed', 'completed']);
    // A guard, not a benchmark: a conversion on the event loop would hold saves for its whole run.
    expect(Math.max(...timings)).toBeLessThan(500);
  }, 60_000);
});

describe('who sees documents', () => {
  it('the staff view lists the document; submitted applications refuse document changes', async () => {
    const username = `doc.${++counter}@example.org`;
    const client = await signUpAndLogIn(server, username);
    await client.put('/api/answer', completeApplication);
    await uploadAndConvert(server, client, { bytes: makePng(30, 30), name: 'statement.png' });
    const userId = findUserByUsername(server.db, username)!.id;
    const token = serviceToken(server, userId);
    const staff = await server.client().get<ServiceData>(`/service/tmp-pdf?service_token=${token}`);
    expect(staff.body.document_answer).toEqual({
      [DOC_KEY]: { file_name: 'statement.png', file_size: anyNumber, status: 'completed' },
    });

    expect((await client.post('/api/submit', {})).status).toBe(200);
    expect((await client.post('/api/presigned-url', { answer_key: DOC_KEY })).status).toBe(409);
    expect((await client.request('DELETE', `/api/document-answer/${DOC_KEY}`)).status).toBe(409);
    expect((await client.request('DELETE', `/api/pdf/document-answer/${DOC_KEY}`)).status).toBe(409);
  });

  it('needs a session for every document call', async () => {
    const visitor = server.client();
    for (const [method, path] of [
      ['GET', '/api/document-answer'],
      ['DELETE', `/api/document-answer/${DOC_KEY}`],
      ['GET', `/api/pdf/document-answer/${DOC_KEY}`],
      ['DELETE', `/api/pdf/document-answer/${DOC_KEY}`],
      ['GET', '/api/pdf'],
    ] as const) {
      expect((await visitor.request(method, path)).status, `${method} ${path}`).toBe(401);
    }
    expect((await visitor.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: 'x', file_name: 'a.png' })).status).toBe(401);
  });
});

/** A staff link's token, issued as `npm run admin -- service-token` does, with the secret kept in DATA_DIR. */
function serviceToken(on: TestServer, userId: number): string {
  const { secret } = readServerConfig({ NODE_ENV: 'test', DATA_DIR: on.dataDir });
  return createAccessTokens({ db: on.db, secret, now: () => on.clock.now() }).issueStaffLink(userId);
}
