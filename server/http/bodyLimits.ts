/** The largest request body any call reads; a call may set a smaller one (readJsonBody's maxBytes). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The account forms (/public/*) hold an address, a password or two and a code: a few hundred bytes. */
export const ACCOUNT_FORM_MAX_BYTES = 8 * 1024;

export function tooLargeMessage(limitBytes: number): string {
  const limit = limitBytes % (1024 * 1024) === 0 ? `${limitBytes / (1024 * 1024)} MB` : `${Math.round(limitBytes / 1024)} kB`;
  return `The request is too large. The limit is ${limit}.`;
}
