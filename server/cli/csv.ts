/**
 * The one CSV writer every export uses (RFC 4180). Applicants type these answers and the office
 * opens the file in a spreadsheet, which may split a cell again on `,` `;` tab or `|` (the
 * separator of many locales) or at a line break. So:
 * - a cell holding any of those separators, a quote or a line break is quoted;
 * - every piece a spreadsheet could split out that would start a formula (`=` `+` `-` `@`, a tab or
 *   carriage return, their full-width forms, after spaces too) gets an apostrophe in front;
 * - control and format characters are shown as `[U+XXXX]` (see visibleText.ts).
 */
import { visibleText } from './visibleText';

type Cell = string | number | boolean | null | undefined;

export function toCsv(columns: readonly string[], rows: readonly Record<string, Cell>[]): string {
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** Where a spreadsheet may split a cell again; kept in the split result (a capture group). */
const SEPARATORS = /([,;\t|\r\n])/;
/** A piece a spreadsheet would read as a formula, even after spaces; full-width forms included. */
const FORMULA_START = /^ *[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",;\t|\r\n]/;

function cell(value: Cell): string {
  const text = visibleText(value === undefined || value === null ? '' : String(value), { keepLineBreaks: true });
  // Odd indexes hold the separators themselves; every other entry is a piece.
  const pieces = text.split(SEPARATORS).map((piece, index) => (index % 2 === 0 && FORMULA_START.test(piece) ? `'${piece}` : piece));
  // A cell that starts with a tab or carriage return is also read as a formula by some spreadsheets.
  const safe = /^[\t\r]/.test(text) ? `'${pieces.join('')}` : pieces.join('');
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
