import { PAGE, finishDocument, newDocument } from '../../pdf/pdfkitDocument';
import { DOCUMENT_MESSAGES } from '../messages';
import { ConversionRefused } from './conversionRefused';

/**
 * A PNG or JPEG on one letter page, scaled to fit and centred. pdfkit embeds a JPEG as it is and
 * a PNG's compressed data without re-encoding it (about 30 ms for 1 MB, where pdf-lib took 170 to
 * 490 ms); wide pictures get a landscape page.
 */
/** pdfkit's parsed image; its type definitions omit openImage. */
interface OpenedImage {
  width: number;
  height: number;
}

export async function imageToPdf(bytes: Buffer): Promise<Buffer> {
  const doc = newDocument({ autoFirstPage: false });
  let image: OpenedImage;
  try {
    image = (doc as unknown as { openImage(source: Buffer): OpenedImage }).openImage(bytes);
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
  }
  if (!(image.width > 0 && image.height > 0)) throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
  const layout = image.width > image.height ? 'landscape' : 'portrait';
  doc.addPage({ size: PAGE.size, layout, margin: PAGE.margin });
  const width = doc.page.width - 2 * PAGE.margin;
  const height = doc.page.height - 2 * PAGE.margin;
  // doc.image takes the opened image as well as bytes, so the file is parsed once.
  doc.image(image as unknown as Buffer, PAGE.margin, PAGE.margin, { fit: [width, height], align: 'center', valign: 'center' });
  try {
    // Pixel data is read while the document is written: a broken image only shows here.
    return await finishDocument(doc);
  } catch {
    throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
  }
}
