/**
 * The payloads of an applicant's small calls (PUT /api/last-page, POST /api/web-status,
 * PUT /api/add-another, PUT /api/tabs) and of the links that open the form without an account
 * (a prefill link's `token`, a staff link's `service_token`). The answers' own payload is
 * ./answerPayload.ts.
 */
import * as v from 'valibot';
import { PAGES } from '../questions';

const ROUTES = PAGES.map((page) => page.route);

export const lastPageSchema = v.object({
  last_page: v.pipe(
    v.string('last_page must be a page of the application.'),
    v.picklist(ROUTES, 'last_page must be a page of the application.'),
  ),
});

export const webStatusSchema = v.object({
  web_status: v.picklist(['started', 'validating', 'submitted'], 'web_status must be started, validating or submitted.'),
});

export const addAnotherSchema = v.object({
  button_id: v.string('button_id is required.'),
  num_components: v.pipe(v.number('num_components must be a whole number.'), v.integer('num_components must be a whole number.')),
});

export const tabSchema = v.object({ tab_id: v.string('tab_id is required.'), chosen_tab: v.string('chosen_tab is required.') });

/** A link's token: random, URL-safe, of a sensible length. */
const tokenRule = (name: string) =>
  v.pipe(v.string(`The ${name} parameter is required.`), v.regex(/^[A-Za-z0-9_-]{16,64}$/, `The ${name} parameter is not valid.`));

export const prefillLinkQuery = v.object({ token: tokenRule('token') });

export const staffLinkQuery = v.object({ service_token: tokenRule('service_token') });
