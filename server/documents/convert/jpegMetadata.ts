/**
 * A JPEG as it may go into a PDF: without its metadata. Photos carry the camera, the software,
 * the time and often the place (EXIF and XMP in APP1, IPTC in APP13, comments, maker notes) that
 * the applicant never meant to send; all of it is removed. What drawing needs stays: the JFIF
 * header, Adobe's colour-transform marker, the ICC colour profile, the tables and the image data.
 * The EXIF orientation is kept as the one tag of a new, minimal EXIF block, so a phone photo is
 * still drawn upright.
 */

const SOI = 0xd8;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const startsWith = (bytes: Buffer, offset: number, text: string) =>
  bytes.length >= offset + text.length && bytes.toString('latin1', offset, offset + text.length) === text;

/** Whether a segment (its marker and its body) is needed to draw the picture. */
function isNeeded(marker: number, body: Buffer): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > 0xef) return true;
  if (marker === APP0) return startsWith(body, 0, 'JFIF\0') || startsWith(body, 0, 'JFXX\0');
  if (marker === APP2) return startsWith(body, 0, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWith(body, 0, 'Adobe');
  return false;
}

/** The EXIF orientation (1–8) an APP1 body declares in its first image directory, if any. */
function exifOrientation(body: Buffer): number | undefined {
  if (!startsWith(body, 0, 'Exif\0\0') || body.length < 14) return undefined;
  const tiff = 6;
  const little = startsWith(body, tiff, 'II');
  if (!little && !startsWith(body, tiff, 'MM')) return undefined;
  const read16 = (offset: number) => (little ? body.readUInt16LE(offset) : body.readUInt16BE(offset));
  const read32 = (offset: number) => (little ? body.readUInt32LE(offset) : body.readUInt32BE(offset));
  if (read16(tiff + 2) !== 42) return undefined;
  const directory = tiff + read32(tiff + 4);
  if (directory + 2 > body.length) return undefined;
  const entries = read16(directory);
  for (let index = 0; index < entries; index++) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > body.length) return undefined;
    if (read16(entry) === 0x0112) {
      const value = read16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An APP1 segment holding only an EXIF orientation tag (big-endian TIFF, one directory entry). */
function orientationSegment(orientation: number): Buffer {
  const segment = Buffer.alloc(36);
  segment.writeUInt16BE(0xff00 | APP1, 0);
  segment.writeUInt16BE(34, 2);
  segment.write('Exif\0\0MM', 4, 'latin1');
  segment.writeUInt16BE(42, 12);
  segment.writeUInt32BE(8, 14);
  segment.writeUInt16BE(1, 18);
  segment.writeUInt16BE(0x0112, 20);
  segment.writeUInt16BE(3, 22);
  segment.writeUInt32BE(1, 24);
  segment.writeUInt16BE(orientation, 28);
  // The value's padding (30–31) and the next directory's offset (32–35) stay zero.
  return segment;
}

/** The JPEG without metadata, or undefined when its segments cannot be read. */
export function stripJpegMetadata(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return undefined;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | undefined;
  let position = 2;
  for (;;) {
    if (position + 4 > bytes.length || bytes[position] !== 0xff) return undefined;
    const marker = bytes[position + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      position++;
      continue;
    }
    const length = bytes.readUInt16BE(position + 2);
    if (length < 2 || position + 2 + length > bytes.length) return undefined;
    const body = bytes.subarray(position + 4, position + 2 + length);
    if (marker === SOS) {
      if (orientation !== undefined && orientation !== 1) {
        // Right after the JFIF header when there is one (it must come first), else after the start marker.
        kept.splice(kept[1]?.[1] === APP0 ? 2 : 1, 0, orientationSegment(orientation));
      }
      // The scan and everything after it (entropy-coded data, further scans, EOI) stay as they are.
      kept.push(bytes.subarray(position));
      return Buffer.concat(kept);
    }
    if (marker === APP1) orientation ??= exifOrientation(body);
    if (isNeeded(marker, body)) kept.push(bytes.subarray(position, position + 2 + length));
    position += 2 + length;
  }
}
