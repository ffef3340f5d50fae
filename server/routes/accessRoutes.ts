import { Router } from '@koa/router';
import * as v from 'valibot';
import type { Db } from '../../db/connection';
import { findApplication, listAddAnother, listTabs } from '../../db/applications';
import type { AccessTokens } from '../accounts/accessTokens';
import { HttpError } from '../http/errors';
import { parseOrReject } from '../http/validate';
import { addAnotherDefaults, tabDefaults } from '../application/groups';

const tokenQuery = (name: string) =>
  v.object({
    [name]: v.pipe(v.string(`The ${name} parameter is required.`), v.regex(/^[A-Za-z0-9_-]{16,64}$/, `The ${name} parameter is not valid.`)),
  });
const tmpQuery = tokenQuery('token');
const serviceQuery = tokenQuery('service_token');

/** GET /public/tmp and GET /service/tmp-pdf: read-only views reached with a token in the page URL. */
export function accessRoutes(deps: { db: Db; tokens: AccessTokens }): Router {
  const router = new Router();

  router.get('/public/tmp', (ctx) => {
    const { token } = parseOrReject(tmpQuery, { token: ctx.query.token }) as { token: string };
    const answers = deps.tokens.tmpAnswers(token);
    if (answers === undefined) throw new HttpError(404, 'This link is invalid or has expired.');
    ctx.type = 'application/json';
    ctx.body = `{"answer":${answers}}`;
  });

  router.get('/service/tmp-pdf', (ctx) => {
    const { service_token } = parseOrReject(serviceQuery, { service_token: ctx.query.service_token }) as { service_token: string };
    const userId = deps.tokens.serviceUser(service_token);
    const application = userId === undefined ? undefined : findApplication(deps.db, userId);
    if (userId === undefined || !application) throw new HttpError(403, 'This staff link is invalid or has expired.');
    ctx.type = 'application/json';
    ctx.body = [
      `{"answer":${application.answers}`,
      `"add_another":${JSON.stringify({ ...addAnotherDefaults(), ...listAddAnother(deps.db, userId) })}`,
      `"document_answer":{}`,
      `"tabs":${JSON.stringify({ ...tabDefaults(), ...listTabs(deps.db, userId) })}`,
      `"submitted_at":${application.submitted_at ?? null}}`,
    ].join(',');
  });

  return router;
}
