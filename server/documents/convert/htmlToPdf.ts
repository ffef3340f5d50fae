import { PAGE, finishDocument, newDocument, type FontName } from '../../pdf/pdfkitDocument';
import { DOCUMENT_MAX_PAGES } from '../contentLimits';
import { DOCUMENT_MESSAGES } from '../messages';
import { ConversionRefused } from './conversionRefused';
import { openImageSafely, type DrawableImage } from './safeImage';

/**
 * Lays out the small HTML vocabulary mammoth produces from a docx (headings, paragraphs, bold and
 * italic, lists, tables, line breaks, embedded pictures) with pdfkit. It is the route that works
 * on a machine without LibreOffice: faithful in text and structure, plainer in looks.
 */

type Token = { kind: 'open'; tag: string; attrs: string } | { kind: 'close'; tag: string } | { kind: 'text'; text: string };
interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

const HEADING_SIZES: Readonly<Record<string, number>> = { h1: 18, h2: 16, h3: 14, h4: 13, h5: 12, h6: 12 };
const BODY_SIZE = 11;
const LIST_INDENT = 18;
const MAX_IMAGE_HEIGHT = 400;

function* tokenize(html: string): Generator<Token> {
  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (match[4] !== undefined) yield { kind: 'text', text: decodeEntities(match[4]) };
    else if (match[1]) yield { kind: 'close', tag: match[2]!.toLowerCase() };
    else yield { kind: 'open', tag: match[2]!.toLowerCase(), attrs: match[3] ?? '' };
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[lower] ?? '';
  });
}

function safeCodePoint(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

const fontOf = (run: Pick<Run, 'bold' | 'italic'>): FontName =>
  run.bold ? (run.italic ? 'boldItalic' : 'bold') : run.italic ? 'italic' : 'regular';

const PICTURE_SOURCE = /src="data:image\/(png|jpeg|jpg);base64,([^"]+)"/i;

/**
 * Opens every embedded picture before the layout starts (opening one may decode it, which is
 * asynchronous). A picture over the size limits refuses the whole document with a message; one
 * that cannot be read is left out and the text still converts.
 */
async function openPictures(doc: PDFKit.PDFDocument, html: string): Promise<Map<string, DrawableImage>> {
  const pictures = new Map<string, DrawableImage>();
  for (const match of html.matchAll(/<img\b([^>]*)>/gi)) {
    const attrs = match[1]!;
    const source = PICTURE_SOURCE.exec(attrs);
    if (!source || pictures.has(attrs)) continue;
    try {
      pictures.set(attrs, await openImageSafely(doc, Buffer.from(source[2]!, 'base64'), DOCUMENT_MESSAGES.docxPictureTooLarge));
    } catch (error) {
      if (!(error instanceof ConversionRefused) || error.userMessage !== DOCUMENT_MESSAGES.imageUnreadable) throw error;
    }
  }
  return pictures;
}

export async function htmlToPdf(html: string, title: string): Promise<Buffer> {
  const doc = newDocument({ title });
  // The layout stops at the page limit instead of laying out a page bomb to the end.
  let pages = 1;
  doc.on('pageAdded', () => {
    if (++pages > DOCUMENT_MAX_PAGES) throw new ConversionRefused(DOCUMENT_MESSAGES.tooManyPages);
  });
  const pictures = await openPictures(doc, html);
  const contentWidth = doc.page.width - 2 * PAGE.margin;
  let runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  let heading: string | undefined;
  const lists: { ordered: boolean; next: number }[] = [];
  let itemPrefix = '';
  let rowCells: string[] | undefined;
  let cell: Run[] | undefined;

  const push = (text: string) => {
    const target = cell ?? runs;
    target.push({ text: text.replace(/[\r\n]+/g, ' '), bold: bold > 0 || heading !== undefined, italic: italic > 0 });
  };

  const flush = (spacingAfter = 0.4) => {
    const visible = runs.filter((run) => run.text !== '');
    runs = [];
    const indent = lists.length * LIST_INDENT;
    if (itemPrefix) visible.unshift({ text: itemPrefix, bold: false, italic: false });
    itemPrefix = '';
    if (visible.length === 0) {
      doc.moveDown(spacingAfter);
      return;
    }
    doc.fontSize(heading ? HEADING_SIZES[heading]! : BODY_SIZE);
    visible.forEach((run, index) => {
      const continued = index < visible.length - 1;
      doc.font(fontOf(run));
      if (index === 0) doc.text(run.text, PAGE.margin + indent, undefined, { continued, width: contentWidth - indent });
      else doc.text(run.text, { continued });
    });
    doc.x = PAGE.margin;
    doc.moveDown(spacingAfter);
  };

  const drawImage = (attrs: string) => {
    const picture = pictures.get(attrs);
    if (!picture) return;
    flush(0);
    doc.image(picture, { fit: [contentWidth, MAX_IMAGE_HEIGHT] });
    doc.moveDown(0.4);
  };

  for (const token of tokenize(html)) {
    if (token.kind === 'text') {
      push(token.text);
      continue;
    }
    const { tag } = token;
    if (token.kind === 'open') {
      if (tag === 'strong' || tag === 'b') bold++;
      else if (tag === 'em' || tag === 'i') italic++;
      else if (tag in HEADING_SIZES) heading = tag;
      else if (tag === 'ul' || tag === 'ol') {
        if (runs.length > 0) flush(0);
        lists.push({ ordered: tag === 'ol', next: 1 });
      } else if (tag === 'li') {
        if (runs.length > 0) flush(0);
        const list = lists.at(-1);
        itemPrefix = list?.ordered ? `${list.next++}. ` : '• ';
      } else if (tag === 'tr') rowCells = [];
      else if (tag === 'td' || tag === 'th') cell = [];
      else if (tag === 'br') push('\n');
      else if (tag === 'img') drawImage(token.attrs);
      continue;
    }
    if (tag === 'strong' || tag === 'b') bold = Math.max(0, bold - 1);
    else if (tag === 'em' || tag === 'i') italic = Math.max(0, italic - 1);
    else if (tag in HEADING_SIZES) {
      flush(0.5);
      heading = undefined;
    } else if (tag === 'p') flush(lists.length > 0 ? 0.1 : 0.4);
    else if (tag === 'li') flush(0.1);
    else if (tag === 'ul' || tag === 'ol') {
      lists.pop();
      if (lists.length === 0) doc.moveDown(0.3);
    } else if (tag === 'td' || tag === 'th') {
      rowCells?.push(
        (cell ?? [])
          .map((run) => run.text)
          .join('')
          .trim(),
      );
      cell = undefined;
    } else if (tag === 'tr') {
      runs.push({ text: (rowCells ?? []).join('  |  '), bold: false, italic: false });
      rowCells = undefined;
      flush(0.2);
    }
  }
  flush(0);
  return finishDocument(doc);
}
