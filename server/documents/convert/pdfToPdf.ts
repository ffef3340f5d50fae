import { inflateSync } from 'node:zlib';
import { EncryptedPDFError, PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { copyInertPages } from '../../pdf/inertPages';
import { PdfContentTooLarge, PdfPictureTooLarge } from '../../pdf/pdfPictures';
import { DOCUMENT_MAX_PAGES } from '../contentLimits';
import { DOCUMENT_MESSAGES } from '../messages';
import { ConversionRefused } from './conversionRefused';

/** pdf-lib's errors are compiled to ES5 classes, so instanceof fails on them: the message is checked too. */
function isEncryptionError(error: unknown): boolean {
  return error instanceof EncryptedPDFError || (error instanceof Error && /is encrypted/.test(error.message));
}

/**
 * An uploaded PDF is opened, checked and its pages rebuilt into a new document with pdf-lib: what
 * we keep is a file pdf-lib wrote and can merge into the PDF copy later, showing what the pages
 * showed and carrying nothing a viewer could run or open (scripts, actions, embedded files, forms:
 * see inertPages). Encrypted or unreadable files are refused with a message saying what to do.
 */
export async function normalisePdf(bytes: Uint8Array): Promise<Buffer> {
  // Page objects are counted in the raw file first: a page bomb is refused before pdf-lib parses
  // thousands of objects (seconds of a worker thread).
  if (countPageObjects(bytes) > DOCUMENT_MAX_PAGES) throw new ConversionRefused(DOCUMENT_MESSAGES.tooManyPages);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    if (isEncryptionError(error)) throw new ConversionRefused(DOCUMENT_MESSAGES.pdfEncrypted);
    throw new ConversionRefused(DOCUMENT_MESSAGES.pdfUnreadable);
  }
  // The page tree's own count first (one number, before any page is visited), then the pages found.
  if (declaredPageCount(document) > DOCUMENT_MAX_PAGES) throw new ConversionRefused(DOCUMENT_MESSAGES.tooManyPages);
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.pdfUnreadable);
  }
  if (pages === 0) throw new ConversionRefused(DOCUMENT_MESSAGES.pdfEmpty);
  if (pages > DOCUMENT_MAX_PAGES) throw new ConversionRefused(DOCUMENT_MESSAGES.tooManyPages);
  try {
    const rebuilt = await PDFDocument.create({ updateMetadata: false });
    for (const page of copyInertPages(document, rebuilt, { pictureOverLimits: 'refuse' })) rebuilt.addPage(page);
    return Buffer.from(await rebuilt.save());
  } catch (error) {
    if (error instanceof PdfPictureTooLarge) throw new ConversionRefused(DOCUMENT_MESSAGES.pdfPictureTooLarge(error.width, error.height));
    if (error instanceof PdfContentTooLarge) throw new ConversionRefused(DOCUMENT_MESSAGES.tooComplex);
    throw new ConversionRefused(DOCUMENT_MESSAGES.pdfUnreadable);
  }
}

/** /Count of the root of the page tree, as the file declares it; 0 when absent. */
function declaredPageCount(document: PDFDocument): number {
  const context = document.context;
  const root = context.lookup(document.catalog.get(PDFName.of('Pages')));
  const count = root instanceof PDFDict ? context.lookup(root.get(PDFName.of('Count'))) : undefined;
  return count instanceof PDFNumber ? count.asNumber() : 0;
}

const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z0-9])/g;
/** Object streams hold at most this much once inflated: enough for far more than the page limit's objects. */
const OBJECT_STREAM_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Page dictionaries written in the file, in plain objects and in compressed object streams: a
 * quick upper estimate of the pages (a file may also hold pages its page tree does not use).
 */
function countPageObjects(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let count = text.match(PAGE_OBJECT)?.length ?? 0;
  for (const match of text.matchAll(/\/Type\s*\/ObjStm\b[^]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    try {
      const inflated = inflateSync(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start), {
        maxOutputLength: OBJECT_STREAM_MAX_BYTES,
      });
      count += inflated.toString('latin1').match(PAGE_OBJECT)?.length ?? 0;
    } catch {
      // Not plainly deflated, or larger than the cap: left to pdf-lib and the page tree's count.
    }
    if (count > DOCUMENT_MAX_PAGES) break;
  }
  return count;
}
