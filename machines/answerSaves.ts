import { changedAnswers, type StoreEvent } from './answerDrafts';
import type { AnswersContext, SaveFailure } from './answersContext';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { AnswersSaveReply, SessionEvent } from './events';
import { RESTORED_MESSAGES } from '../src/catalogue/answerMessages';

/*
 * What a save of the answers tells others: the actors that asked for it, the device's draft and
 * the session. Pure functions of the answers actor's context.
 */

/** What one save sends: the changes, over the server's version they were made on. */
export type SaveInput = { changes: AnswersContext['sending']; baseVersion: number | undefined };

export const hasUnsaved = (context: AnswersContext) => Object.keys(changedAnswers(context.answers, context.confirmed)).length > 0;

/**
 * The outcome of a save: saved, to the actors it was for; or the failure's `reason`, also to those
 * still waiting, whose save would meet the same conflict, session or server.
 */
export function saveReply(context: AnswersContext, reason: SaveFailure | undefined): { reply: AnswersSaveReply; to: string[] } {
  if (reason === undefined) return { reply: { type: 'answers.saved', answers: context.answers }, to: context.requesters };
  return {
    reply: { type: 'answers.saveFailed', reason, message: context.error ?? GENERIC_ERROR_MESSAGE },
    to: [...context.requesters, ...context.waiting],
  };
}

/**
 * What the server has not confirmed goes to this account's draft on the device; nothing left, no
 * draft. `undecided`: the applicant has yet to choose between them and another tab's answers, so
 * the draft names no version it was made over, and the next visit offers the choice again.
 */
export function draftMessage(
  context: AnswersContext & { owner: string },
  params: { sessionEnded?: boolean; undecided?: boolean } | undefined,
): StoreEvent {
  const changes = changedAnswers(context.answers, context.confirmed);
  if (Object.keys(changes).length === 0) return { type: 'draft.clear', owner: context.owner };
  const base = params?.undecided ? undefined : context.version;
  return { type: 'draft.write', owner: context.owner, draft: { base, changes, sessionEnded: params?.sessionEnded } };
}

/** Answers not saved stay on the device for the next login: /login says so instead of 'session invalid'. */
export const sessionEndedMessage = (context: AnswersContext): SessionEvent =>
  context.owner !== undefined && hasUnsaved(context)
    ? { type: 'session.unauthorised', message: RESTORED_MESSAGES.sessionEnded }
    : { type: 'session.unauthorised' };
