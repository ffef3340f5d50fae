/**
 * How a sensitive answer (the catalogue's `sensitive` questions: SSN, alien registration number)
 * looks to anyone but its applicant — staff view, printed PDF copy, default export (SECURITY.md):
 * the last four characters, every other letter or digit a bullet, separators kept, so
 * `123-45-6789` becomes `•••-••-6789`. Masking a masked value changes nothing, so a layer that
 * masks again (the staff view) cannot make it worse.
 */
export function maskSensitive(value: string): string {
  if (value.length <= 4) return '•'.repeat(value.length);
  return value.slice(0, -4).replace(/[0-9A-Za-z]/g, '•') + value.slice(-4);
}
