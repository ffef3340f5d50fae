import type { AccessKind } from '../src/catalogue/schema/staffAccessLog';
import type { Db } from './connection';
import { stmt } from './statements';

export interface AccessEntry {
  kind: AccessKind;
  /** The staff account; null only for a failed sign-in of an address that is no account. */
  staffId: number | null;
  client: string;
  /** The one application concerned, by its applicant's user id. */
  userId?: number;
  /** For a list or an export: how many applications, and the filter that chose them. */
  count?: number;
  filter?: unknown;
  /** What else names the act: the invited address, the new role. */
  detail?: string;
}

export interface AccessLogRow {
  id: number;
  created_at: number;
  staff_id: number | null;
  staff_email: string | null;
  kind: AccessKind;
  client: string;
  user_id: number | null;
  item_count: number | null;
  filter: string | null;
  detail: string | null;
  /** The e-mail address of the applicant the entry concerns, if one. */
  applicant_email: string | null;
}

/** Which entries to read: one staff account's, one application's, one kind; all when none is given. */
export interface AccessLogFilter {
  staffId?: number;
  userId?: number;
  kind?: AccessKind;
}

/** Appends one entry; the table refuses UPDATE and DELETE, so nothing written here changes. */
export function appendAccess(db: Db, entry: AccessEntry, now: number): void {
  stmt(
    db,
    'INSERT INTO access_log (created_at, staff_id, kind, client, user_id, item_count, filter, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    now,
    entry.staffId,
    entry.kind,
    entry.client,
    entry.userId ?? null,
    entry.count ?? null,
    entry.filter === undefined ? null : JSON.stringify(entry.filter),
    entry.detail ?? null,
  );
}

const SELECT_ENTRIES = `SELECT l.id, l.created_at, l.staff_id, s.email AS staff_email, l.kind, l.client, l.user_id, l.item_count, l.filter,
    l.detail, u.username AS applicant_email
  FROM access_log l LEFT JOIN staff s ON s.id = l.staff_id LEFT JOIN users u ON u.id = l.user_id`;
const WHERE = `WHERE (@staff IS NULL OR l.staff_id = @staff) AND (@user IS NULL OR l.user_id = @user) AND (@kind IS NULL OR l.kind = @kind)`;

const filterParameters = (filter: AccessLogFilter) => ({
  staff: filter.staffId ?? null,
  user: filter.userId ?? null,
  kind: filter.kind ?? null,
});

/** The log, newest first, optionally only one staff account's, one application's or one kind's entries, a page at a time. */
export function queryAccessLog(db: Db, filter: AccessLogFilter & { limit?: number; offset?: number }): AccessLogRow[] {
  return stmt(db, `${SELECT_ENTRIES} ${WHERE} ORDER BY l.id DESC LIMIT @limit OFFSET @offset`).all({
    ...filterParameters(filter),
    limit: filter.limit ?? 200,
    offset: filter.offset ?? 0,
  }) as AccessLogRow[];
}

/** How many entries the same filter finds in all. */
export function countAccessLog(db: Db, filter: AccessLogFilter): number {
  return (stmt(db, `SELECT COUNT(*) AS n FROM access_log l ${WHERE}`).get(filterParameters(filter)) as { n: number }).n;
}
