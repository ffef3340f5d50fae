import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { uploadAndConvert } from './helpers/documents';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

/**
 * A picture drawn inline in a page's content (BI … ID data EI) declares its size there: a PDF of
 * a few kilobytes may declare a picture of gigabytes. The picture limits apply to it as to any
 * other picture in an uploaded PDF; text that only reads like an inline picture is no picture.
 */

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A one-page PDF whose (compressed) content is `content`; `form`, when given, is a form XObject the page draws. */
async function pdfDrawing(content: Buffer, form?: Buffer, options: { compressed?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const context = document.context;
  if (form) {
    const formRef = context.register(context.flateStream(form, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 100] }));
    page.node.setXObject(PDFName.of('Fm1'), formRef);
  }
  const stream = options.compressed ? context.stream(content, { Filter: 'FlateDecode' }) : context.flateStream(content);
  page.node.set(PDFName.of('Contents'), context.register(stream));
  return Buffer.from(await document.save());
}

/** An inline picture: the parameters as written, then its data. */
const inlinePicture = (parameters: string, data: Buffer) =>
  Buffer.concat([latin1(`q 200 0 0 200 50 400 cm BI ${parameters} ID `), data, latin1(' EI Q\n')]);

async function convert(bytes: Buffer): Promise<{ status: string; message: string }> {
  const client = await signUpAndLogIn(server, `inline.${++counter}@example.org`);
  return (await uploadAndConvert(server, client, { bytes, name: 'inline.pdf' })).final;
}

describe('pictures drawn inline in an uploaded PDF', () => {
  it('are refused over the picture limits, with the message of any picture too large, in a page or in a form it draws', async () => {
    // 20,000 × 20,000 RGB (1.2 GB decoded) from a kilobyte of zeros, compressed.
    const huge = await pdfDrawing(inlinePicture('/W 20000 /H 20000 /BPC 8 /CS /RGB /F /Fl', deflateSync(Buffer.alloc(1024))));
    expect(huge.length).toBeLessThan(4 * 1024);
    // Full parameter names, in a form XObject the page draws: 10,000 × 8,000 grey is 80 megapixels.
    const inForm = await pdfDrawing(
      latin1('q /Fm1 Do Q\n'),
      inlinePicture(
        '/Width 10000 /Height 8000 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode',
        deflateSync(Buffer.alloc(1024)),
      ),
    );
    expect(inForm.length).toBeLessThan(4 * 1024);

    const outcomes = await Promise.all([convert(huge), convert(inForm)]);
    expect(outcomes).toEqual([
      { status: 'failed', message: DOCUMENT_MESSAGES.pdfPictureTooLarge(20_000, 20_000), url: null },
      { status: 'failed', message: DOCUMENT_MESSAGES.pdfPictureTooLarge(10_000, 8_000), url: null },
    ]);
  }, 60_000);

  it('are accepted within the limits, and text or comments that only read like one are no picture', async () => {
    // A 10 × 10 RGB picture of 300 raw bytes, then text and a comment naming a huge one.
    const content = Buffer.concat([
      inlinePicture('/W 10 /H 10 /BPC 8 /CS /RGB', Buffer.alloc(300, 0x80)),
      latin1('BT /F1 12 Tf 72 700 Td (Not a picture: \\(BI /W 20000 /H 20000 ID x EI\\)) Tj ET\n'),
      latin1('% BI /W 20000 /H 20000 ID x EI\n'),
      latin1('BT /F1 12 Tf 72 680 Td <4249202f57203230303030202f48203230303030204944> Tj ET\n'),
    ]);
    expect(await convert(await pdfDrawing(content))).toMatchObject({ status: 'completed' });
  }, 60_000);

  it('are looked for only in content up to 64 MB decoded: more is refused as too complex', async () => {
    // 65 MB of spaces, compressed to about 64 KB.
    const bomb = await pdfDrawing(deflateSync(Buffer.alloc(65 * 1024 * 1024, 0x20), { level: 9 }), undefined, { compressed: true });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await convert(bomb)).toEqual({ status: 'failed', message: DOCUMENT_MESSAGES.tooComplex, url: null });
  }, 60_000);
});
