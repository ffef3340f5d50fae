import { Router } from '@koa/router';
import type { DecisionLetters } from '../application/decisionLetters';
import { LETTER_FILE_NAME, LETTER_MESSAGES } from '../application/decisionLetters';
import { sendPdfAttachment } from '../http/pdfAttachment';
import { currentSession, requireSession, type SessionState } from '../http/session';

/** A logged-in applicant's released decision: the first opening of the letter, and its PDF. */
export function decisionRoutes(letters: DecisionLetters): Router<SessionState> {
  const router = new Router<SessionState>();
  router.use('/api/decision', requireSession);

  router.post('/api/decision/opened', (ctx) => {
    letters.opened(currentSession(ctx).userId);
    ctx.body = { message: LETTER_MESSAGES.opened };
  });

  router.get('/api/decision/letter.pdf', async (ctx) => {
    sendPdfAttachment(ctx, await letters.pdf(currentSession(ctx).userId), LETTER_FILE_NAME);
  });

  return router;
}
