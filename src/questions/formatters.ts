/**
 * Input masks of section 4 "Field behaviours". They only shape what is typed; whether the result
 * is a valid number is the schema's decision (PHONE_PATTERN), not the view's.
 */

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** (###) ###-####, built up as the digits arrive so the caret never fights a half-typed number. */
export function formatPhone(value: string): string {
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
