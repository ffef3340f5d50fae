import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDocument } from '../../db/documents';
import { findUserByUsername } from '../../db/users';
import { stripJpegMetadata } from '../../server/documents/convert/jpegMetadata';
import { DOC_KEY, uploadAndConvert, waitFor, type PdfCopyBody, type TestFile } from './helpers/documents';
import { SMALL_JPEG, makeDocxWithPicture } from './helpers/files';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

/**
 * A photo's metadata (camera, software, GPS position, comments) does not travel into the converted
 * PDF or the PDF copy, whichever way the photo arrives: as a JPEG, inside a Word document, or
 * inside a PDF.
 */

const CAMERA = 'SECRET-CAMERA-MODEL-4821';
const GPS = 'GPS-48.8583N-2.2945E';
const COMMENT = 'COMMENT-SECRET-7731';

function segment(marker: number, body: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xff00 | marker, 0);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** SMALL_JPEG with an EXIF block (camera model, a GPS note, orientation 6), an XMP block and a comment after its JFIF header. */
function jpegWithMetadata(): Buffer {
  // Big-endian TIFF: IFD0 with Model (ASCII, stored after the directory) and Orientation.
  const model = Buffer.from(`${CAMERA} ${GPS}\0`, 'latin1');
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(2, 8);
  tiff.writeUInt16BE(0x0110, 10);
  tiff.writeUInt16BE(2, 12);
  tiff.writeUInt32BE(model.length, 14);
  tiff.writeUInt32BE(tiff.length, 18);
  tiff.writeUInt16BE(0x0112, 22);
  tiff.writeUInt16BE(3, 24);
  tiff.writeUInt32BE(1, 26);
  tiff.writeUInt16BE(6, 30);
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, model]));
  const xmp = segment(
    0xe1,
    Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><tiff:Model>${CAMERA}</tiff:Model></x:xmpmeta>`, 'latin1'),
  );
  const comment = segment(0xfe, Buffer.from(COMMENT, 'latin1'));
  const jfifEnd = 4 + SMALL_JPEG.readUInt16BE(4);
  return Buffer.concat([SMALL_JPEG.subarray(0, jfifEnd), exif, xmp, comment, SMALL_JPEG.subarray(jfifEnd)]);
}

/** A one-page PDF drawing the JPEG as it is (DCTDecode). */
async function pdfWithJpeg(jpeg: Buffer): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  page.drawImage(await document.embedJpg(new Uint8Array(jpeg)), { x: 50, y: 400, width: 200, height: 150 });
  return Buffer.from(await document.save());
}

const leaks = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString('latin1');
  return [CAMERA, GPS, COMMENT].filter((secret) => text.includes(secret));
};

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('photo metadata', () => {
  it('is taken out of a JPEG, keeping what drawing needs and the orientation', () => {
    const photo = jpegWithMetadata();
    expect(leaks(photo)).toEqual([CAMERA, GPS, COMMENT]);
    const stripped = stripJpegMetadata(photo)!;
    expect(leaks(stripped)).toEqual([]);
    // The JFIF header stays first, the scan is untouched, and the orientation survives as the one EXIF tag.
    expect(stripped.subarray(0, 4 + SMALL_JPEG.readUInt16BE(4))).toEqual(SMALL_JPEG.subarray(0, 4 + SMALL_JPEG.readUInt16BE(4)));
    expect(stripped.subarray(stripped.indexOf(Buffer.from([0xff, 0xda])))).toEqual(
      SMALL_JPEG.subarray(SMALL_JPEG.indexOf(Buffer.from([0xff, 0xda]))),
    );
    expect(stripped.includes(Buffer.from('Exif\0\0MM', 'latin1'))).toBe(true);
    expect(stripJpegMetadata(SMALL_JPEG)).toEqual(SMALL_JPEG);
  });

  const cases: [string, () => Promise<TestFile>][] = [
    ['a JPEG', () => Promise.resolve({ bytes: jpegWithMetadata(), name: 'photo.jpg' })],
    [
      'a JPEG inside a Word document',
      () => Promise.resolve({ bytes: makeDocxWithPicture('Essay', jpegWithMetadata(), 'jpeg'), name: 'essay.docx' }),
    ],
    ['a JPEG inside a PDF', async () => ({ bytes: await pdfWithJpeg(jpegWithMetadata()), name: 'scan.pdf' })],
  ];
  for (const [name, make] of cases) {
    it(`is absent from the converted PDF and the PDF copy, for ${name}`, async () => {
      const username = `photo.${++counter}@example.org`;
      const client = await signUpAndLogIn(server, username);
      const file = await make();
      const { final } = await uploadAndConvert(server, client, file);
      expect(final.status).toBe('completed');
      const row = findDocument(server.db, findUserByUsername(server.db, username)!.id, DOC_KEY)!;
      const converted = (await server.store.get(row.converted_key!))!;
      // The picture is still there…
      const pictures = (await PDFDocument.load(converted)).context
        .enumerateIndirectObjects()
        .filter(
          ([, object]) =>
            'dict' in object &&
            (object as { dict: { get(key: PDFName): unknown } }).dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
        );
      expect(pictures.length).toBeGreaterThan(0);
      // …without what the camera wrote about it.
      expect(leaks(converted)).toEqual([]);
      const copy = await waitFor(
        async () => (await client.get<PdfCopyBody>('/api/pdf')).body,
        (body) => body.status === 'completed' || body.status === 'failed',
      );
      expect(copy.status).toBe('completed');
      const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
      const copyBytes = new Uint8Array(await (await fetch(new URL(copy.url, server.url), { headers: { cookie } })).arrayBuffer());
      expect(copyBytes.length).toBeGreaterThan(1000);
      expect(leaks(copyBytes)).toEqual([]);
    }, 60_000);
  }
});
