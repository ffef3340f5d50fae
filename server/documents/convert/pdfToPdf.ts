import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { copyInertPages } from '../../pdf/inertPages';
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
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    if (isEncryptionError(error)) throw new ConversionRefused(DOCUMENT_MESSAGES.pdfEncrypted);
    throw new ConversionRefused(DOCUMENT_MESSAGES.pdfUnreadable);
  }
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.pdfUnreadable);
  }
  if (pages === 0) throw new ConversionRefused(DOCUMENT_MESSAGES.pdfEmpty);
  try {
    const rebuilt = await PDFDocument.create({ updateMetadata: false });
    for (const page of copyInertPages(document, rebuilt)) rebuilt.addPage(page);
    return Buffer.from(await rebuilt.save());
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.pdfUnreadable);
  }
}
