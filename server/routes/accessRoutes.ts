import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import * as v from 'valibot';
import type { Db } from '../../db/connection';
import { findApplication } from '../../db/applications';
import type { AccessTokens } from '../accounts/accessTokens';
import type { AnswerStore } from '../application/answerStore';
import { staffViewJson } from '../application/staffView';
import type { DocumentService } from '../documents/documentService';
import { HttpError } from '../http/errors';
import { validate, type InputState } from '../http/validate';
import type { CopyService } from '../pdf/copyService';

const tokenRule = (name: string) =>
  v.pipe(v.string(`The ${name} parameter is required.`), v.regex(/^[A-Za-z0-9_-]{16,64}$/, `The ${name} parameter is not valid.`));
const tmpQuery = v.object({ token: tokenRule('token') });
const staffLinkQuery = v.object({ service_token: tokenRule('service_token') });

const STAFF_LINK_INVALID = 'This staff link is invalid or has expired.';

/** Whose application a staff link opens, once the link is checked. */
interface StaffLinkState extends InputState<v.InferOutput<typeof staffLinkQuery>> {
  applicantId: number;
}

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

  /** A staff link opens one applicant's application, read-only, until it expires or is revoked. */
  const staffLink: Middleware<StaffLinkState> = async (ctx, next) => {
    const applicantId = deps.tokens.staffLinkApplicant(ctx.state.input.service_token);
    if (applicantId === undefined || !findApplication(deps.db, applicantId)) throw new HttpError(403, STAFF_LINK_INVALID);
    ctx.state.applicantId = applicantId;
    await next();
  };
  const fromStaffLink = validate(staffLinkQuery, { from: 'query' });

  router.get('/public/tmp', validate(tmpQuery, { from: 'query' }), (ctx) => {
    const answers = deps.tokens.tmpAnswers(ctx.state.input.token);
    if (answers === undefined) throw new HttpError(404, 'This link is invalid or has expired.');
    ctx.type = 'application/json';
    ctx.body = `{"answer":${answers}}`;
  });

  router.get('/service/tmp-pdf', fromStaffLink, staffLink, (ctx) => {
    ctx.type = 'application/json';
    ctx.body = staffViewJson(deps, ctx.state.applicantId);
  });

  /** The staff view's PDF copy: as GET /api/pdf, with a link that opens with the same staff link. */
  router.get('/service/pdf', fromStaffLink, staffLink, (ctx) => {
    const { status, url, message } = deps.copies.status(ctx.state.applicantId, { serviceToken: ctx.state.input.service_token });
    ctx.body = { status, url, message };
  });

  /** An uploaded document's status for staff: as the applicant's, with a link that opens with the same staff link. */
  router.get('/service/pdf/document-answer/:key', fromStaffLink, staffLink, (ctx) => {
    ctx.body = deps.documents.status(ctx.state.applicantId, ctx.params.key, { serviceToken: ctx.state.input.service_token });
  });

  return router;
}
