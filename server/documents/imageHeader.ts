import { IMAGE_MAX_DECODED_BYTES, IMAGE_MAX_PIXELS } from './contentLimits';

/**
 * What a picture declares about itself, read from its header alone (a PNG's IHDR, a JPEG's frame
 * header), before anything decodes it: a 1 MB file may declare a canvas of gigabytes.
 */
export interface ImageHeader {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
  /** width × height × samples per pixel × bytes per sample: what a decoder would hold. */
  decodedBytes: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples per pixel by PNG colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA), with the bit depths each allows. */
export const PNG_COLOUR_TYPES: Readonly<Record<number, { channels: number; depths: readonly number[] }>> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** PNG limits width and height to 2^31 - 1. */
const PNG_MAX_SIDE = 0x7fffffff;

/** The IHDR chunk, which the format requires to come first, right after the signature. */
function pngHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 33 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = bytes[24]!;
  const colour = PNG_COLOUR_TYPES[bytes[25]!];
  if (!colour?.depths.includes(bitDepth) || width === 0 || height === 0 || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) return undefined;
  return { type: 'png', width, height, decodedBytes: width * height * colour.channels * (bitDepth === 16 ? 2 : 1) };
}

/** Start-of-frame markers (every coding process); C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The first frame header, found by walking the segments (an EXIF thumbnail's markers sit inside APP1 and are skipped). */
function jpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let position = 2;
  while (position + 1 < bytes.length) {
    if (bytes[position] !== 0xff) {
      position++;
      continue;
    }
    const marker = bytes[position + 1]!;
    position += 2;
    // Fill bytes, and markers that stand alone without a length.
    if (marker === 0xff) {
      position--;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // The image data (or its end) before any frame header: not a picture we can measure.
    if (marker === 0xda || marker === 0xd9 || position + 2 > bytes.length) return undefined;
    const length = (bytes[position]! << 8) | bytes[position + 1]!;
    if (isFrameMarker(marker)) {
      if (position + 8 > bytes.length) return undefined;
      const height = (bytes[position + 3]! << 8) | bytes[position + 4]!;
      const width = (bytes[position + 5]! << 8) | bytes[position + 6]!;
      const components = bytes[position + 7]!;
      // A height of 0 is given later in the scan (DNL): no converter here reads that.
      if (width === 0 || height === 0 || components === 0) return undefined;
      return { type: 'jpeg', width, height, decodedBytes: width * height * components };
    }
    if (length < 2) return undefined;
    position += length;
  }
  return undefined;
}

/** The header of a PNG or JPEG; undefined for anything else, or a header that cannot be read. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  return pngHeader(bytes) ?? jpegHeader(bytes);
}

/** Whether a picture of this size may be decoded at all (contentLimits: 40 megapixels, 160 MB decoded). */
export function exceedsImageLimits(size: Pick<ImageHeader, 'width' | 'height' | 'decodedBytes'>): boolean {
  return size.width * size.height > IMAGE_MAX_PIXELS || size.decodedBytes > IMAGE_MAX_DECODED_BYTES;
}
