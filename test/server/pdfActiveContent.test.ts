import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDocument } from '../../db/documents';
import { findUserByUsername } from '../../db/users';
import { normalisePdf } from '../../server/documents/convert/pdfToPdf';
import { renderApplicationCopy } from '../../server/pdf/renderCopy';
import { loadCollegeConfig } from '../../src/college/load';
import { ACTIVE_CONTENT_KINDS, FINDING_OF, activeContentIn, makeActivePdf } from './helpers/activePdf';
import { DOC_KEY, DOCUMENT_LINK, onServer, uploadAndConvert, waitFor, type PdfCopyBody } from './helpers/documents';
import { pdfText } from './helpers/pdfText';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

/**
 * Issue 10, item 2: scripts, actions, embedded files and forms in an uploaded PDF must reach
 * neither its converted PDF nor the PDF copy staff open; what the pages show must stay.
 */

const college = loadCollegeConfig();

/** The PDF copy of an application whose only content is one appended document. */
function copyWith(pdf: Uint8Array): Promise<Buffer> {
  return renderApplicationCopy({
    college,
    username: 'active@example.org',
    answers: { first_name: 'Ada' },
    addAnother: {},
    documents: [{ answerKey: DOC_KEY, fileName: 'transcript.pdf', pdf }],
    submittedAt: null,
    renderedAt: Date.now(),
  });
}

describe('active content in an uploaded PDF', () => {
  for (const kind of ACTIVE_CONTENT_KINDS) {
    it(`${kind}: none of it survives the conversion or the PDF copy, and the page text stays`, async () => {
      const marker = `MARKER-${kind.toUpperCase()}`;
      const upload = await makeActivePdf([kind], ['Official transcript', marker]);
      // The fixture really carries it: the walker finds it in the upload.
      expect(await activeContentIn(upload)).toContain(FINDING_OF[kind]);

      const converted = await normalisePdf(upload);
      expect(await activeContentIn(converted)).toEqual([]);
      // The copy is made clean also from a document converted before this rule existed.
      for (const appended of [converted, upload]) {
        const copy = await copyWith(appended);
        expect(await activeContentIn(copy)).toEqual([]);
        expect(await pdfText(copy)).toContain(marker);
      }
      expect(await pdfText(converted)).toContain(marker);
      expect((await PDFDocument.load(converted)).getPageCount()).toBe(1);
    });
  }

  it('an annotation’s visible appearance (a filled field, a stamp) stays on the page, without its script', async () => {
    const upload = await makeActivePdf([], ['Form'], { stamp: 'MARKER-FILLED-FIELD' });
    expect(await activeContentIn(upload)).toContain('/AA');
    const converted = await normalisePdf(upload);
    expect(await activeContentIn(converted)).toEqual([]);
    expect(await pdfText(converted)).toContain('MARKER-FILLED-FIELD');
    const copy = await copyWith(upload);
    expect(await activeContentIn(copy)).toEqual([]);
    expect(await pdfText(copy)).toContain('MARKER-FILLED-FIELD');
  });
});

describe('through the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a PDF carrying every kind is stored converted without any of it, and the PDF copy staff download has none either', async () => {
    const username = 'active.1@example.org';
    const client = await signUpAndLogIn(server, username);
    await client.put('/api/answer', { first_name: 'Ada' });
    const upload = await makeActivePdf(ACTIVE_CONTENT_KINDS, ['Transcript', 'MARKER-SERVER-7731'], { stamp: 'MARKER-SERVER-STAMP' });
    const { final } = await uploadAndConvert(server, client, { bytes: upload, name: 'transcript.pdf' });
    expect(final).toEqual({ status: 'completed', message: '', url: DOCUMENT_LINK });

    const userId = findUserByUsername(server.db, username)!.id;
    const converted = (await server.store.get(findDocument(server.db, userId, DOC_KEY)!.converted_key!))!;
    expect(await activeContentIn(converted)).toEqual([]);

    const copy = await waitFor(
      async () => (await client.get<PdfCopyBody>('/api/pdf')).body,
      (body) => body.status === 'completed' || body.status === 'failed',
    );
    expect(copy.status).toBe('completed');
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const downloaded = Buffer.from(await (await fetch(onServer(server, copy.url), { headers: { cookie } })).arrayBuffer());
    expect(await activeContentIn(downloaded)).toEqual([]);
    const shown = await pdfText(downloaded);
    expect(shown).toContain('MARKER-SERVER-7731');
    expect(shown).toContain('MARKER-SERVER-STAMP');
  });
});
