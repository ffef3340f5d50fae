import { Router } from '@koa/router';
import { accessLogQuery } from '../../src/catalogue/schema/staffAccessLog';
import type { Db } from '../../db/connection';
import type { StaffAccessLog } from '../application/staffAccessLog';
import type { Clock } from '../clock';
import { loadStaffSession, requireStaff, type StaffState } from '../http/staffSession';
import { validate } from '../http/validate';

/** The access log, for a signed-in admin only: who is asking → admin → `validate(schema)` → the service. */
export function staffAccessLogRoutes(
  accessLog: StaffAccessLog,
  deps: { db: Db; clock: Clock; secret: Buffer; secureCookies: boolean },
): Router<StaffState> {
  const router = new Router<StaffState>();
  router.use('/api/staff/access-log', loadStaffSession(deps));

  router.get('/api/staff/access-log', requireStaff('admin'), validate(accessLogQuery, { from: 'query' }), (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = accessLog.read(ctx.state.input);
  });

  return router;
}
