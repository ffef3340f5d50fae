import { Router } from '@koa/router';
import { publicCollegeConfig, type CollegeConfig } from '../../src/college/schema';

/** The college configuration the pages need (contacts, banner window, essay limit, option lists); the staff-only settings stay on the server. */
export function collegeRoutes(college: CollegeConfig): Router {
  const router = new Router();
  const body = JSON.stringify(publicCollegeConfig(college));
  router.get('/public/college', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = body;
  });
  return router;
}
