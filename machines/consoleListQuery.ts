import * as v from 'valibot';
import { CONSOLE_ROUTES } from '../src/catalogue/http';
import {
  applicationListQuery,
  type ApplicationSort,
  type ApplicationStatus,
  type ReviewFilter,
} from '../src/catalogue/schema/staffApplications';

/**
 * The list of applications' query: its filters, its order and its page, as the address carries
 * them (`/staff?status=submitted&q=nguyen&page=2`) and as the list call takes them. Each value is
 * read with the rule the server checks it with; a value the server would refuse is left out.
 */
export interface ListQuery {
  status: ApplicationStatus | null;
  /** Without a review, reviewed, or flagged for committee; null for any. */
  review: ReviewFilter | null;
  /** A decision code, 'none' or 'released'; null for any. */
  decision: string | null;
  /** Submitted on or after this day (YYYY-MM-DD), or '' for any. */
  submittedFrom: string;
  /** Submitted on or before this day (YYYY-MM-DD), or '' for any. */
  submittedTo: string;
  /** The search: a name, an e-mail address or a reference number; '' for none. */
  q: string;
  sort: ApplicationSort;
  order: 'asc' | 'desc';
  page: number;
  /** Rows per page when the address names it; otherwise the server's. */
  pageSize: number | null;
}

/** What is typed into the filters before it becomes the query: the search and the two days. */
export interface ListDraft {
  q: string;
  submittedFrom: string;
  submittedTo: string;
}

const RULES = applicationListQuery.entries;
const DEFAULTS = v.parse(applicationListQuery, {});

/** The value if the server's rule for it accepts it, else undefined. */
export function checked<TSchema extends v.GenericSchema<unknown, unknown>>(rule: TSchema, value: string | null) {
  if (value === null) return undefined;
  const result = v.safeParse(rule, value);
  return result.success ? result.output : undefined;
}

const day = (value: string | null): string => (checked(RULES.submitted_from, value) === undefined ? '' : (value ?? ''));

/** The query an address's search part (`?status=…`) names; what it leaves out is the server's default. */
export function queryFromSearch(search: string): ListQuery {
  const params = new URLSearchParams(search);
  return {
    status: checked(RULES.status, params.get('status')) ?? null,
    review: checked(RULES.review, params.get('review')) ?? null,
    decision: checked(RULES.decision, params.get('decision')) ?? null,
    submittedFrom: day(params.get('submitted_from')),
    submittedTo: day(params.get('submitted_to')),
    q: checked(RULES.q, params.get('q')) ?? '',
    sort: checked(RULES.sort, params.get('sort')) ?? DEFAULTS.sort,
    order: checked(RULES.order, params.get('order')) ?? DEFAULTS.order,
    page: checked(RULES.page, params.get('page')) ?? DEFAULTS.page,
    pageSize: checked(RULES.page_size, params.get('page_size')) ?? null,
  };
}

/** The list call's parameters: the query's values, the defaults left out. */
export function paramsOf(query: ListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.status) params.status = query.status;
  if (query.review) params.review = query.review;
  if (query.decision) params.decision = query.decision;
  if (query.submittedFrom) params.submitted_from = query.submittedFrom;
  if (query.submittedTo) params.submitted_to = query.submittedTo;
  if (query.q) params.q = query.q;
  if (query.sort !== DEFAULTS.sort || query.order !== DEFAULTS.order) {
    params.sort = query.sort;
    params.order = query.order;
  }
  if (query.page !== DEFAULTS.page) params.page = String(query.page);
  if (query.pageSize !== null) params.page_size = String(query.pageSize);
  return params;
}

/** The query's filters and order without its paging: what an export of the list takes (every page of it). */
export function filtersOf(query: ListQuery): Record<string, string> {
  const { page: _page, page_size: _pageSize, ...filters } = paramsOf(query);
  return filters;
}

/** The address of the list showing `query`. */
export function addressOf(query: ListQuery): string {
  const search = new URLSearchParams(paramsOf(query)).toString();
  return search ? `${CONSOLE_ROUTES.home}?${search}` : CONSOLE_ROUTES.home;
}

/** Two queries ask for the same page of the same list. */
export const sameQuery = (a: ListQuery, b: ListQuery): boolean => addressOf(a) === addressOf(b);

/** The filters as a query fills them in (the address opened, Back or Forward). */
export function draftOf(query: ListQuery): ListDraft {
  return { q: query.q, submittedFrom: query.submittedFrom, submittedTo: query.submittedTo };
}

/**
 * The query with what was typed into the filters (the search trimmed, a day only once it is a whole
 * date), from its first page: a filter changed what the pages hold.
 */
export function withDraft(query: ListQuery, draft: ListDraft): ListQuery {
  return {
    ...query,
    q: checked(RULES.q, draft.q) ?? '',
    submittedFrom: day(draft.submittedFrom),
    submittedTo: day(draft.submittedTo),
    page: 1,
  };
}

/**
 * The order after a column's header is pressed: the same column again turns its order round;
 * another starts with its first order (the newest first for a time, A to Z for the rest).
 */
export function sortedBy(query: ListQuery, sort: ApplicationSort): ListQuery {
  if (query.sort === sort) return { ...query, order: query.order === 'asc' ? 'desc' : 'asc', page: 1 };
  const timed = sort === 'last_change' || sort === 'submitted_at';
  return { ...query, sort, order: timed ? 'desc' : 'asc', page: 1 };
}
