import { exceedsImageLimits, readImageHeader } from '../imageHeader';
import { DOCUMENT_MESSAGES } from '../messages';
import { ConversionRefused } from './conversionRefused';
import { stripJpegMetadata } from './jpegMetadata';
import { PngUnreadable, pngForPdf, readPng, type PdfImage } from './pngImage';

/**
 * Opens a PNG or JPEG for pdfkit's doc.image() only after its header says it is within the limits
 * (contentLimits), and without pdfkit's PNG decoder. A JPEG goes into the PDF as it is (pdfkit
 * never decodes it); its size is checked twice, from our reading of the frame header and from
 * pdfkit's, so the two can never disagree about what is embedded.
 */

/** What doc.image() accepts besides bytes: pdfkit calls embed() once, then draws `label`. */
export interface DrawableImage {
  width: number;
  height: number;
}

interface PdfkitReference {
  data: Record<string, unknown>;
  end(chunk?: Uint8Array): void;
}
interface PdfkitDocument {
  ref(data?: Record<string, unknown>): PdfkitReference;
}

let nextLabel = 1;

/** A PdfImage as a pdfkit image object: the same dictionaries pdfkit writes for its own PNGs. */
function pdfkitImage(image: PdfImage): DrawableImage {
  const drawable = {
    width: image.width,
    height: image.height,
    label: `SafePng${nextLabel++}`,
    obj: null as PdfkitReference | null,
    embed(document: PdfkitDocument) {
      if (drawable.obj) return;
      const obj = document.ref({
        Type: 'XObject',
        Subtype: 'Image',
        BitsPerComponent: image.bitsPerComponent,
        Width: image.width,
        Height: image.height,
        Filter: 'FlateDecode',
      });
      if (image.decodeParms) obj.data.DecodeParms = image.decodeParms;
      if (image.palette) {
        const palette = document.ref();
        palette.end(image.palette);
        obj.data.ColorSpace = ['Indexed', 'DeviceRGB', image.palette.length / 3 - 1, palette];
      } else {
        obj.data.ColorSpace = image.colorSpace;
      }
      if (image.colourKeyMask) obj.data.Mask = image.colourKeyMask;
      if (image.alpha) {
        const mask = document.ref({
          Type: 'XObject',
          Subtype: 'Image',
          Height: image.height,
          Width: image.width,
          BitsPerComponent: 8,
          Filter: 'FlateDecode',
          ColorSpace: 'DeviceGray',
          Decode: [0, 1],
        });
        mask.end(image.alpha);
        obj.data.SMask = mask;
      }
      obj.end(image.data);
      drawable.obj = obj;
    },
  };
  return drawable;
}

/**
 * Refuses with `tooLarge(width, height)` a picture over the limits, with imageUnreadable one that
 * is no PNG or JPEG or cannot be read; otherwise returns what doc.image() draws.
 */
export async function openImageSafely(
  doc: PDFKit.PDFDocument,
  bytes: Buffer,
  tooLarge: (width: number, height: number) => string,
): Promise<DrawableImage> {
  const header = readImageHeader(bytes);
  if (!header) throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
  if (exceedsImageLimits(header)) throw new ConversionRefused(tooLarge(header.width, header.height));
  if (header.type === 'jpeg') {
    // Embedded as it is, so its metadata (camera, software, place) is taken out first.
    const withoutMetadata = stripJpegMetadata(bytes);
    if (!withoutMetadata) throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
    let image: DrawableImage;
    try {
      image = doc.openImage(withoutMetadata);
    } catch {
      throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
    }
    if (!(image.width > 0 && image.height > 0)) throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
    // Bytes per pixel were checked from our own reading of the header; pdfkit's gives the size it embeds.
    if (exceedsImageLimits({ width: image.width, height: image.height, decodedBytes: 0 })) {
      throw new ConversionRefused(tooLarge(image.width, image.height));
    }
    return image;
  }
  try {
    return pdfkitImage(await pngForPdf(readPng(bytes)));
  } catch (error) {
    if (error instanceof PngUnreadable) throw new ConversionRefused(DOCUMENT_MESSAGES.imageUnreadable);
    throw error;
  }
}
