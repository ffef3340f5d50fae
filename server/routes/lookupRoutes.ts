import { Router } from '@koa/router';
import * as v from 'valibot';
import type { Db } from '../../db/connection';
import { LOOKUP_MAX_RESULTS } from '../../src/catalogue/limits';
import { HttpError } from '../http/errors';
import { parseOrReject } from '../http/validate';
import { LOOKUP_CATEGORIES, detail, suggest } from '../lookup/lookupService';

const MAX_TEXT_LENGTH = 100;
const categorySchema = v.picklist(LOOKUP_CATEGORIES, `category must be one of ${LOOKUP_CATEGORIES.join(', ')}.`);
const suggestionQuery = v.object({
  category: categorySchema,
  text: v.pipe(v.string('text is required.'), v.maxLength(MAX_TEXT_LENGTH, `text must be at most ${MAX_TEXT_LENGTH} characters.`)),
  max_results: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, `max_results must be a whole number from 1 to ${LOOKUP_MAX_RESULTS}.`),
      v.transform(Number),
      v.minValue(1, `max_results must be a whole number from 1 to ${LOOKUP_MAX_RESULTS}.`),
      v.maxValue(LOOKUP_MAX_RESULTS, `max_results must be a whole number from 1 to ${LOOKUP_MAX_RESULTS}.`),
    ),
    String(LOOKUP_MAX_RESULTS),
  ),
});
const detailQuery = v.object({
  category: categorySchema,
  id: v.pipe(v.string('id is required.'), v.regex(/^[A-Za-z0-9-]{1,12}$/, 'id is not a known entry.')),
});

/** Single values only: `?text=a&text=b` is a malformed request, not two searches. */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/**
 * GET /lookup/find: suggestions (text, category, max_results ≤ 5 → [{id, text, sub_text}]) or,
 * with id and category, the detail that fills the related fields. Public, like the form an
 * anonymous visitor fills in. The client treats any failure as "no suggestions"; the server
 * still answers bad input with a 400 and its reason.
 */
export function lookupRoutes(deps: { db: Db }): Router {
  const router = new Router();
  router.get('/lookup/find', (ctx) => {
    const query = {
      category: single(ctx.query.category),
      text: single(ctx.query.text),
      id: single(ctx.query.id),
      max_results: single(ctx.query.max_results),
    };
    if (query.id !== undefined) {
      const { category, id } = parseOrReject(detailQuery, { category: query.category, id: query.id });
      const found = detail(deps.db, category, id);
      if (!found) throw new HttpError(404, 'Nothing was found for this id.');
      ctx.body = found;
      return;
    }
    const { category, text, max_results } = parseOrReject(suggestionQuery, {
      category: query.category,
      text: query.text,
      max_results: query.max_results,
    });
    ctx.body = suggest(deps.db, category, text, max_results);
  });
  return router;
}
