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

/**
 * Staff never see a sensitive answer in full. The server already sends it masked; masking again
 * here keeps a future server change from leaking it onto a printed page.
 */
export function maskSensitive(value: string): string {
  if (value.length <= 4) return '•'.repeat(value.length);
  return value.slice(0, -4).replace(/[0-9A-Za-z]/g, '•') + value.slice(-4);
}
