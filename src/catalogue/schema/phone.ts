/**
 * One rule for every phone number that may come from any country (the applicant's international
 * number, each parent's): a US number in the US format, or a number that starts with + and its
 * country code and that libphonenumber-js's metadata knows as valid for that country. The answer
 * is kept as the applicant typed it.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { FOREIGN_PHONE_PATTERN, PHONE_PATTERN } from '../limits';

export function isPhoneNumber(value: string): boolean {
  const number = value.trim();
  return FOREIGN_PHONE_PATTERN.test(number) ? isValidPhoneNumber(number) : PHONE_PATTERN.test(number);
}
