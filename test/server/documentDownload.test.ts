import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../db/users';
import { createAccessTokens } from '../../server/accounts/accessTokens';
import { readServerConfig } from '../../server/config';
import { DOCUMENT_LINK_TTL_MS } from '../../server/documents/documentLinks';
import { DOC_KEY, onServer, uploadAndConvert, waitFor } from './helpers/documents';
import { makeDocx, makePdf } from './helpers/files';
import { pdfText } from './helpers/pdfText';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

/*
 * Issue 13 gap 2: an applicant opens the PDF of their own uploaded document. The link comes with
 * the conversion's status (GET /api/pdf/document-answer/{key}), is signed and short-lived, names
 * the one converted file, and opens only with the owner's session or a staff token for the owner.
 */

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function newApplicant() {
  const username = `doc.${++counter}@example.org`;
  return { username, client: await signUpAndLogIn(server, username) };
}

async function download(url: string, client?: TestClient) {
  const cookie = client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  const response = await fetch(onServer(server, url), { headers: cookie ? { cookie } : {} });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function staffTokenFor(username: string): string {
  const { secret } = readServerConfig({ NODE_ENV: 'test', DATA_DIR: server.dataDir });
  const tokens = createAccessTokens({ db: server.db, secret, now: () => server.clock.now() });
  return tokens.issueStaffLink(findUserByUsername(server.db, username)!.id);
}

/** An applicant whose statement (a PDF showing `marker`) is uploaded and converted; its status with the link. */
async function withDocument(marker: string, name = 'statement.pdf') {
  const applicant = await newApplicant();
  const bytes = name.endsWith('.docx') ? makeDocx([marker]) : await makePdf([marker]);
  const converted = await uploadAndConvert(server, applicant.client, { bytes, name });
  expect(converted.final.status).toBe('completed');
  const status = (await applicant.client.get(`/api/pdf/document-answer/${DOC_KEY}`)).body as { status: string; url: string | null };
  return { ...applicant, status };
}

describe('opening an uploaded document (its converted PDF)', () => {
  it('gives the owner a short-lived link with the completed status, which downloads the converted PDF', async () => {
    const { client, status } = await withDocument('MARKER-OWNER-5521', 'my essay.docx');
    expect(status.status).toBe('completed');
    expect(status.url).toMatch(/^\/files\/document\?ticket=/);
    const { response, bytes } = await download(status.url!, client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    // The converted file's name: the uploaded name with .pdf, safe in a header.
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my_essay.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain('MARKER-OWNER-5521');
  });

  it('gives no link while there is no converted document', async () => {
    const { client } = await newApplicant();
    expect((await client.get(`/api/pdf/document-answer/${DOC_KEY}`)).body).toEqual({ status: 'not answered', message: '', url: null });
  });

  it('reads a link that says a thing twice, or leaves it out, as a link that does not open (never a 400)', async () => {
    const { client, status } = await withDocument('MARKER-TWICE-4410');
    const url = status.url!;
    const ticket = new URL(url, server.url).searchParams.get('ticket')!;
    const invalid = { message: 'This link is invalid or has expired. Please download the copy again.' };
    for (const path of [`${url}&ticket=${ticket}`, '/files/document', '/files/pdf-copy', '/files/document?ticket=']) {
      const { response, bytes } = await download(path, client);
      expect({ status: response.status, body: JSON.parse(bytes.toString()) as unknown }, path).toMatchObject({
        status: 404,
        body: invalid,
      });
    }
    // A staff link given twice is no staff link: a visitor with the owner's link is asked to log in.
    const twice = await download(`${url}&service_token=${'a'.repeat(20)}&service_token=${'b'.repeat(20)}`);
    expect({ status: twice.response.status, body: JSON.parse(twice.bytes.toString()) as unknown }).toMatchObject({
      status: 401,
      body: { message: 'Please log in to download your document.' },
    });
  });

  it('opens for nobody else: another applicant, a visitor, a changed, an expired or a PDF-copy link', async () => {
    const { client, status } = await withDocument('MARKER-PRIVATE-7310');
    const url = status.url!;
    const other = await newApplicant();
    const stolen = await download(url, other.client);
    expect(stolen.response.status).toBe(404);
    // An error in JSON like every other, naming nothing of the document.
    expect(Object.keys(JSON.parse(stolen.bytes.toString()) as object).sort()).toEqual(['message', 'request_id']);
    expect(stolen.bytes.toString()).not.toContain('MARKER-PRIVATE-7310');
    expect((await download(url)).response.status).toBe(401);
    const tampered = url.replace(/ticket=(\d+)\./, (_, id: string) => `ticket=${Number(id) + 1}.`);
    expect(tampered).not.toBe(url);
    expect((await download(tampered, client)).response.status).toBe(404);
    // A link made for the PDF copy is not a document link, though signed with the same secret.
    await client.put('/api/answer', { first_name: 'Copy' });
    const copy = await waitFor(
      async () => (await client.get('/api/pdf')).body as { status: string; url: string },
      (body) => body.status === 'completed',
    );
    const copyTicket = new URL(copy.url, server.url).searchParams.get('ticket')!;
    expect((await download(`/files/document?ticket=${copyTicket}`, client)).response.status).toBe(404);

    const before = server.clock.now();
    server.clock.advance(DOCUMENT_LINK_TTL_MS + 1);
    try {
      expect((await download(url, client)).response.status).toBe(404);
    } finally {
      server.clock.set(before);
    }
    expect((await download(url, client)).response.status).toBe(200);
  });

  it('stops opening once the document is deleted', async () => {
    const { client, status } = await withDocument('MARKER-DELETED-1204');
    expect((await client.request('DELETE', `/api/document-answer/${DOC_KEY}`)).status).toBe(200);
    expect((await download(status.url!, client)).response.status).toBe(404);
  });

  it('opens for staff with a staff link for the owner (GET /service/pdf/document-answer/{key}), and not with another', async () => {
    const { username, status: own } = await withDocument('MARKER-STAFF-8842');
    const token = staffTokenFor(username);
    const staff = server.client();
    const status = (await staff.get(`/service/pdf/document-answer/${DOC_KEY}?service_token=${token}`)).body as {
      status: string;
      url: string;
    };
    expect(status.status).toBe('completed');
    expect(status.url).toContain(`service_token=${token}`);
    const { response, bytes } = await download(status.url);
    expect(response.status).toBe(200);
    expect(await pdfText(bytes)).toContain('MARKER-STAFF-8842');

    const { username: otherName } = await newApplicant();
    const otherToken = staffTokenFor(otherName);
    expect((await download(status.url.replace(token, otherToken))).response.status).toBe(404);
    // The owner's link with a staff token for someone else is refused too.
    expect((await download(`${own.url}&service_token=${otherToken}`)).response.status).toBe(404);
    expect((await staff.get(`/service/pdf/document-answer/${DOC_KEY}?service_token=not-a-valid-token-at-all`)).status).toBe(403);
    expect((await staff.get(`/service/pdf/document-answer/not_a_question?service_token=${token}`)).status).toBe(400);
  });
});
