import mammoth from 'mammoth';
import { DOCUMENT_MESSAGES } from '../messages';
import { ZipRefused, verifyDocxContents } from '../docxZip';
import { ConversionRefused } from './conversionRefused';
import { htmlToPdf } from './htmlToPdf';

/**
 * Refuses a docx whose zip or XML is too large, that is broken, or that holds a picture over the
 * limits, before any converter opens it; otherwise returns the package converters may open, with
 * everything that fetches or reads elsewhere taken out (docxSanitise).
 */
export async function checkDocx(bytes: Buffer): Promise<Buffer> {
  try {
    return (await verifyDocxContents(bytes)).sanitised;
  } catch (error) {
    if (error instanceof ZipRefused && error.reason === 'too-large') throw new ConversionRefused(DOCUMENT_MESSAGES.docxTooLarge);
    if (error instanceof ZipRefused && error.reason === 'xml-too-large') throw new ConversionRefused(DOCUMENT_MESSAGES.docxXmlTooLarge);
    if (error instanceof ZipRefused && error.reason === 'too-many-pages') throw new ConversionRefused(DOCUMENT_MESSAGES.tooManyPages);
    if (error instanceof ZipRefused && error.picture)
      throw new ConversionRefused(DOCUMENT_MESSAGES.docxPictureTooLarge(error.picture.width, error.picture.height));
    throw new ConversionRefused(DOCUMENT_MESSAGES.docxUnreadable);
  }
}

/** The pure-JS route: mammoth turns the docx into HTML, which is laid out with pdfkit. Never fetches anything. */
export async function docxToPdfWithoutLibreOffice(bytes: Buffer): Promise<Buffer> {
  const sanitised = await checkDocx(bytes);
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: sanitised })).value;
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.docxUnreadable);
  }
  return htmlToPdf(html, 'Document');
}
