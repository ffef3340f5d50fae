/**
 * Pictures drawn inline in a content stream (`BI <parameters> ID <data> EI`) declare their size
 * there, not in an image XObject's dictionary; a few compressed bytes may declare gigabytes, so the
 * same picture limits apply. A content stream is read token by token, so `BI` inside a string, a
 * hex string or a comment is text, not a picture, and an inline picture's data (binary) is skipped.
 */

/** An inline picture's declared size: what a reader would decode. */
interface InlineImageSize {
  width: number;
  height: number;
  decodedBytes: number;
}

type Token =
  | { kind: 'name'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'operator'; value: string }
  | { kind: 'string' | 'open-array' | 'close-array' | 'open-dict' | 'close-dict' | 'end' };

const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
/** ( ) < > [ ] { } / % */
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isDelimiter = (byte: number) => DELIMITERS.has(byte);

/** Samples per pixel by colour space, with the inline abbreviations; anything else is counted as four (CMYK, the most). */
const SAMPLES_PER_PIXEL: Readonly<Record<string, number>> = {
  G: 1,
  DeviceGray: 1,
  CalGray: 1,
  I: 1,
  Indexed: 1,
  RGB: 3,
  DeviceRGB: 3,
  CalRGB: 3,
  Lab: 3,
};
/** An inline picture's parameters, by their full names (PDF 32000, table 91). */
const FULL_NAMES: Readonly<Record<string, string>> = {
  W: 'Width',
  H: 'Height',
  BPC: 'BitsPerComponent',
  CS: 'ColorSpace',
  IM: 'ImageMask',
};

class ContentLexer {
  position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  private skipWhitespaceAndComments(): void {
    const bytes = this.bytes;
    while (this.position < bytes.length) {
      const byte = bytes[this.position]!;
      if (isWhitespace(byte)) this.position++;
      else if (byte === 0x25) {
        while (this.position < bytes.length && bytes[this.position] !== 0x0a && bytes[this.position] !== 0x0d) this.position++;
      } else return;
    }
  }

  /** A literal string: balanced parentheses, a backslash escaping the next byte. */
  private skipString(): void {
    const bytes = this.bytes;
    let depth = 0;
    while (this.position < bytes.length) {
      const byte = bytes[this.position++]!;
      if (byte === 0x5c) this.position++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return;
    }
  }

  private regular(): string {
    const bytes = this.bytes;
    const start = this.position;
    while (this.position < bytes.length && !isWhitespace(bytes[this.position]!) && !isDelimiter(bytes[this.position]!)) this.position++;
    return Buffer.from(bytes.buffer, bytes.byteOffset + start, this.position - start).toString('latin1');
  }

  next(): Token {
    const bytes = this.bytes;
    for (;;) {
      this.skipWhitespaceAndComments();
      if (this.position >= bytes.length) return { kind: 'end' };
      switch (bytes[this.position]) {
        case 0x28:
          this.skipString();
          return { kind: 'string' };
        case 0x3c:
          if (bytes[this.position + 1] === 0x3c) {
            this.position += 2;
            return { kind: 'open-dict' };
          }
          while (this.position < bytes.length && bytes[this.position] !== 0x3e) this.position++;
          this.position++;
          return { kind: 'string' };
        case 0x3e:
          this.position += bytes[this.position + 1] === 0x3e ? 2 : 1;
          return { kind: 'close-dict' };
        case 0x5b:
          this.position++;
          return { kind: 'open-array' };
        case 0x5d:
          this.position++;
          return { kind: 'close-array' };
        case 0x2f:
          this.position++;
          return { kind: 'name', value: this.regular() };
        case 0x29:
        case 0x7b:
        case 0x7d:
          // Stray delimiters (a closing parenthesis without its string, PostScript braces) are skipped.
          this.position++;
          continue;
      }
      const word = this.regular();
      return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? { kind: 'number', value: Number(word) } : { kind: 'operator', value: word };
    }
  }

  /**
   * Past an inline picture's data: one whitespace byte follows `ID`, and the data ends at the
   * first `EI` standing between whitespace and whitespace, a delimiter or the end of the stream.
   */
  skipInlineData(): void {
    const bytes = this.bytes;
    let position = this.position + 1;
    for (; position + 1 < bytes.length; position++) {
      if (bytes[position] !== 0x45 || bytes[position + 1] !== 0x49 || !isWhitespace(bytes[position - 1]!)) continue;
      const after = bytes[position + 2];
      if (after === undefined || isWhitespace(after) || isDelimiter(after)) break;
    }
    this.position = Math.min(position + 2, bytes.length);
  }
}

/** A value of an inline picture's parameters: numbers and names kept, the first name of an array (an indexed space), the rest skipped. */
function readValue(lexer: ContentLexer, first: Token): number | string | undefined {
  if (first.kind === 'number' || first.kind === 'name') return first.value;
  if (first.kind === 'operator') return first.value === 'true' ? 1 : undefined;
  if (first.kind !== 'open-array' && first.kind !== 'open-dict') return undefined;
  let depth = 1;
  let firstName: string | undefined;
  while (depth > 0) {
    const token = lexer.next();
    if (token.kind === 'end') break;
    if (token.kind === 'open-array' || token.kind === 'open-dict') depth++;
    else if (token.kind === 'close-array' || token.kind === 'close-dict') depth--;
    else if (token.kind === 'name' && first.kind === 'open-array') firstName ??= token.value;
  }
  return firstName;
}

/** The parameters between `BI` and `ID`, by full name; the lexer is left just after `ID`. */
function readParameters(lexer: ContentLexer): Map<string, number | string | undefined> | undefined {
  const parameters = new Map<string, number | string | undefined>();
  for (;;) {
    const key = lexer.next();
    if (key.kind === 'operator' && key.value === 'ID') return parameters;
    if (key.kind !== 'name') return undefined;
    const value = lexer.next();
    if (value.kind === 'end') return undefined;
    parameters.set(FULL_NAMES[key.value] ?? key.value, readValue(lexer, value));
  }
}

function sizeOf(parameters: ReadonlyMap<string, number | string | undefined>): InlineImageSize {
  const number = (key: string) => {
    const value = parameters.get(key);
    return typeof value === 'number' ? value : undefined;
  };
  const width = number('Width') ?? 0;
  const height = number('Height') ?? 0;
  const mask = number('ImageMask') === 1;
  const bits = mask ? 1 : (number('BitsPerComponent') ?? 8);
  const space = parameters.get('ColorSpace');
  const samples = mask ? 1 : (SAMPLES_PER_PIXEL[typeof space === 'string' ? space : ''] ?? 4);
  return { width, height, decodedBytes: Math.ceil((width * height * samples * bits) / 8) };
}

/** Every inline picture a decoded content stream draws, with its declared size, in order. */
export function inlineImagesIn(content: Uint8Array): InlineImageSize[] {
  const lexer = new ContentLexer(content);
  const images: InlineImageSize[] = [];
  for (;;) {
    const token = lexer.next();
    if (token.kind === 'end') return images;
    if (token.kind !== 'operator' || token.value !== 'BI') continue;
    const parameters = readParameters(lexer);
    if (!parameters) continue;
    images.push(sizeOf(parameters));
    lexer.skipInlineData();
  }
}
