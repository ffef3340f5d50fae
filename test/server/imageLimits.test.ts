import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_DECODED_BYTES, IMAGE_MAX_PIXELS } from '../../server/documents/contentLimits';
import { checkDocx } from '../../server/documents/convert/docxToPdf';
import { htmlToPdf } from '../../server/documents/convert/htmlToPdf';
import { imageToPdf } from '../../server/documents/convert/imageToPdf';
import { decodePngRows, readPng } from '../../server/documents/convert/pngImage';
import { inspectFileContent } from '../../server/documents/fileRules';
import { readImageHeader } from '../../server/documents/imageHeader';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { FILE_MAX_BYTES } from '../../src/catalogue/limits';
import { DOC_KEY, DOCUMENT_LINK, presign, upload, uploadAndConvert } from './helpers/documents';
import { SMALL_JPEG, encodePng, jpegDeclaring, makeDocxWithPicture, makePng, makePngBomb, type PngSpec } from './helpers/files';
import { renderFirstPage } from './helpers/pdfText';
import { ANY_REQUEST_ID, signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

/** A completed conversion's status carries its PDF's download link (issue 13). */

/**
 * Issue 10, item 1: image bombs. A picture is measured from its header before anything decodes
 * it, and decoding never holds a whole picture's pixels: the server's memory stays flat.
 */

const MB = 1024 * 1024;
const rssMb = () => Math.round(process.memoryUsage().rss / MB);

/** Runs `work` while sampling the process's resident memory every 10 ms; returns the result and the figures. */
async function measuringMemory<T>(work: () => Promise<T>): Promise<{ result: T; beforeMb: number; peakMb: number; afterMb: number }> {
  const beforeMb = rssMb();
  let peakMb = beforeMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 10);
  try {
    const result = await work();
    peakMb = Math.max(peakMb, rssMb());
    return { result, beforeMb, peakMb, afterMb: rssMb() };
  } finally {
    clearInterval(sampler);
  }
}

let server: TestServer;
let counter = 0;
const newApplicant = () => signUpAndLogIn(server, `image.${++counter}@example.org`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** The upload is answered unread by the browser (no-cors); the conversion request tells the applicant. */
async function expectRefused(client: TestClient, bytes: Buffer, name: string, message: string) {
  const presigned = await presign(client);
  expect(await upload(server, presigned, { bytes, name })).toEqual({ status: 400, body: { message, request_id: ANY_REQUEST_ID } });
  expect(await server.store.get(presigned.fields.key!)).toBeUndefined();
  const requested = await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: presigned.fields.key, file_name: name });
  expect(requested).toMatchObject({ status: 400, body: { message } });
  expect((await client.get(`/api/pdf/document-answer/${DOC_KEY}`)).body).toEqual({ status: 'not answered', message: '', url: null });
}

describe('image bombs through the server', () => {
  it('a PNG declaring 15,000 × 15,000 RGBA (under 1 MB) is refused from its header, with the size and what to do', async () => {
    const bomb = await makePngBomb(15_000, 15_000);
    expect(bomb.length).toBeLessThan(FILE_MAX_BYTES);
    const client = await newApplicant();
    const { beforeMb, peakMb, afterMb } = await measuringMemory(() =>
      expectRefused(client, bomb, 'scan.png', DOCUMENT_MESSAGES.imageTooLarge(15_000, 15_000)),
    );
    console.log(`PNG bomb refused at upload: server RSS ${beforeMb} MB before, ${peakMb} MB peak, ${afterMb} MB after`);
    expect(DOCUMENT_MESSAGES.imageTooLarge(15_000, 15_000)).toContain('15,000 × 15,000 pixels');
  });

  it('a JPEG declaring 20,000 × 20,000 is refused the same way (read from its frame header)', async () => {
    const client = await newApplicant();
    await expectRefused(client, jpegDeclaring(20_000, 20_000), 'photo.jpg', DOCUMENT_MESSAGES.imageTooLarge(20_000, 20_000));
  });

  it('a docx carrying that PNG as a picture fails its conversion with a message, memory stays flat, and another applicant’s file converts promptly after it', async () => {
    const docx = makeDocxWithPicture('My essay, with a picture', await makePngBomb(15_000, 15_000));
    expect(docx.length).toBeLessThan(FILE_MAX_BYTES);
    const bomber = await newApplicant();
    // A conversion first, so the figures leave out starting a worker thread (tens of MB).
    await uploadAndConvert(server, await newApplicant(), { bytes: makePng(30, 30), name: 'warm.png' });
    const { result, beforeMb, peakMb, afterMb } = await measuringMemory(async () => {
      const { final } = await uploadAndConvert(server, bomber, { bytes: docx, name: 'essay.docx' });
      const other = await newApplicant();
      const started = performance.now();
      const small = await uploadAndConvert(server, other, { bytes: makePng(300, 200), name: 'scan.png' });
      return { final, small: small.final, otherMs: Math.round(performance.now() - started) };
    });
    console.log(
      `docx with a 15,000 × 15,000 picture: server RSS ${beforeMb} MB before, ${peakMb} MB peak, ${afterMb} MB after; ` +
        `another applicant's PNG converted in ${result.otherMs} ms after it`,
    );
    expect(result.final).toEqual({ status: 'failed', message: DOCUMENT_MESSAGES.docxPictureTooLarge(15_000, 15_000), url: null });
    expect(result.small).toEqual({ status: 'completed', message: '', url: DOCUMENT_LINK });
    // Decoding it would take about 3.5 GB (the issue measured 260 MB → 3.8 GB).
    expect(peakMb - beforeMb).toBeLessThan(300);
  }, 120_000);
});

describe('image headers', () => {
  it('give the declared size of every PNG colour type and depth, interlaced or animated', () => {
    const png = (spec: Partial<PngSpec>) => encodePng({ width: 3, height: 2, colorType: 2, bitDepth: 8, pixel: () => [0, 0, 0], ...spec });
    expect(readImageHeader(png({}))).toEqual({ type: 'png', width: 3, height: 2, decodedBytes: 18 });
    expect(readImageHeader(png({ colorType: 6, bitDepth: 16, pixel: () => [0, 0, 0, 0] }))).toMatchObject({ decodedBytes: 3 * 2 * 8 });
    expect(readImageHeader(png({ colorType: 3, bitDepth: 4, palette: [0, 0, 0], pixel: () => [0] }))).toMatchObject({
      decodedBytes: 3 * 2,
    });
    expect(readImageHeader(png({ interlaced: true, width: 9, height: 9 }))).toMatchObject({ width: 9, height: 9 });
    // APNG: frames come after the header in fdAT chunks; the canvas in IHDR bounds them all.
    const plain = png({});
    const animationControl = Buffer.from([0, 0, 0, 8, 0x61, 0x63, 0x54, 0x4c, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
    const animated = Buffer.concat([plain.subarray(0, 33), animationControl, plain.subarray(33)]);
    expect(readImageHeader(animated)).toMatchObject({ width: 3, height: 2 });
    expect(readImageHeader(plain.subarray(0, 20))).toBeUndefined();
  });

  it('find a JPEG’s frame header behind other segments, baseline or progressive', () => {
    expect(readImageHeader(SMALL_JPEG)).toEqual({ type: 'jpeg', width: 40, height: 30, decodedBytes: 40 * 30 * 3 });
    const progressive = Buffer.from(SMALL_JPEG);
    progressive[progressive.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
    expect(readImageHeader(progressive)).toMatchObject({ width: 40, height: 30 });
    // An EXIF segment (with a thumbnail's bytes, even a fake frame marker) before the frame.
    const exifBody = Buffer.concat([
      Buffer.from('Exif\0\0'),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03]),
      Buffer.alloc(100),
    ]);
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, (exifBody.length + 2) >> 8, (exifBody.length + 2) & 0xff]), exifBody]);
    const withExif = Buffer.concat([SMALL_JPEG.subarray(0, 2), exif, SMALL_JPEG.subarray(2)]);
    expect(readImageHeader(withExif)).toMatchObject({ width: 40, height: 30 });
  });

  it('are checked against the documented limits when the file arrives', async () => {
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
    expect(IMAGE_MAX_DECODED_BYTES).toBe(160 * MB);
    // 8,000 × 5,000 is exactly 40 megapixels: accepted; a row more is not.
    expect(await inspectFileContent(jpegDeclaring(8000, 5000))).toEqual({ ok: true, type: 'jpeg' });
    expect(await inspectFileContent(jpegDeclaring(8000, 5001))).toEqual({
      ok: false,
      message: DOCUMENT_MESSAGES.imageTooLarge(8000, 5001),
    });
    // Within the pixels, over the decoded size: 16-bit RGBA is 8 bytes a pixel.
    const deep = encodePng({ width: 1, height: 1, colorType: 6, bitDepth: 16, pixel: () => [0, 0, 0, 0] });
    deep.writeUInt32BE(5000, 16);
    deep.writeUInt32BE(5000, 20);
    expect(readImageHeader(deep)).toMatchObject({ decodedBytes: 5000 * 5000 * 8 });
    expect(await inspectFileContent(deep)).toEqual({ ok: false, message: DOCUMENT_MESSAGES.imageTooLarge(5000, 5000) });
  });
});

describe('pictures inside a docx', () => {
  it('are measured when the zip is unpacked, wherever they are stored, before LibreOffice or mammoth sees them', async () => {
    const bomb = await makePngBomb(15_000, 15_000);
    await expect(checkDocx(makeDocxWithPicture('Essay', bomb))).rejects.toMatchObject({
      userMessage: DOCUMENT_MESSAGES.docxPictureTooLarge(15_000, 15_000),
    });
    await expect(checkDocx(makeDocxWithPicture('Essay', jpegDeclaring(9000, 9000), 'jpeg'))).rejects.toMatchObject({
      userMessage: DOCUMENT_MESSAGES.docxPictureTooLarge(9000, 9000),
    });
    expect((await checkDocx(makeDocxWithPicture('Essay', makePng(40, 30)))).length).toBeGreaterThan(0);
  });

  it('are measured again when the document is laid out; an unreadable one is left out, the text stays', async () => {
    const bomb = await makePngBomb(15_000, 15_000);
    const picture = (bytes: Buffer, type = 'png') =>
      `<p>Essay</p><p><img src="data:image/${type};base64,${bytes.toString('base64')}" /></p>`;
    await expect(htmlToPdf(picture(bomb), 'Essay')).rejects.toMatchObject({
      userMessage: DOCUMENT_MESSAGES.docxPictureTooLarge(15_000, 15_000),
    });
    const broken = Buffer.concat([makePng(10, 10).subarray(0, 40), Buffer.alloc(20)]);
    expect((await PDFDocument.load(await htmlToPdf(picture(broken), 'Essay'))).getPageCount()).toBe(1);
  });
});

describe('the conversion', () => {
  it('checks the header again before it decodes anything (a file stored in a bucket was never seen arriving)', async () => {
    await expect(imageToPdf(await makePngBomb(15_000, 15_000))).rejects.toMatchObject({
      userMessage: DOCUMENT_MESSAGES.imageTooLarge(15_000, 15_000),
    });
    await expect(imageToPdf(jpegDeclaring(20_000, 20_000))).rejects.toMatchObject({
      userMessage: DOCUMENT_MESSAGES.imageTooLarge(20_000, 20_000),
    });
    await expect(imageToPdf(Buffer.from('not a picture'))).rejects.toMatchObject({ userMessage: DOCUMENT_MESSAGES.imageUnreadable });
  });

  it('refuses a transparent PNG whose data is damaged with a message (pdfkit threw it from a callback, taking the worker down)', async () => {
    const png = encodePng({ width: 20, height: 20, colorType: 6, bitDepth: 8, pixel: () => [1, 2, 3, 4] });
    const idat = png.indexOf('IDAT');
    png.fill(0x55, idat + 4, idat + 4 + png.readUInt32BE(idat - 4));
    await expect(imageToPdf(png)).rejects.toMatchObject({ userMessage: DOCUMENT_MESSAGES.imageUnreadable });
  });

  it('puts a JPEG, and a PNG without transparency or interlacing, into the PDF undecoded: their bytes as they came', async () => {
    expect((await imageToPdf(SMALL_JPEG)).includes(SMALL_JPEG)).toBe(true);
    const png = makePng(200, 100);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    expect((await imageToPdf(png)).includes(png.subarray(41, 41 + idatLength))).toBe(true);
  });
});

describe('decoding stays bounded', () => {
  it('a PNG whose data unpacks to far more than its header declares is read only as far as the header says', async () => {
    const liar = await makePngBomb(100, 100, { inflatedBytes: 400 * MB });
    const { result, beforeMb, peakMb } = await measuringMemory(() => imageToPdf(liar));
    console.log(`100 × 100 PNG whose data unpacks to 400 MB: RSS ${beforeMb} MB before, ${peakMb} MB peak`);
    expect((await PDFDocument.load(result)).getPageCount()).toBe(1);
    expect(peakMb - beforeMb).toBeLessThan(100);
  }, 60_000);

  it('a transparent 5,000 × 5,000 PNG (100 MB decoded, within the limit) converts without holding its pixels', async () => {
    const large = await makePngBomb(5000, 5000);
    const { result, beforeMb, peakMb } = await measuringMemory(() => imageToPdf(large));
    console.log(`5,000 × 5,000 RGBA PNG: RSS ${beforeMb} MB before, ${peakMb} MB peak`);
    expect((await PDFDocument.load(result)).getPageCount()).toBe(1);
    expect(peakMb - beforeMb).toBeLessThan(100);
  }, 60_000);
});

describe('the PNG decoder', () => {
  /** 8-bit samples as the decoder hands them on: colour (grey, RGB or palette index) and alpha. */
  const scale = (value: number, bits: number) =>
    bits === 16 ? value >> 8 : bits === 8 ? value : Math.round((value * 255) / (2 ** bits - 1));
  const cases: (Omit<PngSpec, 'width' | 'height'> & {
    name: string;
    expect(x: number, y: number): { colour: number[]; alpha?: number };
  })[] = [];
  for (const interlaced of [false, true]) {
    for (const bitDepth of [1, 2, 4, 8, 16] as const) {
      const max = 2 ** bitDepth - 1;
      const grey = (x: number, y: number) => (x * 7 + y * 3) % (max + 1);
      cases.push({
        name: `grey ${bitDepth}-bit`,
        colorType: 0,
        bitDepth,
        interlaced,
        pixel: (x, y) => [grey(x, y)],
        expect: (x, y) => ({ colour: [scale(grey(x, y), bitDepth)] }),
      });
      if (bitDepth <= 8) {
        const index = (x: number, y: number) => (x + y) % Math.min(4, max + 1);
        const palette = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];
        cases.push({
          name: `palette ${bitDepth}-bit`,
          colorType: 3,
          bitDepth,
          interlaced,
          palette,
          pixel: (x, y) => [index(x, y)],
          expect: (x, y) => ({ colour: [index(x, y)] }),
        });
        cases.push({
          name: `palette ${bitDepth}-bit with tRNS`,
          colorType: 3,
          bitDepth,
          interlaced,
          palette,
          transparency: [0, 128],
          pixel: (x, y) => [index(x, y)],
          expect: (x, y) => ({ colour: [index(x, y)], alpha: [0, 128][index(x, y)] ?? 255 }),
        });
      }
      if (bitDepth >= 8) {
        const rgb = (x: number, y: number) => [(x * 40) % (max + 1), (y * 50) % (max + 1), ((x + y) * 999) % (max + 1)];
        const a = (x: number, y: number) => (x * y * 77) % (max + 1);
        cases.push({
          name: `RGB ${bitDepth}-bit`,
          colorType: 2,
          bitDepth,
          interlaced,
          pixel: rgb,
          expect: (x, y) => ({ colour: rgb(x, y).map((v) => scale(v, bitDepth)) }),
        });
        cases.push({
          name: `grey+alpha ${bitDepth}-bit`,
          colorType: 4,
          bitDepth,
          interlaced,
          pixel: (x, y) => [grey(x, y), a(x, y)],
          expect: (x, y) => ({ colour: [scale(grey(x, y), bitDepth)], alpha: scale(a(x, y), bitDepth) }),
        });
        cases.push({
          name: `RGBA ${bitDepth}-bit`,
          colorType: 6,
          bitDepth,
          interlaced,
          pixel: (x, y) => [...rgb(x, y), a(x, y)],
          expect: (x, y) => ({ colour: rgb(x, y).map((v) => scale(v, bitDepth)), alpha: scale(a(x, y), bitDepth) }),
        });
        const key = rgb(2, 1);
        const greyKey = grey(1, 0);
        cases.push({
          name: `grey ${bitDepth}-bit with a tRNS grey key`,
          colorType: 0,
          bitDepth,
          interlaced,
          transparency: [greyKey >> 8, greyKey & 0xff],
          pixel: (x, y) => [grey(x, y)],
          expect: (x, y) => ({ colour: [scale(grey(x, y), bitDepth)], alpha: grey(x, y) === greyKey ? 0 : 255 }),
        });
        cases.push({
          name: `RGB ${bitDepth}-bit with a tRNS colour key`,
          colorType: 2,
          bitDepth,
          interlaced,
          transparency: key.flatMap((v) => [v >> 8, v & 0xff]),
          pixel: rgb,
          expect: (x, y) => ({
            colour: rgb(x, y).map((v) => scale(v, bitDepth)),
            alpha: rgb(x, y).every((v, i) => v === key[i]) ? 0 : 255,
          }),
        });
      }
    }
  }

  for (const spec of cases) {
    it(`${spec.name}${spec.interlaced ? ', interlaced' : ''}: every filter undone, every pixel where it belongs`, async () => {
      const [width, height] = [13, 11];
      const png = readPng(encodePng({ ...spec, width, height }));
      const rows: { colour: number[]; alpha?: number[] }[] = [];
      await decodePngRows(png, (colour, alpha) => void rows.push({ colour: [...colour], alpha: alpha && [...alpha] }));
      expect(rows).toHaveLength(height);
      const channels = spec.expect(0, 0).colour.length;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const wanted = spec.expect(x, y);
          expect(rows[y]!.colour.slice(x * channels, (x + 1) * channels), `colour at ${x},${y}`).toEqual(wanted.colour);
          if (wanted.alpha !== undefined) expect(rows[y]!.alpha?.[x], `alpha at ${x},${y}`).toBe(wanted.alpha);
        }
      }
    });
  }

  it('a transparent PNG renders as it looks: opaque red where it is opaque, the white page where it is transparent', async () => {
    const png = encodePng({
      width: 40,
      height: 20,
      colorType: 6,
      bitDepth: 8,
      interlaced: true,
      pixel: (x) => (x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 0]),
    });
    const page = await renderFirstPage(await imageToPdf(png), 20 / 72);
    const at = (fx: number, fy: number) => page.rgbAt(Math.floor(fx * page.width), Math.floor(fy * page.height));
    // Landscape page, picture centred: its left half is red, its right half shows the page.
    expect(at(0.3, 0.5)).toEqual([255, 0, 0]);
    expect(at(0.7, 0.5)).toEqual([255, 255, 255]);
  });
});
