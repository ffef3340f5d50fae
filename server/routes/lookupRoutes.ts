import { Router } from '@koa/router';
import type { Db } from '../../db/connection';
import { lookupQuerySchema } from '../../src/catalogue/schema';
import { validate } from '../http/validate';
import { lookUp } from '../lookup/lookupService';

/**
 * GET /lookup/find: suggestions (text, category, max_results ≤ 5 → [{id, text, sub_text}]) or,
 * with id and category, the detail that fills the related fields. Public, like the form a
 * visitor fills in. The client treats any failure as "no suggestions"; the server still answers
 * bad input with a 400 and its reason.
 */
export function lookupRoutes(deps: { db: Db }): Router {
  const router = new Router();
  router.get('/lookup/find', validate(lookupQuerySchema, { from: 'query' }), (ctx) => {
    ctx.body = lookUp(deps.db, ctx.state.input);
  });
  return router;
}
