/**
 * The application's reference number, shown on the completion page, in the PDF copy
 * and in the staff view: 'ADM-2026-00042-7'. It is derived, never stored, from what never changes
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
