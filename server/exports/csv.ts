/**
 * The one CSV writer every export uses (RFC 4180): the admin command line's and the console's.
 * Applicants type these answers and the office opens the file in a spreadsheet, which may split a
 * cell again on `,` `;` tab or `|` (the separator of many locales) or at a line break. So every
 * cell is first made spreadsheet text (./spreadsheetText.ts: no piece starts a formula, control
 * and format characters shown as `[U+XXXX]`), then a cell holding any of those separators, a
 * quote or a line break is quoted.
 */
import { spreadsheetText, type Cell } from './spreadsheetText';

const NEEDS_QUOTES = /[",;\t|\r\n]/;

function cell(value: Cell): string {
  const safe = spreadsheetText(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of a CSV file, its line break included. */
export function csvLine(values: readonly Cell[]): string {
  return values.map(cell).join(',') + '\r\n';
}

export function toCsv(columns: readonly string[], rows: readonly Record<string, Cell>[]): string {
  return csvLine(columns) + rows.map((row) => csvLine(columns.map((column) => row[column]))).join('');
}
