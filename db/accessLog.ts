import type { Db } from './connection';
import { stmt } from './statements';

/** What a staff member did; one word per kind, as the access log stores it. */
export type AccessKind =
  | 'sign_in'
  | 'sign_in_failed'
  | 'application_viewed'
  | 'list_searched'
  | 'document_downloaded'
  | 'pdf_copy_downloaded'
  | 'export'
  | 'link_shared'
  | 'invitation'
  | 'role_changed'
  | 'deactivation';

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

const SELECT_ENTRIES = `SELECT l.id, l.created_at, l.staff_id, s.email AS staff_email, l.kind, l.client, l.user_id, l.item_count, l.filter, l.detail
  FROM access_log l LEFT JOIN staff s ON s.id = l.staff_id`;

/** The log, newest first, optionally only one staff account's entries or one kind. */
export function queryAccessLog(db: Db, filter: { staffId?: number; kind?: AccessKind; limit?: number }): AccessLogRow[] {
  return stmt(
    db,
    `${SELECT_ENTRIES} WHERE (@staff IS NULL OR l.staff_id = @staff) AND (@kind IS NULL OR l.kind = @kind) ORDER BY l.id DESC LIMIT @limit`,
  ).all({ staff: filter.staffId ?? null, kind: filter.kind ?? null, limit: filter.limit ?? 200 }) as AccessLogRow[];
}
