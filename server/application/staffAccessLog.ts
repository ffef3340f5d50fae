import { countAccessLog, queryAccessLog } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import type { AccessLogInput, AccessLogPage } from '../../src/catalogue/schema/staffAccessLog';

/** The access log as admins read it: newest first, filtered by person, applicant and kind, a page at a time. */
export function createStaffAccessLog(deps: { db: Db }) {
  return {
    read(input: AccessLogInput): AccessLogPage {
      const filter = { staffId: input.staff_id, userId: input.application_id, kind: input.kind };
      const rows = queryAccessLog(deps.db, { ...filter, limit: input.page_size, offset: (input.page - 1) * input.page_size });
      return {
        entries: rows.map((row) => ({
          id: row.id,
          created_at: new Date(row.created_at).toISOString(),
          staff_id: row.staff_id,
          staff_email: row.staff_email,
          kind: row.kind,
          client: row.client,
          application_id: row.user_id,
          applicant_email: row.applicant_email,
          count: row.item_count,
          filter: row.filter === null ? null : (JSON.parse(row.filter) as unknown),
          detail: row.detail,
        })),
        total: countAccessLog(deps.db, filter),
        page: input.page,
        page_size: input.page_size,
      };
    },
  };
}

export type StaffAccessLog = ReturnType<typeof createStaffAccessLog>;
