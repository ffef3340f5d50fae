/**
 * How the submission is shown (issue 13): the same words on the completion page, in the PDF copy
 * and in the staff view. The reference number itself is the server's (server/application/reference.ts).
 */

/** 'November 21, 2026 at 12:00 PM UTC': one unambiguous zone for every reader. */
export function formatSubmittedAt(time: number): string {
  return `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(time))} UTC`;
}

export const SUBMISSION_LABELS = {
  submitted: 'Submitted',
  reference: 'Reference number',
  notSubmitted: 'Not submitted yet',
  status: 'Status',
} as const;
