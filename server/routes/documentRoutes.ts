import { Router } from '@koa/router';
import { conversionSchema, documentKeySchema, presignSchema } from '../../src/catalogue/schema';
import type { DocumentService } from '../documents/documentService';
import { currentSession, requireSession, type SessionState } from '../http/session';
import { validate } from '../http/validate';
import type { CopyService } from '../pdf/copyService';

/**
 * The document and PDF calls of a logged-in applicant: each a session check (401 otherwise), a
 * check of its payload with the catalogue's schema and a thin handler calling the document or
 * copy service.
 */
export function documentRoutes(deps: { documents: DocumentService; copies: CopyService }): Router<SessionState> {
  const { documents, copies } = deps;
  const router = new Router<SessionState>();
  router.use(['/api/presigned-url', '/api/document-answer', '/api/pdf'], requireSession);
  const keyInPath = validate(documentKeySchema, { from: 'path' });

  router.post('/api/presigned-url', validate(presignSchema), async (ctx) => {
    ctx.body = await documents.presign(currentSession(ctx).userId, ctx.state.input.answer_key);
  });

  router.get('/api/document-answer', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = documents.listJson(currentSession(ctx).userId);
  });

  router.delete('/api/document-answer/:key', keyInPath, (ctx) => {
    ctx.body = documents.deleteDocument(currentSession(ctx).userId, ctx.state.input.key);
  });

  router.post('/api/pdf/document-answer/:key', validate(conversionSchema), async (ctx) => {
    await documents.requestConversion(currentSession(ctx).userId, ctx.state.input);
    ctx.status = 202;
    ctx.body = { message: 'Your file is being converted to PDF.', status: 'unprocessed' };
  });

  router.get('/api/pdf/document-answer/:key', keyInPath, (ctx) => {
    ctx.body = documents.status(currentSession(ctx).userId, ctx.state.input.key);
  });

  router.delete('/api/pdf/document-answer/:key', keyInPath, (ctx) => {
    ctx.body = documents.deleteConversion(currentSession(ctx).userId, ctx.state.input.key);
  });

  router.get('/api/pdf', (ctx) => {
    const { status, url, message } = copies.status(currentSession(ctx).userId);
    ctx.body = { status, url, message };
  });

  return router;
}
