import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import * as v from 'valibot';
import type { Db } from '../../db/connection';
import { findApplication } from '../../db/applications';
import { documentKeySchema, prefillLinkQuery, staffLinkQuery } from '../../src/catalogue/schema';
import type { AccessTokens } from '../accounts/accessTokens';
import type { AnswerStore } from '../application/answerStore';
import { staffViewJson } from '../application/staffView';
import type { DocumentService } from '../documents/documentService';
import { HttpError } from '../http/errors';
import { parseOrReject, validate, type InputState } from '../http/validate';
import type { CopyService } from '../pdf/copyService';

const STAFF_LINK_INVALID = 'This staff link is invalid or has expired.';

/** Whose application a staff link opens, once the link is checked, and the link itself. */
interface StaffLinkState {
  applicantId: number;
  staffLink: string;
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

  /**
   * Who is asking, for the staff view: a staff link (`service_token` in the query) opens one
   * applicant's application, read-only, until it expires or is revoked.
   */
  const staffLink: Middleware<StaffLinkState> = async (ctx, next) => {
    const link = parseOrReject(staffLinkQuery, { ...ctx.query }).service_token;
    const applicantId = deps.tokens.staffLinkApplicant(link);
    if (applicantId === undefined || !findApplication(deps.db, applicantId)) throw new HttpError(403, STAFF_LINK_INVALID);
    ctx.state.applicantId = applicantId;
    ctx.state.staffLink = link;
    await next();
  };

  router.get('/public/tmp', validate(prefillLinkQuery, { from: 'query' }), (ctx) => {
    const answers = deps.tokens.prefillAnswers(ctx.state.input.token);
    if (answers === undefined) throw new HttpError(404, 'This link is invalid or has expired.');
    ctx.type = 'application/json';
    ctx.body = `{"answer":${answers}}`;
  });

  router.get('/service/tmp-pdf', staffLink, (ctx) => {
    ctx.type = 'application/json';
    ctx.body = staffViewJson(deps, ctx.state.applicantId);
  });

  /** The staff view's PDF copy: as GET /api/pdf, with a link that opens with the same staff link. */
  router.get('/service/pdf', staffLink, (ctx) => {
    const { status, url, message } = deps.copies.status(ctx.state.applicantId, { staffLink: ctx.state.staffLink });
    ctx.body = { status, url, message };
  });

  /**
   * An uploaded document's status for staff: as the applicant's, with a link that opens with the
   * same staff link. The link is checked before the question is.
   */
  const keyInPath = validate(documentKeySchema, { from: 'path' });
  router.get<StaffLinkState & InputState<v.InferOutput<typeof documentKeySchema>>>(
    '/service/pdf/document-answer/:key',
    staffLink,
    keyInPath,
    (ctx) => {
      ctx.body = deps.documents.status(ctx.state.applicantId, ctx.state.input.key, { staffLink: ctx.state.staffLink });
    },
  );

  return router;
}
