/**
 * What the operator's commands print or write (the mail listing, exports) never carries a raw
 * control or format character: an escape sequence, a bell, a NUL or a bidirectional override
 * stored by an applicant would act on the operator's terminal or reorder what a spreadsheet shows.
 * Each is written as `[U+XXXX]` instead. Zero-width joiners (U+200C, U+200D) stay: scripts and
 * emoji need them and they move nothing.
 */
const CONTROL_OR_FORMAT = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const CONTROL_OR_FORMAT_BUT_LINE_BREAKS = /(?![\t\n\r\u200c\u200d])[\p{Cc}\p{Cf}\u2028\u2029]/gu;

const codePoint = (character: string) => `[U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;

export function visibleText(text: string, options: { keepLineBreaks?: boolean } = {}): string {
  return text.replace(options.keepLineBreaks ? CONTROL_OR_FORMAT_BUT_LINE_BREAKS : CONTROL_OR_FORMAT, codePoint);
}

/**
 * JSON for a terminal or a file: the same value once parsed, with every format character (which
 * JSON.stringify leaves raw; it escapes control characters itself) written as a \u escape.
 */
export function visibleJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\p{Cf}\u2028\u2029]/gu,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
