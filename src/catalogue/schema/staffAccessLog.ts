/**
 * The access log as admins read it (GET /api/staff/access-log): its filters and paging, as they
 * travel in the address's query string, and the rows it answers with.
 */
import * as v from 'valibot';
import { pageNumber, pageSize } from './staffApplications';

/** What a staff member did; one word per kind, as the access log stores it. */
export const ACCESS_KINDS = [
  'sign_in',
  'sign_in_failed',
  'application_viewed',
  'list_searched',
  'document_downloaded',
  'pdf_copy_downloaded',
  'export',
  'link_shared',
  'invitation',
  'role_changed',
  'deactivation',
  'evaluation_viewed',
  'queue_viewed',
  'review_claimed',
  'review_assigned',
  'review_submitted',
  'note_added',
  'decision_recorded',
  'release_prepared',
  'release_approved',
  'release_recalled',
  'release_sent',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

const ACCESS_LOG_MESSAGES = {
  staff: 'The person must be a staff account’s id.',
  application: 'The applicant must be an application’s id.',
  kind: `The kind must be one of ${ACCESS_KINDS.join(', ')}.`,
} as const;

const recordId = (message: string) => v.pipe(v.string(message), v.regex(/^[1-9]\d{0,14}$/, message), v.transform(Number));

export const accessLogQuery = v.object({
  /** Only what this staff account did. */
  staff_id: v.optional(recordId(ACCESS_LOG_MESSAGES.staff)),
  /** Only what concerned this application (its applicant's id). */
  application_id: v.optional(recordId(ACCESS_LOG_MESSAGES.application)),
  kind: v.optional(v.picklist(ACCESS_KINDS, ACCESS_LOG_MESSAGES.kind)),
  page: pageNumber,
  page_size: pageSize,
});
export type AccessLogInput = v.InferOutput<typeof accessLogQuery>;

/** One entry of the access log, as an admin reads it. */
interface AccessLogEntry {
  id: number;
  created_at: string;
  /** The staff account's id and address (still named after it was deactivated); null for a sign-in of an unknown address or the command line. */
  staff_id: number | null;
  staff_email: string | null;
  kind: AccessKind;
  client: string;
  /** The application concerned, by its applicant's id, and the applicant's e-mail address, if one. */
  application_id: number | null;
  applicant_email: string | null;
  /** For a list or an export: how many applications, and the filter that chose them. */
  count: number | null;
  filter: unknown;
  /** What else names the act: the invited address, the new role. */
  detail: string | null;
}

export interface AccessLogPage {
  entries: AccessLogEntry[];
  total: number;
  page: number;
  page_size: number;
}
