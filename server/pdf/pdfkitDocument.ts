import { create as openFont, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * pdfkit documents with DejaVu Sans embedded: the 14 standard PDF fonts only know Latin-1, and
 * applicants are called Dvořák, Nguyễn or Øyvind. pdfkit subsets the font, so only the glyphs used
 * are stored.
 */

const require = createRequire(import.meta.url);

const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
  boldItalic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf'),
} as const;
export type FontName = keyof typeof FONT_FILES;

let parsedFonts: Record<FontName, Font> | undefined;
/**
 * Read and parsed once per thread, and handed to pdfkit as fontkit fonts: parsing DejaVu's
 * tables took three quarters of each PDF copy's time when every document parsed them again.
 */
function fonts(): Record<FontName, Font> {
  const parse = (name: FontName) => openFont(readFileSync(FONT_FILES[name])) as Font;
  parsedFonts ??= { regular: parse('regular'), bold: parse('bold'), italic: parse('italic'), boldItalic: parse('boldItalic') };
  return parsedFonts;
}

export const PAGE = { size: 'LETTER', margin: 54 } as const;

export function newDocument(options: { title?: string; bufferPages?: boolean; autoFirstPage?: boolean } = {}): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    // Starting with our own font keeps pdfkit from loading Helvetica at all.
    font: fonts().regular,
    bufferPages: options.bufferPages ?? false,
    autoFirstPage: options.autoFirstPage ?? true,
    info: { Title: options.title ?? '', Producer: 'Admissions', Creator: 'Admissions' },
    compress: true,
  });
  for (const [name, font] of Object.entries(fonts())) doc.registerFont(name, font);
  doc.font('regular');
  return doc;
}

/** Ends the document and resolves with its bytes. */
export function finishDocument(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
