import { Router } from '@koa/router';
import type { Db } from '../../db/connection';
import { deleteConversion, deleteDocument, type DeleteResult } from '../../db/documentAnswers';
import { documentAnswersJson } from '../../db/documents';
import type { Clock } from '../clock';
import type { DocumentService } from '../documents/documentService';
import { DOCUMENT_MESSAGES } from '../documents/messages';
import { HttpError } from '../http/errors';
import { readJsonObject } from '../http/jsonBody';
import { currentSession, requireSession, type SessionState } from '../http/session';
import type { CopyService } from '../pdf/copyService';
import { APPLICATION_SERVICE_MESSAGES } from '../application/applicationService';

/** Answers a delete's outcome: a short message; refusals as errors. */
function deleteAnswer(result: DeleteResult, done: string): { message: string } {
  if (result === 'submitted') throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.alreadySubmitted);
  if (result === 'busy') throw new HttpError(409, DOCUMENT_MESSAGES.uploadInProgress);
  // Deleting what is not there is done already: the client's retries and double clicks are harmless.
  return { message: result === 'missing' ? DOCUMENT_MESSAGES.noDocument : done };
}

/** The document and PDF calls for a logged-in applicant; each needs a session (401 otherwise). */
export function documentRoutes(deps: { db: Db; clock: Clock; documents: DocumentService; copies: CopyService }): Router<SessionState> {
  const { db, clock, documents, copies } = deps;
  const router = new Router<SessionState>();
  router.use(['/api/presigned-url', '/api/document-answer', '/api/pdf'], requireSession);

  router.post('/api/presigned-url', async (ctx) => {
    const { answer_key } = await readJsonObject(ctx);
    ctx.body = await documents.presign(currentSession(ctx).userId, answer_key);
  });

  router.get('/api/document-answer', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = documentAnswersJson(db, currentSession(ctx).userId);
  });

  router.delete('/api/document-answer/:key', (ctx) => {
    const key = documents.requireDocumentKey(ctx.params.key);
    ctx.body = deleteAnswer(deleteDocument(db, currentSession(ctx).userId, key, clock.now()), 'Your file was deleted.');
  });

  router.post('/api/pdf/document-answer/:key', async (ctx) => {
    const body = await readJsonObject(ctx);
    await documents.requestConversion(currentSession(ctx).userId, ctx.params.key, body);
    ctx.status = 202;
    ctx.body = { message: 'Your file is being converted to PDF.', status: 'unprocessed' };
  });

  router.get('/api/pdf/document-answer/:key', (ctx) => {
    ctx.body = documents.status(currentSession(ctx).userId, ctx.params.key);
  });

  router.delete('/api/pdf/document-answer/:key', (ctx) => {
    const key = documents.requireDocumentKey(ctx.params.key);
    ctx.body = deleteAnswer(deleteConversion(db, currentSession(ctx).userId, key, clock.now()), 'The conversion was deleted.');
  });

  router.get('/api/pdf', (ctx) => {
    const { status, url, message } = copies.status(currentSession(ctx).userId);
    ctx.body = { status, url, message };
  });

  return router;
}
