/**
 * The staff list of applications (GET /api/staff/applications): its filters, sorting and paging,
 * as they travel in the address's query string.
 */
import * as v from 'valibot';

const APPLICATION_STATUSES = ['account_only', 'started', 'missing_information', 'submitted'] as const;
/** The list's columns, each of which it can be sorted by. */
export const APPLICATION_COLUMNS = ['name', 'email', 'reference', 'status', 'step', 'last_change', 'submitted_at'] as const;
const APPLICATION_PAGE_SIZE_MAX = 100;
const PAGE_SIZE_DEFAULT = 25;
const SEARCH_MAX = 200;

const STAFF_LIST_MESSAGES = {
  status: 'The status must be account_only, started, missing_information or submitted.',
  sort: `The sort must be one of ${APPLICATION_COLUMNS.join(', ')}.`,
  order: 'The order must be asc or desc.',
  date: 'A date must be written YYYY-MM-DD.',
  page: 'The page must be a whole number from 1.',
  pageSize: `The page size must be a whole number from 1 to ${APPLICATION_PAGE_SIZE_MAX}.`,
  search: `The search must be at most ${SEARCH_MAX} characters.`,
  application: 'This application does not exist.',
} as const;

const wholeNumber = (message: string, max: number) =>
  v.pipe(v.string(message), v.regex(/^\d{1,6}$/, message), v.transform(Number), v.minValue(1, message), v.maxValue(max, message));

const day = v.pipe(
  v.string(STAFF_LIST_MESSAGES.date),
  v.isoDate(STAFF_LIST_MESSAGES.date),
  v.transform((value) => Date.parse(`${value}T00:00:00Z`)),
);

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
  sort: v.optional(v.picklist(APPLICATION_COLUMNS, STAFF_LIST_MESSAGES.sort), 'last_change'),
  order: v.optional(v.picklist(['asc', 'desc'], STAFF_LIST_MESSAGES.order), 'desc'),
  page: v.optional(wholeNumber(STAFF_LIST_MESSAGES.page, 1_000_000), '1'),
  page_size: v.optional(wholeNumber(STAFF_LIST_MESSAGES.pageSize, APPLICATION_PAGE_SIZE_MAX), String(PAGE_SIZE_DEFAULT)),
});
export type ApplicationListInput = v.InferOutput<typeof applicationListQuery>;
