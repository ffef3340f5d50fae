/**
 * The staff list of applications (GET /api/staff/applications): its filters, sorting and paging,
 * as they travel in the address's query string; and one application as staff read it
 * (GET /api/staff/applications/{id}).
 */
import * as v from 'valibot';
import { documentKey } from './documents';

export const APPLICATION_STATUSES = ['account_only', 'started', 'missing_information', 'submitted'] as const;
/** The list's columns, each of which it can be sorted by (an export's list columns too). */
export const APPLICATION_COLUMNS = [
  'name',
  'email',
  'reference',
  'status',
  'step',
  'last_change',
  'submitted_at',
  'reviews',
  'decision',
] as const;
const APPLICATION_PAGE_SIZE_MAX = 100;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type ApplicationSort = (typeof APPLICATION_COLUMNS)[number];
const PAGE_SIZE_DEFAULT = 25;
const SEARCH_MAX = 200;

/** What the list's review filter chooses: applications without a review, with one or more, or flagged for committee. */
export const REVIEW_FILTERS = ['unreviewed', 'reviewed', 'flagged'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
/** The decision filter's words besides the college's codes: no decision recorded yet, or released. */
export const DECISION_FILTERS = { none: 'none', released: 'released' } as const;

export const STAFF_LIST_MESSAGES = {
  status: 'The status must be account_only, started, missing_information or submitted.',
  sort: `The sort must be one of ${APPLICATION_COLUMNS.join(', ')}.`,
  order: 'The order must be asc or desc.',
  date: 'A date must be written YYYY-MM-DD.',
  page: 'The page must be a whole number from 1.',
  pageSize: `The page size must be a whole number from 1 to ${APPLICATION_PAGE_SIZE_MAX}.`,
  search: `The search must be at most ${SEARCH_MAX} characters.`,
  application: 'This application does not exist.',
  review: 'The review filter must be unreviewed, reviewed or flagged.',
  decision: 'The decision filter must be none, released or one of the college’s decision codes.',
} as const;

const wholeNumber = (message: string, max: number) =>
  v.pipe(v.string(message), v.regex(/^\d{1,6}$/, message), v.transform(Number), v.minValue(1, message), v.maxValue(max, message));

const day = v.pipe(
  v.string(STAFF_LIST_MESSAGES.date),
  v.isoDate(STAFF_LIST_MESSAGES.date),
  v.transform((value) => Date.parse(`${value}T00:00:00Z`)),
);

/** The page of a paged staff list, from 1, and its size (at most 100 rows); shared by every paged staff call. */
export const pageNumber = v.optional(wholeNumber(STAFF_LIST_MESSAGES.page, 1_000_000), '1');
export const pageSize = v.optional(wholeNumber(STAFF_LIST_MESSAGES.pageSize, APPLICATION_PAGE_SIZE_MAX), String(PAGE_SIZE_DEFAULT));

export const applicationListQuery = v.object({
  status: v.optional(v.picklist(APPLICATION_STATUSES, STAFF_LIST_MESSAGES.status)),
  /** Submitted on or after this day, and on or before `submitted_to` (UTC days). */
  submitted_from: v.optional(day),
  submitted_to: v.optional(day),
  q: v.optional(
    v.pipe(
      v.string(STAFF_LIST_MESSAGES.search),
      v.maxLength(SEARCH_MAX, STAFF_LIST_MESSAGES.search),
      v.transform((value) => value.trim()),
    ),
  ),
  review: v.optional(v.picklist(REVIEW_FILTERS, STAFF_LIST_MESSAGES.review)),
  decision: v.optional(v.pipe(v.string(STAFF_LIST_MESSAGES.decision), v.regex(/^[a-z][a-z0-9_]{0,30}$/, STAFF_LIST_MESSAGES.decision))),
  sort: v.optional(v.picklist(APPLICATION_COLUMNS, STAFF_LIST_MESSAGES.sort), 'last_change'),
  order: v.optional(v.picklist(['asc', 'desc'], STAFF_LIST_MESSAGES.order), 'desc'),
  page: pageNumber,
  page_size: pageSize,
});
export type ApplicationListInput = v.InferOutput<typeof applicationListQuery>;

const applicationId = v.pipe(
  v.string(STAFF_LIST_MESSAGES.application),
  v.regex(/^[1-9]\d{0,14}$/, STAFF_LIST_MESSAGES.application),
  v.transform(Number),
);

/** One application, by its applicant's id, in the path: anything but a plain id names no application. */
export const applicationPath = v.object({ id: applicationId });
/** One document question of one application, its key in the path. */
export const applicationDocumentPath = v.object({ id: applicationId, key: documentKey });
/** A document's download: the question's key in the query, or none for the first document question answered. */
export const applicationDocumentQuery = v.object({ id: applicationId, key: v.optional(documentKey) });

/** A file's state as the applicant's own calls report it (a converted document, the PDF copy). */
type FileStatus = 'unprocessed' | 'in progress' | 'completed' | 'failed' | 'not answered';

/** One row of the staff list, as the console shows it. */
export interface ApplicationListItem {
  id: number;
  name: string;
  email: string;
  reference: string | null;
  status: ApplicationStatus;
  /** The title of the last step the applicant opened, or null before any. */
  step: string | null;
  last_change: string;
  submitted_at: string | null;
  /** Reviews in, and whether they disagree (flagged for committee). */
  reviews: number;
  flagged: boolean;
  /** The recorded decision's code, or null; whether a release has sent it. */
  decision: string | null;
  released: boolean;
}

/** One entry of an application's own access history: when, who, what, from where. */
interface ApplicationAccess {
  created_at: string;
  /** The staff account's address (still named after it was deactivated). */
  staff_email: string | null;
  kind: string;
  client: string;
}

/**
 * One application as staff read it: the application as the read-only service view reads it (what
 * GET /service/tmp-pdf answers: `answer` with sensitive answers masked, `add_another`,
 * `document_answer`, `tabs`, `submitted_at`, `reference`), its list row, the uploaded document's
 * facts, whether its PDF copy can be downloaded, and its access history, newest first.
 */
export interface ApplicationDetail {
  application: ApplicationListItem;
  /** The uploaded document, if any: its name, type and size as uploaded, and its conversion to PDF. */
  document: {
    answer_key: string;
    file_name: string;
    file_type: 'png' | 'jpeg' | 'pdf' | 'docx';
    file_size: number;
    status: FileStatus;
    /** The converted PDF is there to download. */
    available: boolean;
  } | null;
  /** The PDF copy: its status as the applicant's copy reports it, and whether it is there to download. */
  pdf_copy: PdfCopyState;
  history: ApplicationAccess[];
}

/**
 * An application's PDF copy as the console shows it: its status as the applicant's copy reports it
 * (`not answered` while nothing is answered: there is nothing to print), whether it is there to
 * download, and why it failed.
 */
export interface PdfCopyState {
  status: FileStatus;
  available: boolean;
  message: string;
}

/** A read-only service view link made for one applicant; it opens nothing after `expires_at`. */
export interface SharedLink {
  url: string;
  expires_at: string;
}
