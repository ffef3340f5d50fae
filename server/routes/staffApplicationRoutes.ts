import { Router } from '@koa/router';
import { applicationListQuery } from '../../src/catalogue/schema/staffApplications';
import type { Db } from '../../db/connection';
import type { StaffApplications } from '../application/staffApplications';
import type { Clock } from '../clock';
import { currentStaff, loadStaffSession, requireStaff, type StaffState } from '../http/staffSession';
import { validate } from '../http/validate';

/**
 * Finding and reading applications, for a signed-in staff member of any role (the staff cookie,
 * never an applicant's): who is asking → its role → `validate(schema)` → the service.
 */
export function staffApplicationRoutes(
  applications: StaffApplications,
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean },
): Router<StaffState> {
  const router = new Router<StaffState>();
  router.use('/api/staff/applications', loadStaffSession(deps));

  router.get('/api/staff/applications', requireStaff('reader'), validate(applicationListQuery, { from: 'query' }), (ctx) => {
    ctx.body = applications.list(ctx.state.input, { staffId: currentStaff(ctx).staffId, client: ctx.ip });
  });

  return router;
}
