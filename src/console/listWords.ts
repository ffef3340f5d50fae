import type { ApplicationStatus } from '../catalogue/schema/staffApplications';

/** A status as the office reads it. */
export const STATUS_WORDS: Record<ApplicationStatus, string> = {
  account_only: 'Account only',
  started: 'Started',
  missing_information: 'Missing information',
  submitted: 'Submitted',
};

const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment the server sent (ISO 8601) as the office reads it, in the browser's time zone. */
export const readableMoment = (iso: string): string => MOMENT.format(new Date(iso));
