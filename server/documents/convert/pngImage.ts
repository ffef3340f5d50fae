import { once } from 'node:events';
import { createDeflate, createInflate } from 'node:zlib';
import { PNG_COLOUR_TYPES, readImageHeader } from '../imageHeader';

/**
 * PNG pictures made ready for a PDF without ever holding their decoded pixels.
 *
 * Most PNGs (grey, RGB or palette, not interlaced, no palette transparency) go into the PDF as
 * they are: a PDF reads PNG's compressed rows itself (FlateDecode with the PNG predictors), so
 * nothing is decoded here. The others (an alpha channel, palette transparency, interlacing) must be
 * split into colour and alpha images: their data is inflated as a stream, only as far as the
 * header's size (a data stream that unpacks to more is cut there), and each row is undone from
 * its filter, reduced to 8-bit samples and deflated again as it arrives. Only interlaced pictures
 * need a whole image at once (Adam7 spreads every row over seven passes); they hold it as 8-bit
 * samples, at most IMAGE_MAX_PIXELS × 4 bytes. pdfkit's own PNG code inflates everything at once
 * and keeps several copies of the pixels: a small file that decodes to a huge image would
 * exhaust the memory.
 */

export class PngUnreadable extends Error {}

export interface PngFile {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  palette?: Uint8Array;
  /** The tRNS chunk: alpha per palette entry, or the one grey/RGB value that is transparent. */
  transparency?: Uint8Array;
  /** Every IDAT chunk's bytes, in order: one zlib stream. */
  data: Buffer;
}

/** Reads the chunks a picture needs (IHDR, PLTE, tRNS, IDAT); others (text, colour profiles, APNG frames) are skipped. */
export function readPng(bytes: Uint8Array): PngFile {
  const header = readImageHeader(bytes);
  if (header?.type !== 'png') throw new PngUnreadable('not a PNG');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const png: Omit<PngFile, 'data'> = {
    width: header.width,
    height: header.height,
    bitDepth: buffer[24]!,
    colorType: buffer[25]!,
    interlaced: buffer[28] === 1,
  };
  if (buffer[26] !== 0 || buffer[27] !== 0 || buffer[28]! > 1) throw new PngUnreadable('unknown compression, filter or interlace method');
  const data: Buffer[] = [];
  let position = 8;
  while (position + 8 <= buffer.length) {
    const length = buffer.readUInt32BE(position);
    const type = buffer.toString('latin1', position + 4, position + 8);
    const body = buffer.subarray(position + 8, position + 8 + length);
    // A cut-off file keeps what arrived, as browsers show it.
    if (body.length < length) break;
    if (type === 'PLTE') png.palette = body;
    else if (type === 'tRNS') png.transparency = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    position += 12 + length;
  }
  if (data.length === 0) throw new PngUnreadable('no image data');
  if (png.colorType === 3 && (!png.palette || png.palette.length === 0 || png.palette.length % 3 !== 0 || png.palette.length > 768)) {
    throw new PngUnreadable('palette missing or malformed');
  }
  return { ...png, data: Buffer.concat(data) };
}

/** Adam7: where each pass starts and how far apart its pixels are. */
const ADAM7 = [
  { x0: 0, y0: 0, dx: 8, dy: 8 },
  { x0: 4, y0: 0, dx: 8, dy: 8 },
  { x0: 0, y0: 4, dx: 4, dy: 8 },
  { x0: 2, y0: 0, dx: 4, dy: 4 },
  { x0: 0, y0: 2, dx: 2, dy: 4 },
  { x0: 1, y0: 0, dx: 2, dy: 2 },
  { x0: 0, y0: 1, dx: 1, dy: 2 },
];

interface Pass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
  rowBytes: number;
}

function passesOf(png: PngFile, bitsPerPixel: number): Pass[] {
  return (png.interlaced ? ADAM7 : [{ x0: 0, y0: 0, dx: 1, dy: 1 }])
    .map((pass) => {
      const width = Math.ceil((png.width - pass.x0) / pass.dx);
      return { ...pass, width, height: Math.ceil((png.height - pass.y0) / pass.dy), rowBytes: Math.ceil((width * bitsPerPixel) / 8) };
    })
    .filter((pass) => pass.width > 0 && pass.height > 0);
}

/** Undoes a row's PNG filter (None, Sub, Up, Average or Paeth) in place; `previous` is the row above, zeros for a pass's first. */
function unfilter(filter: number, row: Uint8Array, previous: Uint8Array, step: number): void {
  const length = row.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = step; i < length; i++) row[i] = row[i]! + row[i - step]!;
      return;
    case 2:
      for (let i = 0; i < length; i++) row[i] = row[i]! + previous[i]!;
      return;
    case 3:
      for (let i = 0; i < step; i++) row[i] = row[i]! + (previous[i]! >> 1);
      for (let i = step; i < length; i++) row[i] = row[i]! + ((row[i - step]! + previous[i]!) >> 1);
      return;
    case 4:
      for (let i = 0; i < step; i++) row[i] = row[i]! + previous[i]!;
      for (let i = step; i < length; i++) {
        const left = row[i - step]!;
        const up = previous[i]!;
        const upLeft = previous[i - step]!;
        const estimate = left + up - upLeft;
        const toLeft = Math.abs(estimate - left);
        const toUp = Math.abs(estimate - up);
        const toUpLeft = Math.abs(estimate - upLeft);
        row[i] = row[i]! + (toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft);
      }
      return;
    default:
      throw new PngUnreadable(`unknown filter ${filter}`);
  }
}

/** How the decoded samples are handed on: colour (grey, RGB or palette index) and, if any, alpha, 8 bits each. */
interface PngLayout {
  colourChannels: 1 | 3;
  hasAlpha: boolean;
}

function layoutOf(png: PngFile): PngLayout {
  return {
    colourChannels: png.colorType === 2 || png.colorType === 6 ? 3 : 1,
    hasAlpha: png.colorType === 4 || png.colorType === 6 || png.transparency !== undefined,
  };
}

/**
 * Decodes the picture row by row, top to bottom, handing each row's 8-bit colour and alpha samples
 * to `onRow` (the arrays are reused: copy what you keep). 16-bit samples keep their high byte,
 * 1-, 2- and 4-bit grey is scaled to 0–255, palette indices stay indices, tRNS becomes alpha.
 */
export async function decodePngRows(
  png: PngFile,
  onRow: (colour: Uint8Array, alpha: Uint8Array | undefined, y: number) => void | Promise<void>,
): Promise<void> {
  const { width, height, bitDepth, colorType } = png;
  const channels = PNG_COLOUR_TYPES[colorType]!.channels;
  const bitsPerPixel = channels * bitDepth;
  const step = Math.max(1, bitsPerPixel >> 3);
  const { colourChannels, hasAlpha } = layoutOf(png);
  const passes = passesOf(png, bitsPerPixel);
  const greyScale = bitDepth < 8 ? 255 / (2 ** bitDepth - 1) : 1;
  const sampleMask = (1 << Math.min(bitDepth, 8)) - 1;
  const key = colorType === 0 || colorType === 2 ? transparentKey(png, channels) : undefined;
  const paletteAlpha = colorType === 3 ? png.transparency : undefined;

  // Non-interlaced rows go out as they are decoded; interlaced ones are gathered first.
  const whole = png.interlaced
    ? { colour: new Uint8Array(width * height * colourChannels), alpha: hasAlpha ? new Uint8Array(width * height) : undefined }
    : undefined;
  const rowColour = new Uint8Array(width * colourChannels);
  const rowAlpha = hasAlpha ? new Uint8Array(width) : undefined;
  const samples = new Array<number>(channels);
  const eight =
    bitDepth === 16
      ? (value: number) => value >> 8
      : bitDepth === 8
        ? (value: number) => value
        : (value: number) => Math.round(value * greyScale);

  /** Writes one decoded pass row's pixels into the output (the row buffers, or the whole picture). */
  function place(row: Uint8Array, pass: Pass, passRow: number): void {
    const y = pass.y0 + passRow * pass.dy;
    const colour = whole ? whole.colour : rowColour;
    const alpha = whole ? whole.alpha : rowAlpha;
    const base = whole ? y * width : 0;
    let bit = 0;
    for (let px = 0; px < pass.width; px++) {
      for (let channel = 0; channel < channels; channel++) {
        if (bitDepth === 8) samples[channel] = row[bit >> 3]!;
        else if (bitDepth === 16) samples[channel] = (row[bit >> 3]! << 8) | row[(bit >> 3) + 1]!;
        else samples[channel] = (row[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & sampleMask;
        bit += bitDepth;
      }
      const pixel = base + pass.x0 + px * pass.dx;
      if (colorType === 3) colour[pixel] = samples[0]!;
      else if (colourChannels === 1) colour[pixel] = eight(samples[0]!);
      else for (let channel = 0; channel < 3; channel++) colour[pixel * 3 + channel] = eight(samples[channel]!);
      if (alpha) {
        if (colorType === 4 || colorType === 6) alpha[pixel] = eight(samples[channels - 1]!);
        else if (paletteAlpha) alpha[pixel] = samples[0]! < paletteAlpha.length ? paletteAlpha[samples[0]!]! : 255;
        else alpha[pixel] = key && key.every((value, channel) => samples[channel] === value) ? 0 : 255;
      }
    }
  }

  let passIndex = 0;
  let passRow = 0;
  let pass = passes[0]!;
  // Two row buffers (filter byte + samples): the one being filled and the one above it.
  let current = new Uint8Array(1 + pass.rowBytes);
  let above = new Uint8Array(1 + pass.rowBytes);
  let filled = 0;
  let rowsDone = 0;

  /** Takes inflated bytes; true once every row of every pass has arrived. */
  async function feed(chunk: Uint8Array): Promise<boolean> {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(current.length - filled, chunk.length - offset);
      current.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled < current.length) break;
      const row = current.subarray(1);
      unfilter(current[0]!, row, above.subarray(1), step);
      place(row, pass, passRow);
      if (!whole) {
        const pending = onRow(rowColour, rowAlpha, passRow);
        if (pending) await pending;
      }
      rowsDone++;
      [current, above] = [above, current];
      filled = 0;
      if (++passRow === pass.height) {
        if (++passIndex === passes.length) return true;
        pass = passes[passIndex]!;
        passRow = 0;
        // A pass is an image of its own: its first row has zeros above it.
        current = new Uint8Array(1 + pass.rowBytes);
        above = new Uint8Array(1 + pass.rowBytes);
      }
    }
    return false;
  }

  let complete = false;
  let feeding = false;
  const inflate = createInflate({ chunkSize: 256 * 1024 });
  inflate.end(png.data);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      feeding = true;
      complete = await feed(chunk);
      feeding = false;
      // Whatever follows the last row is never inflated: leaving the loop destroys the stream.
      if (complete) break;
    }
  } catch (error) {
    // A bad filter, or the consumer failing, is not damaged data.
    if (feeding) throw error;
    // Corrupt data after some rows: the rest stays empty, as a browser shows a damaged file.
    if (rowsDone === 0) throw new PngUnreadable('image data unreadable');
  }
  if (!complete) {
    if (rowsDone === 0) throw new PngUnreadable('image data missing');
    const zeros = new Uint8Array(64 * 1024);
    while (!(await feed(zeros)));
  }
  if (whole) {
    for (let y = 0; y < height; y++) {
      const pending = onRow(
        whole.colour.subarray(y * width * colourChannels, (y + 1) * width * colourChannels),
        whole.alpha?.subarray(y * width, (y + 1) * width),
        y,
      );
      if (pending) await pending;
    }
  }
}

/** The tRNS colour key of a grey or RGB picture, as samples in its bit depth. */
function transparentKey(png: PngFile, channels: number): number[] | undefined {
  const trns = png.transparency;
  if (!trns || trns.length < channels * 2) return undefined;
  return Array.from(
    { length: channels },
    (_, channel) => ((trns[channel * 2]! << 8) | trns[channel * 2 + 1]!) & (png.bitDepth === 16 ? 0xffff : (1 << png.bitDepth) - 1),
  );
}

/** One image plane deflated as it is written, in batches, waiting for zlib when it falls behind. */
class DeflatedPlane {
  private readonly deflate = createDeflate();
  private readonly output: Buffer[] = [];
  private readonly finished: Promise<Buffer>;
  private batch = Buffer.allocUnsafe(256 * 1024);
  private used = 0;

  constructor() {
    this.deflate.on('data', (chunk: Buffer) => this.output.push(chunk));
    this.finished = new Promise((resolve, reject) => {
      this.deflate.on('end', () => resolve(Buffer.concat(this.output)));
      this.deflate.on('error', reject);
    });
    // A failure shows in finish(); until then, keep it from counting as unhandled.
    this.finished.catch(() => undefined);
  }

  async append(bytes: Uint8Array): Promise<void> {
    if (this.used + bytes.length > this.batch.length) await this.flush();
    if (bytes.length > this.batch.length) {
      await this.write(Buffer.from(bytes));
      return;
    }
    this.batch.set(bytes, this.used);
    this.used += bytes.length;
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    const full = this.batch.subarray(0, this.used);
    // zlib keeps the written buffer until it is done with it: the next rows go into a new one.
    this.batch = Buffer.allocUnsafe(this.batch.length);
    this.used = 0;
    await this.write(full);
  }

  private async write(bytes: Buffer): Promise<void> {
    if (!this.deflate.write(bytes)) await once(this.deflate, 'drain');
  }

  async finish(): Promise<Buffer> {
    await this.flush();
    this.deflate.end();
    return this.finished;
  }
}

/** A picture as a PDF image XObject takes it: compressed samples, how to read them, and an alpha image if any. */
export interface PdfImage {
  width: number;
  height: number;
  bitsPerComponent: number;
  colorSpace: 'DeviceGray' | 'DeviceRGB';
  /** RGB triples: the colour space becomes Indexed over this palette. */
  palette?: Uint8Array;
  /** A zlib stream (FlateDecode). */
  data: Buffer;
  /** PNG's own rows, read by the PDF with the PNG predictors. */
  decodeParms?: { Predictor: number; Colors: number; BitsPerComponent: number; Columns: number };
  /** Colour-key masking: the ranges of samples that are transparent. */
  colourKeyMask?: number[];
  /** 8-bit alpha (a zlib stream), for /SMask. */
  alpha?: Buffer;
}

export async function pngForPdf(png: PngFile): Promise<PdfImage> {
  const { colourChannels, hasAlpha } = layoutOf(png);
  const colorSpace = colourChannels === 3 ? 'DeviceRGB' : 'DeviceGray';
  const palette = png.colorType === 3 ? png.palette : undefined;
  const base = { width: png.width, height: png.height, colorSpace, palette } as const;
  if (!png.interlaced && !(png.colorType === 4 || png.colorType === 6 || (png.colorType === 3 && png.transparency))) {
    const channels = PNG_COLOUR_TYPES[png.colorType]!.channels;
    const key = transparentKey(png, channels);
    return {
      ...base,
      bitsPerComponent: png.bitDepth,
      data: png.data,
      decodeParms: { Predictor: 15, Colors: channels, BitsPerComponent: png.bitDepth, Columns: png.width },
      colourKeyMask: key?.flatMap((value) => [value, value]),
    };
  }
  const colour = new DeflatedPlane();
  const alpha = hasAlpha ? new DeflatedPlane() : undefined;
  let failure: { error: unknown } | undefined;
  try {
    await decodePngRows(png, async (colourRow, alphaRow) => {
      await colour.append(colourRow);
      if (alpha && alphaRow) await alpha.append(alphaRow);
    });
  } catch (error) {
    failure = { error };
  }
  // Both streams end even after a failure, so zlib lets go of them.
  const [data, alphaData] = await Promise.all([colour.finish(), alpha?.finish()]);
  if (failure) throw failure.error;
  return { ...base, bitsPerComponent: 8, data, alpha: alphaData };
}
