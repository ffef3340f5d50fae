import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { DOCUMENT_MESSAGES } from '../messages';
import { ConversionRefused } from './conversionRefused';

/** pdf-lib's errors are compiled to ES5 classes, so instanceof fails on them: the message is checked too. */
function isEncryptionError(error: unknown): boolean {
  return error instanceof EncryptedPDFError || (error instanceof Error && /is encrypted/.test(error.message));
}

/**
 * An uploaded PDF is opened, checked and saved again with pdf-lib: what we keep is a file pdf-lib
 * wrote and can merge into the PDF copy later, not whatever the applicant's tool produced.
 * Encrypted or unreadable files are refused with a message saying what to do.
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
    return Buffer.from(await document.save());
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.pdfUnreadable);
  }
}
