import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findLibreOffice } from '../../../server/documents/convert/libreOffice';

/**
 * Reads what a PDF shows with pdfjs-dist (Mozilla's PDF reader, in JavaScript), so the PDF tests
 * run on any machine; only LibreOffice is optional, and its tests say so when they skip.
 */
const LIBREOFFICE = findLibreOffice(process.env.PATH);

/** A test's name and whether to skip it: without LibreOffice, the name says why it did not run (CI installs it). */
export function needing(name: string, tools: { libreoffice?: boolean }): [name: string, skip: boolean] {
  return tools.libreoffice && !LIBREOFFICE ? [`${name} — skipped: LibreOffice (soffice on PATH) not installed`, true] : [name, false];
}

// The 14 standard PDF fonts' metrics ship with pdfjs-dist; without them it warns on every page.
const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

/** The text of every page, in reading order, a line per line of the page. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push((content.items as TextItem[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join(''));
    }
    return pages.join('\n\f');
  } finally {
    await document.destroy();
  }
}

/** Page 1 drawn by pdfjs-dist at `scale` (1 = 72 dpi), as RGB rows, to check what a reader sees. */
export async function renderFirstPage(
  bytes: Uint8Array,
  scale: number,
): Promise<{ width: number; height: number; rgbAt(x: number, y: number): number[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  try {
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale });
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    // pdfjs leaves the background transparent; a reader shows the page white.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width, height, rgbAt: (x, y) => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)] };
  } finally {
    await document.destroy();
  }
}
