import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../db/users';
import { DOCUMENT_MAX_PAGES } from '../../server/documents/contentLimits';
import { DOC_KEY, pdfCopyOf } from './helpers/documents';
import { pdfText } from './helpers/pdfText';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

/**
 * A document stored before the page limit existed may hold more pages than an upload may now. The
 * PDF copy holds its first DOCUMENT_MAX_PAGES pages and says, beside its answer and on its first
 * page, how many it has and how many are included: a reader of the copy is never left to think it
 * is whole.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function pdfOfPages(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page++)
    document.addPage([612, 792]).drawText(`Statement page ${page} end`, { x: 72, y: 400, size: 14, font });
  return Buffer.from(await document.save());
}

/** A completed document written straight into the store and the database, as a row converted before the limit would be. */
async function storeOldDocument(username: string, pdf: Buffer): Promise<void> {
  const userId = findUserByUsername(server.db, username)!.id;
  const key = `applicants/old${userId}/converted/${DOC_KEY}/old.pdf`;
  await server.store.put(key, pdf, 'application/pdf');
  const now = server.clock.now();
  server.db
    .prepare(
      `INSERT INTO documents (user_id, answer_key, generation, file_name, file_size, file_type, original_key, status, converted_key, created_at, updated_at)
       VALUES (?, ?, 1, 'statement.pdf', ?, 'pdf', NULL, 'completed', ?, ?, ?)`,
    )
    .run(userId, DOC_KEY, pdf.length, key, now, now);
  server.db
    .prepare('UPDATE applications SET answers = json_patch(answers, ?), version = version + 1 WHERE user_id = ?')
    .run(JSON.stringify({ [DOC_KEY]: 'ANSWERED' }), userId);
}

const copyOf = (client: TestClient): Promise<Buffer> => pdfCopyOf(server, client);

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('a stored document over the page limit, in the PDF copy', () => {
  it(`is cut at ${DOCUMENT_MAX_PAGES} pages, and the copy says how many it has and how many are included`, async () => {
    const username = 'long.document@example.org';
    const client = await signUpAndLogIn(server, username);
    expect((await client.put('/api/answer', { first_name: 'Long' })).status).toBe(200);
    await storeOldDocument(username, await pdfOfPages(45));

    const copy = await copyOf(client);
    const pages = (await pdfText(copy)).split('\f');
    const statementPages = pages.filter((page) => page.includes('Statement page'));
    expect(statementPages).toHaveLength(DOCUMENT_MAX_PAGES);
    expect(statementPages.at(-1)).toContain(`Statement page ${DOCUMENT_MAX_PAGES} end`);
    expect(pages.join('')).not.toContain(`Statement page ${DOCUMENT_MAX_PAGES + 1} end`);

    const answersText = oneLine(pages.slice(0, pages.indexOf(statementPages[0]!)).join(' '));
    expect(answersText).toContain(
      `Document attached: statement.pdf (45 pages; only the first ${DOCUMENT_MAX_PAGES} are appended at the end of this copy)`,
    );
    expect(oneLine(statementPages[0]!)).toContain(
      `This document has 45 pages; only the first ${DOCUMENT_MAX_PAGES} are included in this copy.`,
    );
  }, 60_000);

  it(`is appended whole, without a note, at ${DOCUMENT_MAX_PAGES} pages`, async () => {
    const username = 'full.document@example.org';
    const client = await signUpAndLogIn(server, username);
    expect((await client.put('/api/answer', { first_name: 'Full' })).status).toBe(200);
    await storeOldDocument(username, await pdfOfPages(DOCUMENT_MAX_PAGES));

    const text = oneLine(await pdfText(await copyOf(client)));
    expect(text).toContain(`Statement page ${DOCUMENT_MAX_PAGES} end`);
    expect(text).toContain('Document attached: statement.pdf (appended at the end of this copy)');
    expect(text).not.toContain('only the first');
  }, 60_000);
});
