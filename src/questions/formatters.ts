/**
 * Input masks: phone (###) ###-####, SSN ###-##-####. They only shape what is typed; whether the
 * result is a valid number is the schema's decision (PHONE_PATTERN), not the view's.
 */
import { FOREIGN_PHONE_PATTERN } from '../catalogue/limits';

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** A US number written with its country code (+1 or a leading 1: no US area code starts with 1). */
const US_COUNTRY_CODE = /^\s*\+?\s*1/;

/**
 * (###) ###-####, built up as the digits arrive so the caret never fights a half-typed number; a
 * +1 country code is kept in front. Another country's number is left exactly as typed: masking
 * "+84 28 3829 5000" would make it a plausible but wrong US number.
 */
export function formatPhone(value: string): string {
  // Only the applicant knows the shape of another country's number.
  if (FOREIGN_PHONE_PATTERN.test(value)) return value;
  if (US_COUNTRY_CODE.test(value)) {
    const national = maskUsNumber(value.replace(US_COUNTRY_CODE, ''));
    return national === '' ? '+1' : `+1 ${national}`;
  }
  return maskUsNumber(value);
}

function maskUsNumber(value: string): string {
  const d = digitsOf(value, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** ###-##-####: 3-2-4 digit groups with hyphens. */
export function formatSsn(value: string): string {
  const d = digitsOf(value, 9);
  if (d.length < 4) return d;
  if (d.length < 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}
