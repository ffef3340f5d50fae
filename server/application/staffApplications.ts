import { appendAccess } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import { foldSearchText } from '../../db/searchText';
import { listApplicationsForStaff, type ApplicationFilter, type ApplicationListRow } from '../../db/staffApplications';
import { PAGES } from '../../src/catalogue/pages';
import { STAFF_LIST_MESSAGES, type ApplicationListInput, type ApplicationListItem } from '../../src/catalogue/schema/staffApplications';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';
import { REFERENCE_PATTERN, referenceOf, referencedApplicant } from '../../src/catalogue/reference';

const DAY_MS = 86_400_000;

export const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/** An applicant's name as staff read it: the first and last name given, '' before any. */
export const applicantName = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');

export function listItem(row: ApplicationListRow): ApplicationListItem {
  return {
    id: row.user_id,
    name: applicantName(row),
    email: row.email,
    reference: referenceOf(row.user_id, row.submitted_at),
    status: row.status,
    step: PAGES.find((page) => page.route === row.last_page)?.title ?? null,
    last_change: iso(row.updated_at)!,
    submitted_at: iso(row.submitted_at),
    reviews: row.review_count,
    flagged: row.flagged === 1,
    decision: row.decision,
    released: row.released === 1,
  };
}

/** The list's filters and order, as the list's query or an export's body gives them. */
type ApplicationFilterInput = Omit<ApplicationListInput, 'page' | 'page_size'>;

/**
 * The database's filter for the list's filters, and the filter as the access log records it. A
 * well-formed reference number finds its one applicant (in the year it names, within the dates);
 * other text finds the folded name or the e-mail address.
 */
export function applicationFilter(input: ApplicationFilterInput) {
  const q = input.q === undefined || input.q === '' ? undefined : input.q;
  const referenced = q === undefined ? undefined : referencedApplicant(q);
  const from = input.submitted_from;
  const to = input.submitted_to === undefined ? undefined : input.submitted_to + DAY_MS;
  const query: ApplicationFilter = {
    status: input.status,
    search: q === undefined || referenced ? undefined : foldSearchText(q),
    userId: referenced?.userId ?? (q !== undefined && REFERENCE_PATTERN.test(q) ? 0 : undefined),
    // A reference number names the year it was submitted in, too.
    submittedFrom: referenced ? Math.max(from ?? 0, Date.UTC(referenced.year, 0, 1)) : from,
    submittedBefore: referenced ? Math.min(to ?? Infinity, Date.UTC(referenced.year + 1, 0, 1)) : to,
    review: input.review,
    decision: input.decision,
    sort: input.sort,
    descending: input.order === 'desc',
  };
  const logged = {
    status: input.status ?? null,
    submitted_from: iso(from ?? null)?.slice(0, 10) ?? null,
    submitted_to: iso(input.submitted_to ?? null)?.slice(0, 10) ?? null,
    q: q ?? null,
    ...(input.review ? { review: input.review } : {}),
    ...(input.decision ? { decision: input.decision } : {}),
  };
  return { query, logged };
}

/** One application's list row (the same status rule as the list), or 404: confirmed applicants only. */
export function listedApplication(db: Db, userId: number): ApplicationListItem {
  const { rows } = listApplicationsForStaff(db, { userId, sort: 'last_change', descending: true, limit: 1, offset: 0 });
  if (!rows[0]) throw new HttpError(404, STAFF_LIST_MESSAGES.application);
  return listItem(rows[0]);
}

/**
 * What staff find applications by: one page of the list, sorted and paged by the database, with
 * the counts per status of the same search and dates, and the decision codes its filter offers. Every call is written to the access log
 * with its filter and how many applications it found.
 */
export function createStaffApplications(deps: { db: Db; clock: Clock; decisionCodes: readonly { code: string; label: string }[] }) {
  const { db } = deps;
  return {
    list(input: ApplicationListInput, by: { staffId: number; client: string }) {
      const { query, logged: filter } = applicationFilter(input);
      const result = listApplicationsForStaff(db, {
        ...query,
        limit: input.page_size,
        offset: (input.page - 1) * input.page_size,
      });
      appendAccess(db, { kind: 'list_searched', staffId: by.staffId, client: by.client, count: result.total, filter }, deps.clock.now());
      return {
        applications: result.rows.map(listItem),
        counts: result.counts,
        total: result.total,
        page: input.page,
        page_size: input.page_size,
        /** The college's decision codes, for the decision column's words and filter. */
        decision_codes: deps.decisionCodes,
      };
    },
  };
}

export type StaffApplications = ReturnType<typeof createStaffApplications>;
