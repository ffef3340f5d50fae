import { Router } from '@koa/router';
import type { Db } from '../../db/connection';
import type { StaffDashboardService } from '../application/staffDashboard';
import type { Clock } from '../clock';
import { currentStaff, loadStaffSession, requireStaff, type StaffState } from '../http/staffSession';

/**
 * The console's dashboard, for a signed-in staff member of any role (the staff cookie, never an
 * applicant's): who is asking → its role → the service. The call takes no input, so there is
 * nothing to validate.
 */
export function staffDashboardRoutes(
  dashboard: StaffDashboardService,
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean },
): Router<StaffState> {
  const router = new Router<StaffState>();
  router.use('/api/staff/dashboard', loadStaffSession(deps));

  router.get('/api/staff/dashboard', requireStaff('reader'), (ctx) => {
    ctx.body = dashboard.view({ staffId: currentStaff(ctx).staffId, client: ctx.ip });
  });

  return router;
}
