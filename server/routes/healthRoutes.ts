import type { Middleware } from 'koa';
import type { Db } from '../../db/connection';
import { countJobs } from '../../db/jobs';
import type { Logger } from '../log';

/**
 * GET /healthz for load balancers and monitors: no session, no personal data, never cached.
 * 200 when the database answers (with the job queue's depth), 503 when it does not.
 */
export function healthRoutes(deps: { db: Db; logger: Logger }): Record<string, Middleware> {
  return {
    'GET /healthz': (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      try {
        const jobs = { queued: countJobs(deps.db, 'queued'), running: countJobs(deps.db, 'running') };
        ctx.body = { status: 'ok', database: 'ok', jobs };
      } catch (error) {
        deps.logger.error('health_database', { error: error instanceof Error ? error.message.slice(0, 200) : 'unknown' });
        ctx.status = 503;
        ctx.body = { status: 'unavailable', database: 'unreachable' };
      }
    },
  };
}
