import { Router } from '@koa/router';
import type { Context } from 'koa';
import { FILE_MAX_BYTES } from '../../src/catalogue/limits';
import { downloadQuerySchema } from '../../src/catalogue/schema';
import type { AccessTokens } from '../accounts/accessTokens';
import type { DocumentService } from '../documents/documentService';
import { DOCUMENT_MESSAGES } from '../documents/messages';
import { HttpError, badRequest } from '../http/errors';
import { sendPdfAttachment } from '../http/pdfAttachment';
import type { SessionState } from '../http/session';
import { validate } from '../http/validate';
import { COPY_DOWNLOAD_PATH, COPY_FILE_NAME } from '../pdf/copyLinks';
import { DOCUMENT_DOWNLOAD_PATH } from '../documents/documentLinks';
import type { CopyService } from '../pdf/copyService';
import { LOCAL_UPLOAD_PATH } from '../storage/localStore';
import { MultipartError, boundaryOf, readMultipartForm } from '../storage/multipart';
import type { ObjectStore } from '../storage/objectStore';

/** Room for the policy fields and part headers around a file of the largest allowed size. */
const UPLOAD_BODY_LIMIT = FILE_MAX_BYTES + 64 * 1024;
const LINK_INVALID = 'This link is invalid or has expired. Please download the copy again.';

/**
 * The routes that carry files rather than JSON: the local store's presigned-POST target, the PDF
 * copy download and an uploaded document's (converted PDF) download. None serves a folder; each
 * decides per request who may do what.
 */
export function fileRoutes(deps: {
  store: ObjectStore;
  documents: DocumentService;
  copies: CopyService;
  tokens: AccessTokens;
}): Router<SessionState> {
  const router = new Router<SessionState>();

  router.post(LOCAL_UPLOAD_PATH, async (ctx) => {
    // With a bucket, browsers upload to the bucket; this endpoint does not exist.
    if (deps.store.kind !== 'local') throw new HttpError(404, 'This address does not exist.');
    const contentType = ctx.get('content-type');
    if (!boundaryOf(contentType)) throw badRequest(DOCUMENT_MESSAGES.uploadMalformed);
    const declared = Number(ctx.get('content-length') || 0);
    let form;
    try {
      // An over-long body is read only up to the limit: its leading fields still identify the upload to refuse.
      form = await readMultipartForm(ctx.req, contentType, UPLOAD_BODY_LIMIT);
    } catch (error) {
      if (error instanceof MultipartError) throw badRequest(DOCUMENT_MESSAGES.uploadMalformed);
      throw error;
    }
    if (form.truncated || declared > UPLOAD_BODY_LIMIT) ctx.set('Connection', 'close');
    await deps.documents.receiveUpload(form, ctx.state.session?.userId);
    // S3 answers a successful browser upload with 204 too.
    ctx.status = 204;
  });

  /**
   * Who may open a private file's link: the signed link alone is not enough, it must name the
   * viewer's own application (session) or the one a staff link shows. A visitor with a valid
   * link is asked to log in; everything else looks like a link that does not exist.
   */
  function authorise<TLink extends { userId: number }>(
    viewer: { sessionUser: number | undefined; staffLink: string | undefined },
    link: TLink | undefined,
    loginMessage: string,
  ): TLink {
    const { sessionUser, staffLink } = viewer;
    const staffApplicant = staffLink ? deps.tokens.staffLinkApplicant(staffLink) : undefined;
    if (sessionUser === undefined && staffApplicant === undefined) {
      throw link ? new HttpError(401, loginMessage) : new HttpError(404, LINK_INVALID);
    }
    if (!link || (link.userId !== sessionUser && link.userId !== staffApplicant)) throw new HttpError(404, LINK_INVALID);
    return link;
  }

  async function sendPdf(ctx: Context, objectKey: string, fileName: string): Promise<void> {
    const bytes = await deps.store.get(objectKey);
    if (!bytes) throw new HttpError(404, LINK_INVALID);
    sendPdfAttachment(ctx, bytes, fileName);
  }

  const downloadLink = validate(downloadQuerySchema, { from: 'query' });

  router.get(COPY_DOWNLOAD_PATH, downloadLink, async (ctx) => {
    const { ticket, service_token } = ctx.state.input;
    const viewer = { sessionUser: ctx.state.session?.userId, staffLink: service_token };
    const link = authorise(viewer, deps.copies.resolveDownload(ticket), 'Please log in to download the copy of your application.');
    await sendPdf(ctx, link.objectKey, COPY_FILE_NAME);
  });

  /** An uploaded document's converted PDF: the same rules as the copy. */
  router.get(DOCUMENT_DOWNLOAD_PATH, downloadLink, async (ctx) => {
    const { ticket, service_token } = ctx.state.input;
    const viewer = { sessionUser: ctx.state.session?.userId, staffLink: service_token };
    const link = authorise(viewer, deps.documents.resolveDownload(ticket), 'Please log in to download your document.');
    await sendPdf(ctx, link.objectKey, link.fileName);
  });

  return router;
}
