import { Router } from '@koa/router';
import type { AnswerStore } from '../application/answerStore';
import * as v from 'valibot';
import type { Db } from '../../db/connection';
import { findApplication, listAddAnother, listTabs } from '../../db/applications';
import { documentAnswersJson } from '../../db/documents';
import type { AccessTokens } from '../accounts/accessTokens';
import { HttpError } from '../http/errors';
import { parseOrReject } from '../http/validate';
import { addAnotherDefaults, tabDefaults } from '../application/groups';
import type { CopyService } from '../pdf/copyService';
import type { DocumentService } from '../documents/documentService';
import { referenceOf } from '../application/reference';

const tokenQuery = (name: string) =>
  v.object({
    [name]: v.pipe(
      v.string(`The ${name} parameter is required.`),
      v.regex(/^[A-Za-z0-9_-]{16,64}$/, `The ${name} parameter is not valid.`),
    ),
  });
const tmpQuery = tokenQuery('token');
const serviceQuery = tokenQuery('service_token');

const STAFF_LINK_INVALID = 'This staff link is invalid or has expired.';

/**
 * GET /public/tmp, GET /service/tmp-pdf, GET /service/pdf and GET /service/pdf/document-answer/{key}:
 * read-only views reached with a token in the page URL.
 */
export function accessRoutes(deps: {
  db: Db;
  tokens: AccessTokens;
  copies: CopyService;
  documents: DocumentService;
  answers: AnswerStore;
}): Router {
  const router = new Router();

  function serviceUser(query: unknown): { userId: number; serviceToken: string } {
    const { service_token } = parseOrReject(serviceQuery, { service_token: (query as Record<string, unknown>).service_token }) as {
      service_token: string;
    };
    const userId = deps.tokens.serviceUser(service_token);
    if (userId === undefined || !findApplication(deps.db, userId)) throw new HttpError(403, STAFF_LINK_INVALID);
    return { userId, serviceToken: service_token };
  }

  router.get('/public/tmp', (ctx) => {
    const { token } = parseOrReject(tmpQuery, { token: ctx.query.token }) as { token: string };
    const answers = deps.tokens.tmpAnswers(token);
    if (answers === undefined) throw new HttpError(404, 'This link is invalid or has expired.');
    ctx.type = 'application/json';
    ctx.body = `{"answer":${answers}}`;
  });

  router.get('/service/tmp-pdf', (ctx) => {
    const { userId } = serviceUser(ctx.query);
    const application = findApplication(deps.db, userId)!;
    ctx.type = 'application/json';
    ctx.body = [
      // Staff see sensitive answers masked (SECURITY.md says who may see them in full), and the
      // answers settled by the catalogue as the profile, the PDF copy and exports show them.
      `{"answer":${deps.answers.readJson(userId, 'masked', deps.answers.settledJson(userId, application.answers))}`,
      `"add_another":${JSON.stringify({ ...addAnotherDefaults(), ...listAddAnother(deps.db, userId) })}`,
      `"document_answer":${documentAnswersJson(deps.db, userId)}`,
      `"tabs":${JSON.stringify({ ...tabDefaults(), ...listTabs(deps.db, userId) })}`,
      `"submitted_at":${application.submitted_at ?? null}`,
      `"reference":${JSON.stringify(referenceOf(userId, application.submitted_at))}}`,
    ].join(',');
  });

  /** The staff view's PDF copy: as GET /api/pdf, with a link that opens with the same service token. */
  router.get('/service/pdf', (ctx) => {
    const { userId, serviceToken } = serviceUser(ctx.query);
    const { status, url, message } = deps.copies.status(userId, { serviceToken });
    ctx.body = { status, url, message };
  });

  /** An uploaded document's status for staff: as the applicant's, with a link that opens with the same service token. */
  router.get('/service/pdf/document-answer/:key', (ctx) => {
    const { userId, serviceToken } = serviceUser(ctx.query);
    ctx.body = deps.documents.status(userId, ctx.params.key, { serviceToken });
  });

  return router;
}
