import { PDFDocument, PDFName } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNextJob, enqueueJob } from '../../db/jobs';
import { openDatabase } from '../../db/connection';
import { DOCUMENT_MAX_PAGES } from '../../server/documents/contentLimits';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { DOC_KEY, presign, upload, waitFor, waitForConversion, type PdfCopyBody, type TestFile } from './helpers/documents';
import { docxEntries, makePdf, makeZip } from './helpers/files';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

/**
 * Documents that are small files but huge work: thousands of pages, or a picture that decodes to
 * gigabytes. They are refused with a message naming the limit, quickly, and another applicant's
 * PDF copy is not kept waiting meanwhile.
 */

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  // LibreOffice (when installed) converts the docx, as in production.
  server = await startTestServer({ PATH: process.env.PATH ?? '' });
});
afterAll(async () => {
  await server.stop();
});

async function newApplicant(): Promise<TestClient> {
  return signUpAndLogIn(server, `bomb.${++counter}@example.org`);
}

/** A PDF of `pages` empty pages, in object streams: 10,000 pages fit in well under 1 MB. */
async function emptyPages(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page++) document.addPage([612, 792]);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/** A one-page PDF drawing one picture that declares 20,000 × 20,000 pixels, its few bytes compressed twice. */
async function pdfWithHugePicture(width = 20_000, height = 20_000): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  const data = deflateSync(deflateSync(Buffer.alloc(1024)));
  const picture = document.context.register(
    document.context.stream(data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: [PDFName.of('FlateDecode'), PDFName.of('FlateDecode')],
    }),
  );
  page.node.setXObject(PDFName.of('Im1'), picture);
  page.pushOperators();
  const content = document.context.register(document.context.flateStream('q 500 0 0 500 50 200 cm /Im1 Do Q'));
  page.node.set(PDFName.of('Contents'), content);
  return Buffer.from(await document.save());
}

/** A 7 KB Word document of 36,000 page breaks. */
function docxOfPageBreaks(breaks: number): Buffer {
  return makeZip(
    docxEntries(['Pages']).map((entry) =>
      entry.name === 'word/document.xml'
        ? {
            ...entry,
            data: Buffer.from(
              entry.data.toString().replace('</w:body>', `<w:p><w:r>${'<w:br w:type="page"/>'.repeat(breaks)}</w:r></w:p></w:body>`),
            ),
          }
        : entry,
    ),
  );
}

async function requestConversion(client: TestClient, file: TestFile): Promise<void> {
  const presigned = await presign(client);
  expect((await upload(server, presigned, file)).status).toBe(204);
  const requested = await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: presigned.fields.key, file_name: file.name });
  expect(requested.status).toBe(202);
}

describe('page and picture bombs', () => {
  it(`are refused with a message naming the limit (${DOCUMENT_MAX_PAGES} pages, 40 megapixels), and another applicant’s PDF copy is ready within 10 s meanwhile`, async () => {
    expect(DOCUMENT_MESSAGES.tooManyPages).toContain(`${DOCUMENT_MAX_PAGES} pages`);
    const pdfBomb = await emptyPages(10_000);
    expect(pdfBomb.length).toBeLessThan(1024 * 1024);
    const docxBomb = docxOfPageBreaks(36_000);
    expect(docxBomb.length).toBeLessThan(10 * 1024);
    const pictureBomb = await pdfWithHugePicture();
    expect(pictureBomb.length).toBeLessThan(4 * 1024);

    // Both worker threads started first (loading the PDF libraries takes seconds on a busy machine), so the clock below measures waiting, not starting.
    const [warmConversion, warmCopy] = await Promise.all([newApplicant(), newApplicant()]);
    await Promise.all([
      requestConversion(warmConversion, { bytes: await makePdf(['Warm']), name: 'warm.pdf' }),
      warmCopy.put('/api/answer', { first_name: 'Warm' }),
    ]);
    expect((await waitForConversion(warmConversion)).status).toBe('completed');
    expect(
      (
        await waitFor(
          async () => (await warmCopy.get<PdfCopyBody>('/api/pdf')).body,
          (body) => body.status === 'completed',
        )
      ).status,
    ).toBe('completed');

    const attackers = await Promise.all([newApplicant(), newApplicant(), newApplicant(), newApplicant()]);
    const victim = await newApplicant();
    await Promise.all([
      requestConversion(attackers[0], { bytes: pdfBomb, name: 'pages.pdf' }),
      requestConversion(attackers[1], { bytes: docxBomb, name: 'pages.docx' }),
      requestConversion(attackers[2], { bytes: docxOfPageBreaks(36_000), name: 'more.docx' }),
      requestConversion(attackers[3], { bytes: pictureBomb, name: 'picture.pdf' }),
    ]);
    // While those are in the queue, the victim changes an answer and waits for the PDF copy of it.
    const started = Date.now();
    expect((await victim.put('/api/answer', { first_name: 'Victim' })).status).toBe(200);
    const copy = await waitFor(
      async () => (await victim.get<PdfCopyBody>('/api/pdf')).body,
      (body) => body.status === 'completed' || body.status === 'failed',
      20_000,
    );
    expect(copy.status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(10_000);

    const outcomes = await Promise.all(attackers.map((attacker) => waitForConversion(attacker, DOC_KEY, 60_000)));
    expect(outcomes).toEqual([
      { status: 'failed', message: DOCUMENT_MESSAGES.tooManyPages, url: null },
      { status: 'failed', message: DOCUMENT_MESSAGES.tooManyPages, url: null },
      { status: 'failed', message: DOCUMENT_MESSAGES.tooManyPages, url: null },
      { status: 'failed', message: DOCUMENT_MESSAGES.pdfPictureTooLarge(20_000, 20_000), url: null },
    ]);
  }, 120_000);

  it(`accepts a document of exactly ${DOCUMENT_MAX_PAGES} pages and a picture within the limits`, async () => {
    const client = await newApplicant();
    await requestConversion(client, { bytes: await emptyPages(DOCUMENT_MAX_PAGES), name: 'thirty.pdf' });
    expect((await waitForConversion(client)).status).toBe('completed');
    const other = await newApplicant();
    await requestConversion(other, { bytes: await pdfWithHugePicture(2000, 1500), name: 'picture.pdf' });
    expect((await waitForConversion(other)).status).toBe('completed');
    const third = await newApplicant();
    await requestConversion(third, { bytes: await makePdf(['Short']), name: 'short.pdf' });
    expect((await waitForConversion(third)).status).toBe('completed');
  }, 60_000);
});

describe('job slots', () => {
  it('are shared between applicants: one applicant’s queue does not go before another’s job, one conversion each at a time', () => {
    const db = openDatabase(':memory:');
    try {
      const now = 1_000;
      for (const id of [1, 2])
        db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, `u${id}@x.org`, 'x', now);
      const first = [1, 2, 3].map((n) =>
        enqueueJob(db, { kind: 'convert_document', userId: 1, answerKey: `doc_${n}`, generation: 1 }, now),
      );
      const other = enqueueJob(db, { kind: 'render_copy', userId: 2, answerKey: 'copy', generation: 1 }, now);
      const claimed = [claimNextJob(db, now)?.id, claimNextJob(db, now)?.id, claimNextJob(db, now)?.id];
      // Applicant 2's job and applicant 1's first run; applicant 1's other conversions wait for theirs.
      expect(claimed.slice(0, 2).sort()).toEqual([first[0], other].sort());
      expect(claimed[2]).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
