import { Router } from '@koa/router';
import type { CollegeConfig } from '../../src/college/schema';

/** The college configuration the pages need (contacts, banner window, essay limit, option lists); all of it is public. */
export function collegeRoutes(college: CollegeConfig): Router {
  const router = new Router();
  const body = JSON.stringify(college);
  router.get('/public/college', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = body;
  });
  return router;
}
