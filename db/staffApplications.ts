import type { Db } from './connection';
import { stmt } from './statements';

export type ApplicationStatus = 'account_only' | 'started' | 'missing_information' | 'submitted';
const STATUSES: readonly ApplicationStatus[] = ['account_only', 'started', 'missing_information', 'submitted'];
type ApplicationSort = 'name' | 'email' | 'reference' | 'status' | 'step' | 'last_change' | 'submitted_at' | 'reviews' | 'decision';

export interface ApplicationListQuery {
  status?: ApplicationStatus;
  /** Submitted at or after, and before (milliseconds). */
  submittedFrom?: number;
  submittedBefore?: number;
  /** Folded like the stored name; matched inside the name or the e-mail address. */
  search?: string;
  /** The one applicant a reference number names. */
  userId?: number;
  /** Without a review, with one or more, or flagged for committee. */
  review?: 'unreviewed' | 'reviewed' | 'flagged';
  /** A decision code, 'none' (no decision recorded) or 'released' (a release has sent it). */
  decision?: string;
  sort: ApplicationSort;
  descending: boolean;
  limit: number;
  offset: number;
}

/** The list's filter and order without its page: what an export takes whole. */
export type ApplicationFilter = Omit<ApplicationListQuery, 'limit' | 'offset'>;

export interface ApplicationListRow {
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: ApplicationStatus;
  last_page: string | null;
  updated_at: number;
  submitted_at: number | null;
  review_count: number;
  flagged: 0 | 1;
  decision: string | null;
  released: 0 | 1;
}

const REVIEW_CONDITIONS = {
  unreviewed: 'NOT EXISTS (SELECT 1 FROM review_summaries r WHERE r.user_id = a.user_id)',
  reviewed: 'EXISTS (SELECT 1 FROM review_summaries r WHERE r.user_id = a.user_id)',
  flagged: 'EXISTS (SELECT 1 FROM review_summaries r WHERE r.user_id = a.user_id AND r.flagged = 1)',
} as const;
/** The application's recorded decision: its newest. */
const DECISION = '(SELECT d.code FROM decisions d WHERE d.user_id = a.user_id ORDER BY d.id DESC LIMIT 1)';
const RELEASED = 'EXISTS (SELECT 1 FROM release_items i WHERE i.user_id = a.user_id AND i.sent_at IS NOT NULL)';
const REVIEW_COUNT = 'COALESCE((SELECT r.review_count FROM review_summaries r WHERE r.user_id = a.user_id), 0)';
const REVIEW_FLAGGED = 'COALESCE((SELECT r.flagged FROM review_summaries r WHERE r.user_id = a.user_id), 0)';

/** Each column's sort keys; a key ending in IS NULL keeps the rows without a value last either way. */
const ORDER: Record<ApplicationSort, readonly string[]> = {
  name: ['a.search_name'],
  email: ['a.email'],
  // The reference number is derived from the year of submission and the applicant's id.
  reference: ['a.submitted_at IS NULL', "strftime('%Y', a.submitted_at / 1000, 'unixepoch')", 'a.user_id'],
  status: ['a.status'],
  step: ['a.last_page'],
  last_change: ['a.updated_at'],
  submitted_at: ['a.submitted_at IS NULL', 'a.submitted_at'],
  // By how many reviews are in; among as many, the flagged ones after the others.
  reviews: [REVIEW_COUNT, REVIEW_FLAGGED],
  decision: [`${DECISION} IS NULL`, DECISION],
};

/** The length of a trigram: a shorter search cannot use the trigram index. */
const TRIGRAM = 3;
/**
 * Up to this many applicants found by the trigram index are looked up one by one; a search that
 * matches more of them is checked along the list's indexes instead, which is cheaper then.
 */
const FOUND_BY_TRIGRAMS_MAX = 1000;

/** Every confirmed applicant: only they have a status (an unconfirmed sign-up is no account yet). */
const WHOLE_LIST = 'a.status IS NOT NULL';

interface Conditions {
  where: string;
  params: Record<string, string | number>;
  /** Whether the trigram index found the applicants (then `@found` holds their ids). */
  byTrigrams: boolean;
}

/**
 * The applicants whose folded name or e-mail address may hold `search` (each of them is checked
 * against the search's rule after), from the trigram index, or undefined when too many may.
 */
function foundByTrigrams(db: Db, search: string): number[] | undefined {
  if ([...search].length < TRIGRAM) return undefined;
  const found = stmt(
    db,
    `SELECT rowid AS id FROM application_search WHERE application_search MATCH @phrase LIMIT ${FOUND_BY_TRIGRAMS_MAX + 1}`,
  ).all({ phrase: `"${search.replaceAll('"', '""')}"` }) as { id: number }[];
  return found.length > FOUND_BY_TRIGRAMS_MAX ? undefined : found.map((row) => row.id);
}

/**
 * The conditions of the search and dates, only those given (so each combination gets its own plan
 * and index). Only confirmed applicants have a status: an unconfirmed sign-up is no account yet.
 * The search matches inside the folded name or the e-mail address; when the trigram index names
 * few applicants that may match, only they are checked.
 */
function conditions(query: ApplicationFilter, found?: readonly number[]): Conditions {
  const where = [WHOLE_LIST];
  const params: Record<string, string | number> = {};
  let byTrigrams = false;
  if (query.userId !== undefined) {
    where.push('a.user_id = @userId');
    params.userId = query.userId;
  }
  if (query.search !== undefined) {
    where.push(`(a.search_name LIKE @pattern ESCAPE '\\' OR a.email LIKE @pattern ESCAPE '\\')`);
    params.pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (found) {
      where.push('a.user_id IN (SELECT value FROM json_each(@found))');
      params.found = JSON.stringify(found);
      byTrigrams = true;
    }
  }
  if (query.review !== undefined) where.push(REVIEW_CONDITIONS[query.review]);
  if (query.decision === 'none') where.push('NOT EXISTS (SELECT 1 FROM decisions d WHERE d.user_id = a.user_id)');
  else if (query.decision === 'released') where.push(RELEASED);
  else if (query.decision !== undefined) {
    where.push(`${DECISION} = @decision`);
    params.decision = query.decision;
  }
  if (query.submittedFrom !== undefined) {
    where.push('a.submitted_at >= @from');
    params.from = query.submittedFrom;
  }
  if (query.submittedBefore !== undefined) {
    where.push('a.submitted_at < @before');
    params.before = query.submittedBefore;
  }
  return { where: where.join(' AND '), params, byTrigrams };
}

/** The list's sort as an ORDER BY clause, ties broken by the applicant's id. */
function orderBy(query: Pick<ApplicationListQuery, 'sort' | 'descending'>): string {
  const direction = query.descending ? 'DESC' : 'ASC';
  const keys = ORDER[query.sort].map((part) => (part.endsWith('IS NULL') ? part : `${part} ${direction}`));
  return [...keys, `a.user_id ${direction}`].join(', ');
}

/** The columns of a row of the list, whichever page or export reads it. */
const ROW = `SELECT a.user_id, a.email, json_extract(a.answers, '$.first_name') AS first_name,
       json_extract(a.answers, '$.last_name') AS last_name, a.status, a.last_page, a.updated_at, a.submitted_at,
       ${REVIEW_COUNT} AS review_count, ${REVIEW_FLAGGED} AS flagged,
       ${DECISION} AS decision, ${RELEASED} AS released
       FROM applications a`;

/** One page of the list, sorted and paged in SQL, and the counts per status of the search and dates (any status). */
export function listApplicationsForStaff(
  db: Db,
  query: ApplicationListQuery,
): { rows: ApplicationListRow[]; total: number; counts: Record<ApplicationStatus, number> } {
  const { where, params, byTrigrams } = conditions(query, query.search === undefined ? undefined : foundByTrigrams(db, query.search));
  const rows = stmt(
    db,
    `${ROW} WHERE ${where}${query.status ? ' AND a.status = @status' : ''} ORDER BY ${orderBy(query)} LIMIT @limit OFFSET @offset`,
  ).all({ ...params, ...(query.status ? { status: query.status } : {}), limit: query.limit, offset: query.offset }) as ApplicationListRow[];
  return { rows, ...countsPerStatus(db, where, params, byTrigrams, query.status) };
}

/** The counts per status of the search and dates (any status), and how many rows the filter holds: an export's count. */
export function countApplicationsForStaff(db: Db, query: ApplicationFilter): { total: number; counts: Record<ApplicationStatus, number> } {
  const { where, params, byTrigrams } = conditions(query, query.search === undefined ? undefined : foundByTrigrams(db, query.search));
  return countsPerStatus(db, where, params, byTrigrams, query.status);
}

/**
 * Every row of the filter in the list's order, one at a time as the caller asks for it, never
 * all in memory. The connection is busy until the iteration ends: run it on a connection of its own.
 */
export function iterateApplicationsForStaff(db: Db, query: ApplicationFilter): IterableIterator<ApplicationListRow> {
  const { where, params } = conditions(query);
  return db
    .prepare(`${ROW} WHERE ${where}${query.status ? ' AND a.status = @status' : ''} ORDER BY ${orderBy(query)}`)
    .iterate({ ...params, ...(query.status ? { status: query.status } : {}) }) as IterableIterator<ApplicationListRow>;
}

/**
 * The counts per status of the search and dates: the whole list's one status at a time from the
 * narrowest index (cheaper than grouping), else grouped from the index the conditions read (the
 * applicants the trigrams found from the one that leads with the id); the total is that of the status asked for, or of all.
 */
function countsPerStatus(
  db: Db,
  where: string,
  params: Conditions['params'],
  byTrigrams: boolean,
  status: ApplicationStatus | undefined,
): { total: number; counts: Record<ApplicationStatus, number> } {
  const counts: Record<ApplicationStatus, number> = { account_only: 0, started: 0, missing_information: 0, submitted: 0 };
  if (where === WHOLE_LIST) {
    Object.assign(
      counts,
      stmt(
        db,
        `SELECT ${STATUSES.map((one) => `(SELECT COUNT(*) FROM applications a WHERE a.status = '${one}') AS ${one}`).join(', ')}`,
      ).get(),
    );
  } else {
    for (const row of stmt(
      db,
      `SELECT a.status, COUNT(*) AS count FROM applications a ${byTrigrams ? 'INDEXED BY applications_list' : ''}
         WHERE ${where} GROUP BY a.status`,
    ).all(params) as { status: ApplicationStatus; count: number }[]) {
      counts[row.status] = row.count;
    }
  }
  return { total: status ? counts[status] : Object.values(counts).reduce((sum, n) => sum + n, 0), counts };
}

/**
 * Every application the list's filter finds, in the list's order: a SELECT whose `user_id` column
 * an export inserts from in one statement, so the ids never pass through memory. Its named
 * parameters go with it.
 */
export function filteredApplicationIds(query: ApplicationFilter): { sql: string; params: Record<string, string | number | null> } {
  const { where, params } = conditions(query);
  return {
    sql: `SELECT a.user_id, a.status FROM applications a WHERE ${where}${query.status ? ' AND a.status = @status' : ''}
      ORDER BY ${orderBy(query)}`,
    params: { ...params, ...(query.status ? { status: query.status } : {}) },
  };
}
