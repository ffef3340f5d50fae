/**
 * The application's reference number, shown on the completion page, in the PDF copy
 * and in the staff view: 'ADM-2026-00042-8'. It is derived, never stored, from what never changes
 * once the application is submitted: the applicant's id and the year of submission (UTC). The last
 * digit is a Luhn check digit over the others, so a number read out over the phone with one digit
 * wrong, or two neighbours swapped, is noticed.
 */
export function applicationReference(userId: number, submittedAt: number): string {
  const year = new Date(submittedAt).getUTCFullYear();
  const digits = `${year}${String(userId).padStart(5, '0')}`;
  return `ADM-${year}-${String(userId).padStart(5, '0')}-${luhnCheckDigit(digits)}`;
}

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, every other digit starting with the rightmost is doubled (the check digit goes after it).
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The reference once submitted, else null (for the JSON answers). */
export const referenceOf = (userId: number, submittedAt: number | null): string | null =>
  submittedAt === null ? null : applicationReference(userId, submittedAt);

/** A reference number as printed: ADM-YEAR-ID-CHECK, in any case. */
export const REFERENCE_PATTERN = /^adm-(\d{4})-(\d{5,})-(\d)$/i;

/** The applicant a well-formed reference number names (its check digit and year agree), else undefined. */
export function referencedApplicant(text: string): { userId: number; year: number } | undefined {
  const match = REFERENCE_PATTERN.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const userId = Number(match[2]);
  return applicationReference(userId, Date.UTC(year, 0, 1)).toLowerCase() === text.toLowerCase() ? { userId, year } : undefined;
}

/**
 * The applicants named by reference numbers typed or pasted as a list (one per line, or between
 * commas, semicolons or spaces), each once, and the pieces that are no reference number.
 */
export function referencedApplicants(text: string): { userIds: number[]; unreadable: string[] } {
  const userIds: number[] = [];
  const unreadable: string[] = [];
  for (const piece of text.split(/[\s,;]+/).filter(Boolean)) {
    const named = referencedApplicant(piece);
    if (!named) unreadable.push(piece);
    else if (!userIds.includes(named.userId)) userIds.push(named.userId);
  }
  return { userIds, unreadable };
}
