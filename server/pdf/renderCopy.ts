import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Answers } from '../../src/catalogue/dataModel';
import type { CollegeConfig } from '../../src/college/schema';
import { copyBlocks, formatTime, type CopyBlock } from './copyLayout';
import { showBidiControls } from '../../src/catalogue/display';
import { DOCUMENT_MAX_PAGES } from '../documents/contentLimits';
import { copyInertPages } from './inertPages';
import { PAGE, finishDocument, newDocument } from './pdfkitDocument';

/** Everything one PDF copy shows; plain data, so it can cross into a worker thread. */
export interface CopyInput {
  college: CollegeConfig;
  username: string;
  answers: Answers;
  addAnother: Record<string, number>;
  /** Converted documents in the order of the form, appended after the answers. */
  documents: { answerKey: string; fileName: string; pdf: Uint8Array }[];
  submittedAt: number | null;
  /** The reference number once submitted (server/application/reference.ts). */
  reference?: string | null;
  renderedAt: number;
}

const GREY = '#555555';

/** A document to append: its pages, and how many of them the copy holds. */
interface AppendedDocument {
  answerKey: string;
  fileName: string;
  source: PDFDocument;
  pages: number;
  includedPages: number;
}

/**
 * The answers laid out with pdfkit (embedded DejaVu), then the documents appended with pdf-lib.
 * A document holds at most DOCUMENT_MAX_PAGES pages in the copy: one stored before that limit
 * existed is cut there, and the copy says so beside its answer and on its first appended page.
 */
export async function renderApplicationCopy(input: CopyInput): Promise<Buffer> {
  const documents: AppendedDocument[] = [];
  for (const { answerKey, fileName, pdf } of input.documents) {
    const source = await PDFDocument.load(pdf);
    const pages = source.getPageCount();
    documents.push({ answerKey, fileName, source, pages, includedPages: Math.min(pages, DOCUMENT_MAX_PAGES) });
  }
  const main = await renderAnswers(input, documents);
  return appendDocuments(main, documents);
}

async function renderAnswers(input: CopyInput, documents: readonly AppendedDocument[]): Promise<Buffer> {
  const { college, answers } = input;
  const doc = newDocument({ title: `${college.applicationTitle}` });
  const width = doc.page.width - 2 * PAGE.margin;
  const fullName = [answers.first_name, answers.middle_name, answers.last_name]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');

  doc.font('bold').fontSize(20).text(college.name, { width });
  doc.font('regular').fontSize(13).text(college.applicationTitle, { width });
  doc.moveDown(0.6);
  doc.fontSize(11).text(`Applicant: ${showBidiControls(fullName) || '(name not given)'}`, { width });
  doc.fillColor(GREY).text(`Account: ${showBidiControls(input.username)}`, { width });
  doc.fillColor('black').font('bold');
  doc.text(input.submittedAt === null ? 'Not submitted yet.' : `Submitted: ${formatTime(input.submittedAt)}`, { width });
  if (input.reference) doc.text(`Reference number: ${input.reference}`, { width });
  doc
    .font('regular')
    .fillColor(GREY)
    .fontSize(9)
    .text(`Copy made ${formatTime(input.renderedAt)}.`, { width });
  doc.fillColor('black').moveDown(1);

  const appended = Object.fromEntries(
    documents.map(({ answerKey, fileName, pages, includedPages }) => [answerKey, { fileName, pages, includedPages }]),
  );
  const blocks = copyBlocks({ answers, addAnother: input.addAnother, documents: appended }, college, new Date(input.renderedAt));
  if (blocks.length === 0) doc.fontSize(11).text('No questions have been answered yet.', { width });
  for (const block of blocks) drawBlock(doc, block, width);
  return finishDocument(doc);
}

function drawBlock(doc: PDFKit.PDFDocument, block: CopyBlock, width: number): void {
  // Keep a heading with at least a couple of lines of what follows it.
  const keepTogether = (height: number) => {
    if (doc.y + height > doc.page.height - PAGE.margin) doc.addPage();
  };
  switch (block.kind) {
    case 'page':
      keepTogether(80);
      doc.moveDown(0.6).font('bold').fontSize(16).text(block.title, PAGE.margin, undefined, { width });
      doc
        .moveTo(PAGE.margin, doc.y + 2)
        .lineTo(PAGE.margin + width, doc.y + 2)
        .strokeColor('#999999')
        .stroke();
      doc.moveDown(0.5);
      return;
    case 'section':
      keepTogether(60);
      doc.moveDown(0.4).font('bold').fontSize(13).text(block.title, PAGE.margin, undefined, { width }).moveDown(0.2);
      return;
    case 'group':
      keepTogether(40);
      doc.font('bold').fontSize(11).fillColor(GREY).text(block.title, PAGE.margin, undefined, { width }).fillColor('black');
      return;
    case 'answer':
      keepTogether(28);
      doc.font('regular').fontSize(9).fillColor(GREY).text(block.label, PAGE.margin, undefined, { width });
      doc.fillColor('black').fontSize(11).text(block.value, { width }).moveDown(0.3);
      return;
    case 'text':
      keepTogether(40);
      doc.font('regular').fontSize(9).fillColor(GREY).text(block.label, PAGE.margin, undefined, { width });
      doc.fillColor('black').fontSize(11).text(block.value, { width, align: 'left' }).moveDown(0.4);
      return;
    case 'check':
      keepTogether(20);
      doc.font('regular').fontSize(11).text(`☑ ${block.label}`, PAGE.margin, undefined, { width }).moveDown(0.3);
      return;
    case 'checks':
      keepTogether(28);
      doc.font('regular').fontSize(9).fillColor(GREY).text(block.label, PAGE.margin, undefined, { width });
      doc
        .fillColor('black')
        .fontSize(11)
        .text(block.ticked.map((label) => `☑ ${label}`).join('\n'), { width })
        .moveDown(0.3);
      return;
    case 'document':
      keepTogether(28);
      doc.font('regular').fontSize(9).fillColor(GREY).text(block.label, PAGE.margin, undefined, { width });
      doc
        .fillColor('black')
        .fontSize(11)
        .text(
          block.includedPages < block.pages
            ? `Document attached: ${block.fileName} (${block.pages} pages; only the first ${block.includedPages} are appended at the end of this copy)`
            : `Document attached: ${block.fileName} (appended at the end of this copy)`,
          { width },
        )
        .moveDown(0.3);
      return;
  }
}

/**
 * Appends each converted document's pages and numbers every page ('Page 2 of 5'). The pages are
 * rebuilt without active content even though conversions already are: a document converted
 * before that rule existed must not bring its scripts into the copy.
 */
async function appendDocuments(main: Uint8Array, documents: readonly AppendedDocument[]): Promise<Buffer> {
  const merged = await PDFDocument.load(main);
  const cutNotices = new Map<number, string>();
  for (const { source, pages, includedPages } of documents) {
    if (includedPages < pages)
      cutNotices.set(merged.getPageCount(), `This document has ${pages} pages; only the first ${includedPages} are included in this copy.`);
    for (const page of copyInertPages(source, merged, { firstPages: includedPages })) merged.addPage(page);
  }
  // Page numbers and notices are ASCII, so a standard font is enough here.
  const font = await merged.embedFont(StandardFonts.Helvetica);
  for (const [index, notice] of cutNotices) {
    const page = merged.getPage(index);
    page.drawText(notice, { x: PAGE.margin, y: page.getHeight() - PAGE.margin / 2 - 10, size: 10, font, color: rgb(0.6, 0, 0) });
  }
  const total = merged.getPageCount();
  merged.getPages().forEach((page, index) => {
    const label = `Page ${index + 1} of ${total}`;
    const size = 8;
    page.drawText(label, {
      x: page.getWidth() - PAGE.margin - font.widthOfTextAtSize(label, size),
      y: PAGE.margin / 2,
      size,
      font,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return Buffer.from(await merged.save());
}
