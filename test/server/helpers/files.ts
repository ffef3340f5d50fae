import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
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
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: options.noise ? 0 : 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 40×30 baseline JPEG (made once with pdftoppm). */
export const SMALL_JPEG = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAeACgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDNoorrdD/5BEH/AAL/ANCNehmmY/UKKq8vNd23t0b7PscmGoe3ny3sclRXeVQ1z/kET/8AAf8A0IV4+H4n9tWhS9lbmaXxd3bsddTLuSDlzbeX/BOSooor6o8wK6HStTs7fToopptrrnI2k9yfSueorix+Ap46mqdRtJO+nz8n3NqFeVGXNE63+2dP/wCfj/xxv8Kp6rqdncadLFDNudsYG0juD6Vz1FeZR4bwtGpGpGUrxae66fI6J5hVnFxaWv8AXcKKKK+gOE//2Q==', 'base64');

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

/** A valid-looking docx with one more part of zeros that unpacks to `unpackedMb` megabytes. */
export function makeDocxBomb(unpackedMb = 60, options: { lieAboutSize?: boolean } = {}): Buffer {
  const zeros = Buffer.alloc(unpackedMb * 1024 * 1024);
  return makeZip([...docxEntries(['Bomb']), { name: 'word/media/padding.bin', data: zeros, declaredSize: options.lieAboutSize ? 1000 : undefined }]);
}
