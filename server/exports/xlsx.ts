import ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import { spreadsheetText, type Cell } from './spreadsheetText';

/** Rows written between two looks at whether the client keeps up. */
const ROWS_PER_BATCH = 200;

/** Resolves once the stream takes more data, or is gone (a client that left). */
function roomIn(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * An Excel workbook (one sheet: a header row, then a row per record) streamed as it is written:
 * rows are taken from `rows` a batch at a time, and only once the client has read what came
 * before, so the file is never held whole in memory. Every cell is a text cell (formatted as text,
 * never a formula) holding the spreadsheet text of its value (./spreadsheetText.ts). A client that
 * leaves stops the rows (their iterator is returned, which frees what it holds).
 */
export function xlsxStream(columns: readonly string[], rows: Iterable<readonly Cell[]>): Readable {
  const out = new PassThrough();
  // No shared strings: their table would hold every distinct text until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Applications');
  sheet.columns = columns.map(() => ({ width: 24, style: { numFmt: '@' } }));
  const write = async () => {
    sheet.addRow(columns.map(spreadsheetText)).commit();
    let written = 0;
    for (const values of rows) {
      sheet.addRow(values.map(spreadsheetText)).commit();
      if (++written % ROWS_PER_BATCH === 0) {
        await roomIn(out);
        if (out.destroyed) return;
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
