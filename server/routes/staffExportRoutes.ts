import { Router } from '@koa/router';
import { exportRequestSchema } from '../../src/catalogue/schema/staffExports';
import type { Db } from '../../db/connection';
import type { Clock } from '../clock';
import type { StaffExports } from '../exports/staffExports';
import { currentStaff, loadStaffSession, requireStaff, type StaffState } from '../http/staffSession';
import { validate } from '../http/validate';

/**
 * Exports of the staff list, for an admin (the staff cookie, never an applicant's): who is
 * asking → its role → `validate(schema)` → the export service. The file is sent as a download
 * that no cache keeps.
 */
export function staffExportRoutes(
  exports: StaffExports,
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean },
): Router<StaffState> {
  const router = new Router<StaffState>();
  router.use('/api/staff/exports', loadStaffSession(deps));

  router.post('/api/staff/exports', requireStaff('admin'), validate(exportRequestSchema), (ctx) => {
    const staff = currentStaff(ctx);
    const file = exports.open(ctx.state.input, { staffId: staff.staffId, client: ctx.ip, factorConfirmedAt: staff.factorConfirmedAt });
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  return router;
}
