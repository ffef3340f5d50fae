/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (=, +, -, @) are prefixed with an
 * apostrophe: applicants type these answers, and the office opens the file in Excel.
 */
type Cell = string | number | boolean | null | undefined;

export function toCsv(columns: readonly string[], rows: readonly Record<string, Cell>[]): string {
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(','));
  return lines.join('\r\n') + '\r\n';
}

function cell(value: Cell): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
