/**
 * One rule for every phone number that may come from any country (the applicant's international
 * number, each parent's): a US number in the US format, or a number that starts with + and its
 * country code and that libphonenumber-js's metadata knows as valid for that country. The answer
 * is kept as the applicant typed it.
 *
 * The library and its metadata (about 30 kB compressed) load on their own, after the page's first
 * download; until they are there, an international number must at least have the shape of one
 * (+, a country code, 8 to 15 digits in all), and a number refused by that shape is refused by the
 * library too.
 */
import { FOREIGN_PHONE_PATTERN, PHONE_PATTERN } from '../limits';

/** + and 8 to 15 digits (E.164's longest), spaces, dots, dashes and brackets between them. */
const INTERNATIONAL_SHAPE = /^\+(?:[\s.()-]*\d){8,15}[\s.()-]*$/;

let isValidInternational: (number: string) => boolean = (number) => INTERNATIONAL_SHAPE.test(number);

/** Resolves once numbers are judged by the library; the server waits for it before it judges a submission. */
export const phoneRulesReady: Promise<void> = import('libphonenumber-js/min').then(({ isValidPhoneNumber }) => {
  isValidInternational = (number) => INTERNATIONAL_SHAPE.test(number) && isValidPhoneNumber(number);
});

export function isPhoneNumber(value: string): boolean {
  const number = value.trim();
  return FOREIGN_PHONE_PATTERN.test(number) ? isValidInternational(number) : PHONE_PATTERN.test(number);
}
