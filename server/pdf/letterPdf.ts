import type { Letter } from '../../src/catalogue/letters';
import { PAGE, finishDocument, newDocument, type FontName } from './pdfkitDocument';

/** The font of a run: pdfkit draws text as it is given, so an applicant's `<script>` is printed as those characters. */
const fontOf = (run: { strong?: boolean; emphasis?: boolean }): FontName =>
  run.strong && run.emphasis ? 'boldItalic' : run.strong ? 'bold' : run.emphasis ? 'italic' : 'regular';

/** A decision letter as a PDF: the college's name, the date it was released, then the letter's blocks. */
export async function renderLetterPdf(letter: Letter, heading: { collegeName: string; releasedAt: number }): Promise<Buffer> {
  const doc = newDocument({ title: `${heading.collegeName}: your admission decision` });
  const width = doc.page.width - 2 * PAGE.margin;
  doc.font('bold').fontSize(18).text(heading.collegeName, { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#555555')
    .text(new Date(heading.releasedAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }), { width })
    .fillColor('black')
    .moveDown(1.2);
  for (const block of letter.blocks) {
    const size = block.kind === 'heading' ? 15 : 11;
    const runs = block.runs.filter((run) => run.text !== '');
    runs.forEach((run, index) => {
      const text = index === 0 && block.kind === 'item' ? `•  ${run.text}` : run.text;
      doc
        .font(block.kind === 'heading' ? 'bold' : fontOf(run))
        .fontSize(size)
        .text(text, index === 0 ? PAGE.margin + (block.kind === 'item' ? 12 : 0) : undefined, undefined, {
          width: width - (block.kind === 'item' ? 12 : 0),
          continued: index < runs.length - 1,
        });
    });
    doc.moveDown(block.kind === 'item' ? 0.2 : 0.7);
  }
  return finishDocument(doc);
}
