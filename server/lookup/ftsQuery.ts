/**
 * Turns what the applicant typed into an FTS5 query that cannot be a syntax error: only runs of
 * letters and digits survive, each quoted and made a prefix ("lin"* "hi"*), all required.
 * Quotes, stars, NEAR, parentheses and the like are simply not words here.
 */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

export interface TextSearch {
  /** The FTS5 MATCH expression. */
  match: string;
  /** A LIKE pattern for "starts with what was typed", to rank those first. */
  startsWith: string;
  /** The same, followed by a space: what was typed is a whole word. */
  startsWithWord: string;
}

export function buildTextSearch(text: string): TextSearch | undefined {
  const words = (text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
  if (words.length === 0) return undefined;
  const typed = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return { match: words.map((word) => `"${word}"*`).join(' '), startsWith: `${typed}%`, startsWithWord: `${typed} %` };
}
