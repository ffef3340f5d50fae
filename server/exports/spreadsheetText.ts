/**
 * What a cell of an exported spreadsheet holds (OWASP ASVS: formula injection), written once for
 * the CSV and the xlsx writers so a file holds the same text whichever the office picked.
 *
 * A spreadsheet runs a cell as a formula when it starts with `=` `+` `-` `@`, a tab or a carriage
 * return; it may also split a CSV cell again on `,` `;` tab `|` or a line break (the separators of
 * many locales) and read each piece on its own. So every piece that would start a formula (also
 * after spaces, also in the full-width forms `＝` `＋` `－` `＠`) gets an apostrophe in front, and a
 * cell that starts with a tab or a carriage return gets one too. The apostrophe is the
 * spreadsheets' own mark of "text, not a formula" and shows the answer unchanged otherwise.
 *
 * An xlsx cell is written as a text cell, which no spreadsheet runs, and still carries the
 * apostrophe: a text cell saved again as CSV by the office loses its type but keeps its text, and
 * that text is then as safe as our own CSV. Control and format characters (an escape sequence, a
 * bidirectional override) are shown as `[U+XXXX]` (./visibleText.ts); line breaks and tabs stay.
 */
import { visibleText } from './visibleText';

export type Cell = string | number | boolean | null | undefined;

/** Where a spreadsheet may split a cell again; kept in the split result (a capture group). */
const SEPARATORS = /([,;\t|\r\n])/;
/** A piece a spreadsheet would read as a formula, even after spaces; full-width forms included. */
const FORMULA_START = /^ *[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

export function spreadsheetText(value: Cell): string {
  const text = visibleText(value === undefined || value === null ? '' : String(value), { keepLineBreaks: true });
  // Odd indexes hold the separators themselves; every other entry is a piece.
  const pieces = text.split(SEPARATORS).map((piece, index) => (index % 2 === 0 && FORMULA_START.test(piece) ? `'${piece}` : piece));
  // A cell that starts with a tab or carriage return is also read as a formula by some spreadsheets.
  return /^[\t\r]/.test(text) ? `'${pieces.join('')}` : pieces.join('');
}
