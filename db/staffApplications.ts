import type { Db } from './connection';
import { stmt } from './statements';

export type ApplicationStatus = 'account_only' | 'started' | 'missing_information' | 'submitted';
type ApplicationSort = 'name' | 'email' | 'reference' | 'status' | 'step' | 'last_change' | 'submitted_at';

export interface ApplicationListQuery {
  status?: ApplicationStatus;
  /** Submitted at or after, and before (milliseconds). */
  submittedFrom?: number;
  submittedBefore?: number;
  /** Folded like the stored name; matched inside the name or the e-mail address. */
  search?: string;
  /** The one applicant a reference number names. */
  userId?: number;
  sort: ApplicationSort;
  descending: boolean;
  limit: number;
  offset: number;
}

export interface ApplicationListRow {
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: ApplicationStatus;
  last_page: string | null;
  updated_at: number;
  submitted_at: number | null;
}

/**
 * The status an office reads: submitted; missing information (the web status reached
 * validating); an account without any saved answer; else started.
 */
const STATUS = `CASE WHEN a.submitted_at IS NOT NULL THEN 'submitted'
  WHEN EXISTS (SELECT 1 FROM web_status_events w WHERE w.user_id = a.user_id AND w.web_status = 'validating') THEN 'missing_information'
  WHEN a.version = 0 THEN 'account_only' ELSE 'started' END`;

/** Each column's sort keys; a key ending in IS NULL keeps the rows without a value last either way. */
const ORDER: Record<ApplicationSort, readonly string[]> = {
  name: ['a.search_name'],
  email: ['u.username'],
  // The reference number is derived from the year of submission and the applicant's id.
  reference: ['a.submitted_at IS NULL', "strftime('%Y', a.submitted_at / 1000, 'unixepoch')", 'a.user_id'],
  status: ['status'],
  step: ['a.last_page'],
  last_change: ['a.updated_at'],
  submitted_at: ['a.submitted_at IS NULL', 'a.submitted_at'],
};

/** Confirmed applicants only: an unconfirmed sign-up is no account yet. */
const FILTERED = `FROM applications a JOIN users u ON u.id = a.user_id
  WHERE u.confirmed_at IS NOT NULL
    AND (@userId IS NULL OR a.user_id = @userId)
    AND (@search IS NULL OR a.search_name LIKE @search ESCAPE '\\' OR u.username LIKE @search ESCAPE '\\')
    AND (@from IS NULL OR a.submitted_at >= @from)
    AND (@before IS NULL OR a.submitted_at < @before)`;

/** The list's filter and order without its page: what a page and an export both read. */
export type ApplicationListFilter = Omit<ApplicationListQuery, 'limit' | 'offset'>;

function parameters(query: ApplicationListFilter) {
  return {
    userId: query.userId ?? null,
    search: query.search === undefined ? null : `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    from: query.submittedFrom ?? null,
    before: query.submittedBefore ?? null,
  };
}

/** The rows of the filter in the list's order; a page adds its LIMIT and OFFSET to it. */
function rowsSql(query: ApplicationListFilter): string {
  const direction = query.descending ? 'DESC' : 'ASC';
  const order = ORDER[query.sort].map((part) => (part.endsWith('IS NULL') ? part : `${part} ${direction}`)).join(', ');
  return `SELECT a.user_id, u.username AS email, json_extract(a.answers, '$.first_name') AS first_name,
       json_extract(a.answers, '$.last_name') AS last_name, ${STATUS} AS status, a.last_page, a.updated_at, a.submitted_at
       ${FILTERED} AND (@status IS NULL OR ${STATUS} = @status)
       ORDER BY ${order}, a.user_id ${direction}`;
}

/** The counts per status of the search and dates (any status), and how many rows the filter holds. */
export function countApplicationsForStaff(
  db: Db,
  query: ApplicationListFilter,
): { total: number; counts: Record<ApplicationStatus, number> } {
  const counts: Record<ApplicationStatus, number> = { account_only: 0, started: 0, missing_information: 0, submitted: 0 };
  for (const row of stmt(db, `SELECT ${STATUS} AS status, COUNT(*) AS count ${FILTERED} GROUP BY 1`).all(parameters(query)) as {
    status: ApplicationStatus;
    count: number;
  }[]) {
    counts[row.status] = row.count;
  }
  return { total: query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0), counts };
}

/** One page of the list, sorted and paged in SQL, and the counts per status of the search and dates (any status). */
export function listApplicationsForStaff(
  db: Db,
  query: ApplicationListQuery,
): { rows: ApplicationListRow[]; total: number; counts: Record<ApplicationStatus, number> } {
  const rows = stmt(db, `${rowsSql(query)} LIMIT @limit OFFSET @offset`).all({
    ...parameters(query),
    status: query.status ?? null,
    limit: query.limit,
    offset: query.offset,
  }) as ApplicationListRow[];
  return { rows, ...countApplicationsForStaff(db, query) };
}

/**
 * Every row of the filter in the list's order, one at a time as the caller asks for it, never
 * all in memory. The connection is busy until the iteration ends: run it on a connection of its own.
 */
export function iterateApplicationsForStaff(db: Db, query: ApplicationListFilter): IterableIterator<ApplicationListRow> {
  return db.prepare(rowsSql(query)).iterate({ ...parameters(query), status: query.status ?? null }) as IterableIterator<ApplicationListRow>;
}
