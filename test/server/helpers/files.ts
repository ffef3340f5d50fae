import { constants as zlibConstants, crc32, createDeflate, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Small real files made by the tests: PNG, JPEG, PDF (plain, encrypted, broken), docx and zips,
 * written byte by byte so no fixture binaries live in the repository.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG; noise makes it incompressible, which is how a 1 MB photo-like PNG is made. */
export function makePng(width: number, height: number, options: { noise?: boolean } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const offset = 1 + x * 3;
      if (options.noise) row.set([(Math.random() * 256) | 0, (Math.random() * 256) | 0, (Math.random() * 256) | 0], offset);
      else row.set([(x * 255) / width, (y * 255) / height, 128], offset);
    }
    rows.push(row);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: options.noise ? 0 : 6 })),
    PNG_END,
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = pngChunk('IEND', Buffer.alloc(0));
/** Samples per pixel of each PNG colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA). */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/**
 * Adam7: where each of the seven passes starts and how far apart its pixels are. Written here again
 * on purpose: the encoder is the decoder's independent oracle, so a wrong table in
 * server/documents/convert/pngImage.ts cannot pass by agreeing with itself.
 */
const ADAM7 = [
  { x0: 0, y0: 0, dx: 8, dy: 8 },
  { x0: 4, y0: 0, dx: 8, dy: 8 },
  { x0: 0, y0: 4, dx: 4, dy: 8 },
  { x0: 2, y0: 0, dx: 4, dy: 4 },
  { x0: 0, y0: 2, dx: 2, dy: 4 },
  { x0: 1, y0: 0, dx: 2, dy: 2 },
  { x0: 0, y0: 1, dx: 1, dy: 2 },
];

function pngHeader(width: number, height: number, colorType: number, bitDepth: number, interlaced: boolean): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colorType, 0, 0, interlaced ? 1 : 0], 8);
  return pngChunk('IHDR', header);
}

/** The (sub-)images a PNG's data holds: the whole picture, or Adam7's seven passes. */
function pngPasses(width: number, height: number, interlaced: boolean) {
  return (interlaced ? ADAM7 : [{ x0: 0, y0: 0, dx: 1, dy: 1 }])
    .map((pass) => ({ ...pass, width: Math.ceil((width - pass.x0) / pass.dx), height: Math.ceil((height - pass.y0) / pass.dy) }))
    .filter((pass) => pass.width > 0 && pass.height > 0);
}

/** What a decoder inflates for a PNG of this shape: per row, one filter byte and the packed samples. */
function pngInflatedBytes(width: number, height: number, colorType: number, bitDepth: number, interlaced = false): number {
  const bitsPerPixel = PNG_CHANNELS[colorType]! * bitDepth;
  return pngPasses(width, height, interlaced).reduce(
    (sum, pass) => sum + pass.height * (1 + Math.ceil((pass.width * bitsPerPixel) / 8)),
    0,
  );
}

export interface PngSpec {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  /** RGB triples, for colour type 3. */
  palette?: number[];
  /** The tRNS chunk's bytes as the PNG stores them. */
  transparency?: number[];
  /** The samples of one pixel, in the file's bit depth. */
  pixel(x: number, y: number): number[];
}

/**
 * Any PNG the format allows: every colour type and bit depth, Adam7 interlacing, palettes and tRNS.
 * Rows cycle through the five filter types, so a decoder has to undo each of them.
 */
export function encodePng(spec: PngSpec): Buffer {
  const { width, height, colorType, bitDepth } = spec;
  const bitsPerPixel = PNG_CHANNELS[colorType]! * bitDepth;
  const filterStep = Math.max(1, bitsPerPixel >> 3);
  const rows: Buffer[] = [];
  let rowIndex = 0;
  for (const pass of pngPasses(width, height, spec.interlaced ?? false)) {
    let previous = Buffer.alloc(Math.ceil((pass.width * bitsPerPixel) / 8));
    for (let py = 0; py < pass.height; py++) {
      const raw = Buffer.alloc(previous.length);
      let bit = 0;
      for (let px = 0; px < pass.width; px++) {
        for (const sample of spec.pixel(pass.x0 + px * pass.dx, pass.y0 + py * pass.dy)) {
          if (bitDepth === 16) raw.writeUInt16BE(sample, bit >> 3);
          else if (bitDepth === 8) raw[bit >> 3] = sample;
          else raw[bit >> 3]! |= sample << (8 - bitDepth - (bit & 7));
          bit += bitDepth;
        }
      }
      const filter = rowIndex++ % 5;
      const filtered = Buffer.alloc(raw.length);
      for (let i = 0; i < raw.length; i++) {
        const left = i >= filterStep ? raw[i - filterStep]! : 0;
        const up = previous[i]!;
        const upLeft = i >= filterStep ? previous[i - filterStep]! : 0;
        const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
        filtered[i] = (raw[i]! - predictor) & 0xff;
      }
      rows.push(Buffer.from([filter]), filtered);
      previous = raw;
    }
  }
  const chunks = [PNG_SIGNATURE, pngHeader(width, height, colorType, bitDepth, spec.interlaced ?? false)];
  if (spec.palette) chunks.push(pngChunk('PLTE', Buffer.from(spec.palette)));
  if (spec.transparency) chunks.push(pngChunk('tRNS', Buffer.from(spec.transparency)));
  chunks.push(pngChunk('IDAT', deflateSync(Buffer.concat(rows))), PNG_END);
  return Buffer.concat(chunks);
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
}

/** zlib data for `bytes` zeros, deflated as a stream (run-length, the best ratio zlib reaches: about 1000 to 1). */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9, memLevel: 9, strategy: zlibConstants.Z_RLE });
  const output: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => output.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(4 * 1024 * 1024);
  for (let left = bytes; left > 0; left -= zeros.length) {
    if (!deflate.write(zeros.subarray(0, Math.min(left, zeros.length)))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(output);
}

/**
 * An image bomb: a small, valid PNG that declares a huge canvas of zeros (15,000 × 15,000 RGBA is
 * 900 MB decoded and under 1 MB on disk). `inflatedBytes` makes the data unpack to more or less
 * than the header promises.
 */
export async function makePngBomb(
  width: number,
  height: number,
  options: { colorType?: 0 | 2 | 3 | 4 | 6; bitDepth?: 8 | 16; interlaced?: boolean; inflatedBytes?: number } = {},
): Promise<Buffer> {
  const colorType = options.colorType ?? 6;
  const bitDepth = options.bitDepth ?? 8;
  const interlaced = options.interlaced ?? false;
  const data = await deflatedZeros(options.inflatedBytes ?? pngInflatedBytes(width, height, colorType, bitDepth, interlaced));
  const palette = colorType === 3 ? [pngChunk('PLTE', Buffer.from([255, 255, 255]))] : [];
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(width, height, colorType, bitDepth, interlaced),
    ...palette,
    pngChunk('IDAT', data),
    PNG_END,
  ]);
}

/** A 40×30 baseline JPEG (made once with pdftoppm). */
export const SMALL_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAeACgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDNoorrdD/5BEH/AAL/ANCNehmmY/UKKq8vNd23t0b7PscmGoe3ny3sclRXeVQ1z/kET/8AAf8A0IV4+H4n9tWhS9lbmaXxd3bsddTLuSDlzbeX/BOSooor6o8wK6HStTs7fToopptrrnI2k9yfSueorix+Ap46mqdRtJO+nz8n3NqFeVGXNE63+2dP/wCfj/xxv8Kp6rqdncadLFDNudsYG0juD6Vz1FeZR4bwtGpGpGUrxae66fI6J5hVnFxaWv8AXcKKKK+gOE//2Q==',
  'base64',
);

/** SMALL_JPEG with other dimensions written into its frame header (SOF0): what the file claims, not what it holds. */
export function jpegDeclaring(width: number, height: number, base: Buffer = SMALL_JPEG): Buffer {
  const bytes = Buffer.from(base);
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  if (frame < 0) throw new Error('no SOF0 marker');
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}

/** A one-page PDF whose text the tests look for later. */
export async function makePdf(lines: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 20, size: 14, font }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose trailer names an encryption dictionary, as a password-protected PDF does. */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const text = (await makePdf(['secret'])).toString('latin1');
  const encrypt = '99 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>\nendobj\n';
  const withObject = text.replace(/\nxref\n/, `\n${encrypt}xref\n`);
  return Buffer.from(withObject.replace(/trailer\n<</, 'trailer\n<< /Encrypt 99 0 R'), 'latin1');
}

/** Starts like a PDF, is nothing like one. */
export const BROKEN_PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog /Pages 7 0 R >>\n', 'latin1');

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Lie about the unpacked size in the headers (a zip bomb trick). */
  declaredSize?: number;
}

/** A deflated zip archive (local headers, central directory, end record). */
export function makeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The parts of a minimal Word document: one paragraph per line, the first as a heading. */
export function docxEntries(lines: readonly string[]): ZipEntry[] {
  const paragraphs = lines
    .map((line, index) =>
      index === 0
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>${escapeXml(line)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`,
    )
    .join('');
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
          `<w:body>${paragraphs}</w:body></w:document>`,
      ),
    },
  ];
}

export function makeDocx(lines: readonly string[]): Buffer {
  return makeZip(docxEntries(lines));
}

/** A Word document whose body holds `text` and then one picture, stored as word/media/picture.png (or .jpeg). */
export function makeDocxWithPicture(text: string, picture: Buffer, extension: 'png' | 'jpeg' = 'png'): Buffer {
  const drawing =
    '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="rIdPicture"/></pic:blipFill></pic:pic></a:graphicData></a:graphic>' +
    '</wp:inline></w:drawing></w:r></w:p>';
  const namespaces =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
  return makeZip([
    ...docxEntries([text]).map((entry) => {
      if (entry.name === 'word/document.xml') {
        return {
          ...entry,
          data: Buffer.from(
            entry.data
              .toString()
              .replace(/<w:document [^>]*>/, `<w:document ${namespaces}>`)
              .replace('</w:body>', `${drawing}</w:body>`),
          ),
        };
      }
      if (entry.name === '[Content_Types].xml') {
        return {
          ...entry,
          data: Buffer.from(
            entry.data
              .toString()
              .replace(
                '<Default Extension="xml"',
                `<Default Extension="${extension}" ContentType="image/${extension}"/><Default Extension="xml"`,
              ),
          ),
        };
      }
      return entry;
    }),
    {
      name: 'word/_rels/document.xml.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rIdPicture" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/picture.${extension}"/></Relationships>`,
      ),
    },
    { name: `word/media/picture.${extension}`, data: picture },
  ]);
}

/** A small docx whose Word XML unpacks to about `megabytes` MB: one paragraph repeated, so it packs a thousandfold. */
export function makeDocxWithLongXml(megabytes: number): Buffer {
  const paragraph = '<w:p><w:r><w:t xml:space="preserve">All work and no play makes a dull essay. </w:t></w:r></w:p>';
  const body = paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length));
  return makeZip(
    docxEntries(['Long essay']).map((entry) =>
      entry.name === 'word/document.xml'
        ? { ...entry, data: Buffer.from(entry.data.toString().replace('</w:body>', `${body}</w:body>`)) }
        : entry,
    ),
  );
}

/** A valid-looking docx with one more part of zeros that unpacks to `unpackedMb` megabytes. */
export function makeDocxBomb(unpackedMb = 60, options: { lieAboutSize?: boolean } = {}): Buffer {
  const zeros = Buffer.alloc(unpackedMb * 1024 * 1024);
  return makeZip([
    ...docxEntries(['Bomb']),
    { name: 'word/media/padding.bin', data: zeros, declaredSize: options.lieAboutSize ? 1000 : undefined },
  ]);
}
