import type { Db } from '../../db/connection';
import { hasBusyDocument } from '../../db/documents';
import { HttpError } from '../http/errors';
import { DOCUMENT_MESSAGES } from './messages';

/**
 * An application is not submitted while one of its documents is still being converted: staff
 * would otherwise see a document that arrived after the submission (409, with what to do).
 */
export function refuseSubmitWhileConverting(db: Db, userId: number): void {
  if (hasBusyDocument(db, userId)) throw new HttpError(409, DOCUMENT_MESSAGES.convertingAtSubmit);
}
