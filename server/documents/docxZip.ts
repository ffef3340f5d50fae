import yauzl from 'yauzl';
import { DOCUMENT_MAX_PAGES, DOCX_MAX_ENTRIES, DOCX_MAX_UNPACKED_BYTES, DOCX_MAX_XML_BYTES } from './contentLimits';
import { stripJpegMetadata } from './convert/jpegMetadata';
import { DocxUnsafe, sanitisePart } from './docxSanitise';
import { exceedsImageLimits, readImageHeader } from './imageHeader';
import { writeZip } from './zipWriter';

/**
 * A docx is a zip; a zip can promise megabytes and unpack to gigabytes. Before any converter
 * opens one we read its directory (entry count, declared sizes) and then unpack every entry once,
 * counting the real bytes and stopping at the limit, so lying headers cannot get past either.
 * The XML parts get a limit of their own: the converters parse them into memory (mammoth needs
 * about 70 MB of heap per MB of dense XML), where pictures are only copied.
 */

export class ZipRefused extends Error {
  constructor(
    readonly reason: 'too-large' | 'xml-too-large' | 'unreadable' | 'not-docx' | 'picture-too-large' | 'too-many-pages',
    /** For 'picture-too-large': the size the picture declares. */
    readonly picture?: { width: number; height: number },
  ) {
    super(reason);
  }
}

export interface ZipDirectory {
  entries: number;
  declaredBytes: number;
  declaredXmlBytes: number;
  names: string[];
}

/** The parts a converter parses as XML: the text, styles, numbering, notes, headers, relationships, content types. */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** A JPEG's frame header may sit behind large metadata segments: this much of a picture is kept to find it. */
const PICTURE_HEADER_BYTES = 1024 * 1024;
const isPictureStart = (chunk: Buffer) =>
  (chunk[0] === 0x89 && chunk.toString('latin1', 1, 4) === 'PNG') || (chunk[0] === 0xff && chunk[1] === 0xd8);

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(new ZipRefused('unreadable')) : resolve(zip),
    );
  });
}

/** Walks the central directory only (nothing is unpacked): refuses too many entries or too many declared bytes. */
export async function readZipDirectory(bytes: Buffer): Promise<ZipDirectory> {
  const zip = await openZip(bytes);
  return new Promise((resolve, reject) => {
    const directory: ZipDirectory = { entries: 0, declaredBytes: 0, declaredXmlBytes: 0, names: [] };
    const stop = (error: Error) => {
      zip.close();
      reject(error);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      directory.entries++;
      directory.declaredBytes += entry.uncompressedSize;
      if (isXmlPart(entry.fileName)) directory.declaredXmlBytes += entry.uncompressedSize;
      directory.names.push(entry.fileName);
      if (directory.entries > DOCX_MAX_ENTRIES || directory.declaredBytes > DOCX_MAX_UNPACKED_BYTES)
        return stop(new ZipRefused('too-large'));
      if (directory.declaredXmlBytes > DOCX_MAX_XML_BYTES) return stop(new ZipRefused('xml-too-large'));
      zip.readEntry();
    });
    zip.on('end', () => resolve(directory));
    zip.on('error', () => reject(new ZipRefused('unreadable')));
    zip.readEntry();
  });
}

export interface DocxContents {
  unpackedBytes: number;
  /** The package as converters may see it: the same parts, with everything that fetches or reads elsewhere taken out (docxSanitise). */
  sanitised: Buffer;
}

/**
 * Unpacks every entry once, counting real bytes; refuses beyond the limit or on any inconsistency,
 * and refuses a picture (PNG or JPEG, wherever it is stored) whose header declares more than the
 * image limits, before LibreOffice or mammoth could decode it. Then writes the package again with
 * its XML parts sanitised.
 */
export async function verifyDocxContents(bytes: Buffer): Promise<DocxContents> {
  const directory = await readZipDirectory(bytes);
  if (!directory.names.includes('word/document.xml')) throw new ZipRefused('not-docx');
  const zip = await openZip(bytes);
  let unpackedBytes = 0;
  let xmlBytes = 0;
  const parts: { name: string; data: Buffer }[] = [];
  return new Promise((resolve, reject) => {
    let settled = false;
    const stop = (error: Error) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      const isXml = isXmlPart(entry.fileName);
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return stop(new ZipRefused('unreadable'));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          unpackedBytes += chunk.length;
          if (isXml) xmlBytes += chunk.length;
          if (unpackedBytes > DOCX_MAX_UNPACKED_BYTES || xmlBytes > DOCX_MAX_XML_BYTES) {
            stream.destroy();
            return stop(new ZipRefused(unpackedBytes > DOCX_MAX_UNPACKED_BYTES ? 'too-large' : 'xml-too-large'));
          }
          chunks.push(chunk);
        });
        stream.on('error', () => stop(new ZipRefused('unreadable')));
        stream.on('end', () => {
          let data: Buffer = Buffer.concat(chunks);
          if (isPictureStart(data)) {
            const header = readImageHeader(data.subarray(0, PICTURE_HEADER_BYTES));
            if (header && exceedsImageLimits(header)) return stop(new ZipRefused('picture-too-large', header));
            // A photo's metadata (camera, software, place) does not reach the PDF; an unreadable JPEG is left empty.
            if (data[0] === 0xff) data = stripJpegMetadata(data) ?? Buffer.alloc(0);
          }
          // A quick count of plainly written page breaks refuses most page bombs before the (slower) XML parse.
          if (entry.fileName === 'word/document.xml' && plainPageBreaks(data) + 1 > DOCUMENT_MAX_PAGES) {
            return stop(new ZipRefused('too-many-pages'));
          }
          try {
            const part = sanitisePart(entry.fileName, data);
            parts.push({ name: entry.fileName, data: part.bytes });
            // The main text's page and section breaks: each starts a page, before any converter lays out a page bomb.
            if (entry.fileName === 'word/document.xml' && part.pageStarts + 1 > DOCUMENT_MAX_PAGES)
              return stop(new ZipRefused('too-many-pages'));
          } catch (problem) {
            return stop(problem instanceof DocxUnsafe ? new ZipRefused('unreadable') : (problem as Error));
          }
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ unpackedBytes, sanitised: writeZip(parts) });
    });
    zip.on('error', () => stop(new ZipRefused('unreadable')));
    zip.readEntry();
  });
}

/** Page breaks written plainly (`<w:br w:type="page"/>`, any prefix and quotes); the XML parse counts every other spelling. */
function plainPageBreaks(xml: Buffer): number {
  return xml.toString('latin1').match(/<[A-Za-z_][\w.-]*:br\b[^>]*?:type\s*=\s*["']page["']/g)?.length ?? 0;
}
