/** RFC 4180 as a spreadsheet reads it: quoted cells may hold separators, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  return rows;
}

/** Any piece a spreadsheet could split out (on `,` `;` tab `|` or a line break) that starts a formula. */
export function formulaPieces(text: string): string[] {
  return text.split(/[,;\t|\r\n]/).filter((piece) => /^ *["]?[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(piece));
}
