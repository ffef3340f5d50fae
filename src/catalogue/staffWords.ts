/**
 * The words the console shows for what the server sends as codes: an application's status, the
 * step an applicant reached, and the kinds of access the access log records. One place, so the
 * list, an application's page, its history and the access log say the same.
 */
import { PAGES } from './pages';
import type { AccessKind } from './schema/staffAccessLog';

export const APPLICATION_STATUS_LABELS = {
  account_only: 'Account only',
  started: 'Started',
  missing_information: 'Missing information',
  submitted: 'Submitted',
} as const;

/** Every kind the log stores has its words: a new kind does not compile without them. */
const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused',
  application_viewed: 'Viewed the application',
  list_searched: 'Searched the list',
  // Opened by a click, or read by the page itself to print its pages with the application: both are reads.
  document_downloaded: 'Read the document',
  pdf_copy_downloaded: 'Downloaded the PDF copy',
  export: 'Exported',
  link_shared: 'Made a read-only link',
  invitation: 'Invited a staff member',
  role_changed: 'Changed a role',
  deactivation: 'Deactivated a staff member',
  evaluation_viewed: 'Read the reviews and notes',
  queue_viewed: 'Opened the review queue',
  review_claimed: 'Claimed a review',
  review_assigned: 'Assigned a review',
  review_submitted: 'Submitted a review',
  note_added: 'Added a note',
  decision_recorded: 'Recorded a decision',
  release_prepared: 'Prepared a release',
  release_approved: 'Approved a release',
  release_recalled: 'Recalled a release',
  release_sent: 'Released a decision',
};

/** A kind the console has no words for yet is shown as the server names it, never hidden. */
export const accessKindLabel = (kind: string): string =>
  Object.hasOwn(ACCESS_KIND_LABELS, kind) ? ACCESS_KIND_LABELS[kind as AccessKind] : kind.replace(/_/g, ' ');

/** The step an applicant last reached, by its page's title; none before any page was saved. */
export const stepLabel = (route: string | null): string => PAGES.find((page) => page.route === route)?.title ?? '—';

/** Made once: a table of applications formats two times a row on every render. */
const STAFF_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A date and time the server sends (ISO 8601), for a reader in the office: 'Nov 20, 2026, 10:00 AM UTC'. */
export function formatStaffTime(iso: string | null): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${STAFF_TIME.format(new Date(time))} UTC`;
}

/** How the dashboard writes the UTC days it counts by. */
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A UTC day ('2026-03-02') as a chart's axis writes it: 'Mar 2'. */
export const shortDay = (day: string) => SHORT_DAY.format(dayTime(day));
/** A UTC day ('2026-03-02') in words: 'March 2, 2026'. */
export const longDay = (day: string) => LONG_DAY.format(dayTime(day));
/** The UTC day of a time the server wrote (ISO 8601), in words. */
export const dayOf = (iso: string) => LONG_DAY.format(Date.parse(iso));
