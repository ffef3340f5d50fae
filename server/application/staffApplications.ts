import { appendAccess } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import { foldSearchText } from '../../db/searchText';
import {
  listApplicationsForStaff,
  type ApplicationListFilter,
  type ApplicationListRow,
  type ApplicationStatus,
} from '../../db/staffApplications';
import { PAGES } from '../../src/catalogue/pages';
import type { ApplicationListInput } from '../../src/catalogue/schema/staffApplications';
import type { Clock } from '../clock';
import { applicationReference, referenceOf } from './reference';

const DAY_MS = 86_400_000;
/** A reference number as printed: ADM-YEAR-ID-CHECK; any case, spaces around it ignored. */
const REFERENCE = /^adm-(\d{4})-(\d{5,})-(\d)$/i;

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
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

export function listItem(row: ApplicationListRow): ApplicationListItem {
  return {
    id: row.user_id,
    name: [row.first_name, row.last_name].filter((part) => typeof part === 'string' && part !== '').join(' '),
    email: row.email,
    reference: referenceOf(row.user_id, row.submitted_at),
    status: row.status,
    step: PAGES.find((page) => page.route === row.last_page)?.title ?? null,
    last_change: iso(row.updated_at)!,
    submitted_at: iso(row.submitted_at),
  };
}

/** The applicant a well-formed reference number names (its check digit and year agree), else undefined. */
function referencedApplicant(text: string): { userId: number; year: number } | undefined {
  const match = REFERENCE.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const userId = Number(match[2]);
  return applicationReference(userId, Date.UTC(year, 0, 1)).toLowerCase() === text.toLowerCase() ? { userId, year } : undefined;
}

/** The list's filters and order as the address gives them (no page). */
type ApplicationListFilterInput = Omit<ApplicationListInput, 'page' | 'page_size'>;

/**
 * What the list's filters mean, written once for a page of the list and an export: the query
 * the database runs, and the filter as the access log records it. A search that is a
 * well-formed reference number finds that one applicant, in the year it names.
 */
export function listFilterOf(input: ApplicationListFilterInput): {
  query: ApplicationListFilter;
  filter: { status: ApplicationStatus | null; submitted_from: string | null; submitted_to: string | null; q: string | null };
} {
  const q = input.q === undefined || input.q === '' ? undefined : input.q;
  const referenced = q === undefined ? undefined : referencedApplicant(q);
  const from = input.submitted_from;
  const to = input.submitted_to === undefined ? undefined : input.submitted_to + DAY_MS;
  return {
    query: {
      status: input.status,
      search: q === undefined || referenced ? undefined : foldSearchText(q),
      userId: referenced?.userId ?? (q !== undefined && REFERENCE.test(q) ? 0 : undefined),
      // A reference number names the year it was submitted in, too.
      submittedFrom: referenced ? Math.max(from ?? 0, Date.UTC(referenced.year, 0, 1)) : from,
      submittedBefore: referenced ? Math.min(to ?? Infinity, Date.UTC(referenced.year + 1, 0, 1)) : to,
      sort: input.sort,
      descending: input.order === 'desc',
    },
    filter: {
      status: input.status ?? null,
      submitted_from: iso(from ?? null)?.slice(0, 10) ?? null,
      submitted_to: iso(input.submitted_to ?? null)?.slice(0, 10) ?? null,
      q: q ?? null,
    },
  };
}

/**
 * What staff find applications by: one page of the list, sorted and paged by the database, with
 * the counts per status of the same search and dates. Every call is written to the access log
 * with its filter and how many applications it found.
 */
export function createStaffApplications(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  return {
    list(input: ApplicationListInput, by: { staffId: number; client: string }) {
      const { query, filter } = listFilterOf(input);
      const result = listApplicationsForStaff(db, { ...query, limit: input.page_size, offset: (input.page - 1) * input.page_size });
      appendAccess(db, { kind: 'list_searched', staffId: by.staffId, client: by.client, count: result.total, filter }, deps.clock.now());
      return {
        applications: result.rows.map(listItem),
        counts: result.counts,
        total: result.total,
        page: input.page,
        page_size: input.page_size,
      };
    },
  };
}

export type StaffApplications = ReturnType<typeof createStaffApplications>;
