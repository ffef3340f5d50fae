import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  decodePDFRawStream,
  type PDFContext,
  type PDFObject,
  type PDFStream,
} from 'pdf-lib';

/** A name object's text, or undefined for anything else. */
export const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);

/** Samples per pixel of the device colour spaces; anything else is counted as four (CMYK, the most). */
const SAMPLES_PER_PIXEL: Readonly<Record<string, number>> = { DeviceGray: 1, CalGray: 1, DeviceRGB: 3, CalRGB: 3, Lab: 3 };

/**
 * A picture inside a PDF declares its size in its dictionary, and a few compressed bytes (even
 * compressed twice) can decode to gigabytes in a reader: the picture limits of uploads apply.
 */
export class PdfPictureTooLarge extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`picture of ${width} × ${height} pixels`);
  }
}

/**
 * A content stream that decodes to more than this is not read for inline pictures: the document is
 * refused as too complex. A page of dense vector drawing is a few megabytes.
 */
const CONTENT_MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** Content streams are decoded this much at a time, so a bomb stops at the limit. */
const CONTENT_READ_CHUNK = 1024 * 1024;
/** The filters a reader decodes content streams with, by every name readers accept; under any other a stream draws nothing. */
const CONTENT_FILTERS: Readonly<Record<string, string>> = {
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
};

/** A content stream (a page's, a form's, a pattern's or a glyph's) decoding to more than CONTENT_MAX_DECODED_BYTES. */
export class PdfContentTooLarge extends Error {
  constructor() {
    super(`content stream of more than ${CONTENT_MAX_DECODED_BYTES} bytes`);
  }
}

/** What an image XObject declares of its size; undefined for any other dictionary. */
export function declaredPicture(source: PDFContext, dict: PDFDict): { width: number; height: number; decodedBytes: number } | undefined {
  if (nameOf(dict.get(PDFName.of('Subtype'))) !== 'Image') return undefined;
  const number = (key: string) => {
    const value = source.lookup(dict.get(PDFName.of(key)));
    return value instanceof PDFNumber ? value.asNumber() : undefined;
  };
  const width = number('Width') ?? 0;
  const height = number('Height') ?? 0;
  const bits = number('BitsPerComponent') ?? 8;
  const space = source.lookup(dict.get(PDFName.of('ColorSpace')));
  const samples = SAMPLES_PER_PIXEL[nameOf(space) ?? ''] ?? (dict.get(PDFName.of('ImageMask')) ? 1 : 4);
  return { width, height, decodedBytes: Math.ceil((width * height * samples * bits) / 8) };
}

/** The stream's decoded bytes, read a chunk at a time up to the limit; undefined under a filter no reader draws with. */
export function decodedContent(source: PDFContext, stream: PDFStream): Uint8Array | undefined {
  const filter = source.lookup(stream.dict.get(PDFName.of('Filter')));
  const given = filter === undefined ? [] : filter instanceof PDFArray ? filter.asArray().map((item) => source.lookup(item)) : [filter];
  const filters = given.map((item) => CONTENT_FILTERS[nameOf(item) ?? '']);
  if (filters.some((name) => name === undefined)) return undefined;
  const dict = PDFDict.withContext(source);
  dict.set(PDFName.of('Filter'), source.obj(filters.map((name) => PDFName.of(name!))));
  const parameters = stream.dict.get(PDFName.of('DecodeParms'));
  if (parameters !== undefined) dict.set(PDFName.of('DecodeParms'), parameters);
  const decoder = decodePDFRawStream(PDFRawStream.of(dict, stream.getContents()));
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const chunk = decoder.getBytes(CONTENT_READ_CHUNK);
    if (chunk.length === 0) break;
    total += chunk.length;
    if (total > CONTENT_MAX_DECODED_BYTES) throw new PdfContentTooLarge();
    chunks.push(new Uint8Array(chunk));
  }
  return Buffer.concat(chunks);
}
