/** The answers that make up an applicant's name, as the staff list's search finds it. */
const NAME_KEYS = ['first_name', 'middle_name', 'last_name', 'preferred_name'] as const;

/**
 * Text as the staff search compares it: decomposed (NFD), combining marks dropped, lower-case,
 * so "Nguyễn", "NGUYEN" and "nguyen" are one.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The folded name kept beside the answers (written in the same transaction as they are). */
export function searchNameOf(answers: Readonly<Record<string, unknown>>): string {
  return foldSearchText(
    NAME_KEYS.map((key) => answers[key])
      .filter((value): value is string => typeof value === 'string' && value !== '')
      .join(' '),
  );
}
