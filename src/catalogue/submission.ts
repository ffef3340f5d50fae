/**
 * How the submission is shown: the same words on the completion page, in the PDF copy
 * and in the staff view. The reference number itself is the server's (server/application/reference.ts).
 */

const inZone = (time: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(time));

/** 'November 21, 2026 at 12:00 PM UTC': one unambiguous zone for every reader. */
export function formatSubmittedAt(time: number): string {
  return `${inZone(time, 'UTC')} UTC`;
}

/**
 * The same time in the reader's own zone, the zone named ('November 22, 2026 at 2:00 AM
 * (Asia/Ho_Chi_Minh, GMT+7)'); none when that zone is UTC, which formatSubmittedAt already says.
 */
export function localSubmittedAt(time: number, timeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone): string | null {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(time))
    .find((part) => part.type === 'timeZoneName')?.value;
  if (!timeZone || timeZone === 'UTC' || offset === 'GMT') return null;
  return `${inZone(time, timeZone)} (${timeZone}, ${offset})`;
}

export const SUBMISSION_LABELS = {
  submitted: 'Submitted',
  reference: 'Reference number',
  notSubmitted: 'Not submitted yet',
  status: 'Status',
} as const;
