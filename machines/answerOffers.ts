import { differing, type Draft } from './answerDrafts';
import { afterConflict, type AnswerMap } from './answerMaps';
import type { AnswersContext, Restored } from './answersContext';
import { descKey, type Answers } from '../src/catalogue/dataModel';
import { RESTORED_MESSAGES } from '../src/catalogue/answerMessages';

/*
 * Answers given back to the applicant (typed before logging in, kept on this device, saved by
 * another tab): what is offered, what the applicant's choice makes of the answers, and what the
 * page says once they are saved. Pure functions of the answers actor's context.
 */

/** An applicant's answers as the server gave them (the profile) after another tab's save. */
export type ServerAnswers = { answer: Answers; answer_version: number };

/** The draft's answers that differ from the page's go on as they are; the page says so once they are saved. */
export function withDraft(context: AnswersContext, draft: Draft): Pick<AnswersContext, 'answers' | 'restored'> {
  const changes = differing(draft.changes, context.answers);
  return {
    answers: { ...context.answers, ...changes },
    restored: { count: Object.keys(changes).length, sessionEnded: draft.sessionEnded === true },
  };
}

/** The draft's answers that differ from the server's newer ones are offered. */
export function draftOffered(context: AnswersContext, draft: Draft): Pick<AnswersContext, 'offered' | 'offeredFrom' | 'restored'> {
  return {
    offered: differing(draft.changes, context.answers),
    offeredFrom: 'device',
    restored: { count: 0, sessionEnded: draft.sessionEnded === true },
  };
}

/** What was typed before logging in, where it differs from the account's answers. */
export function typedOffered(context: AnswersContext, typed: Answers): Pick<AnswersContext, 'offered' | 'restored'> {
  return { offered: differing(typed, context.answers), restored: { count: 0, sessionEnded: false, typed: true } };
}

/**
 * The offered answers the applicant chose over the page's: all of them, or the `picked` ones with
 * their descriptions. Another tab's answers chosen are what the server holds already: nothing to
 * say once saved; answers given back are counted for the notice.
 */
export function withChosen(context: AnswersContext, picked?: readonly string[]): Partial<AnswersContext> {
  const keys =
    picked === undefined
      ? Object.keys(context.offered)
      : Object.keys(context.offered).filter((key) => picked.some((one) => key === one || key === descKey(one)));
  const chosen: AnswerMap = Object.fromEntries(keys.map((key) => [key, context.offered[key]!]));
  const answers = { ...context.answers, ...chosen };
  if (context.offeredFrom === 'tab') return { answers, offered: {}, offeredFrom: null };
  const restored: Restored = {
    count: keys.filter((key) => !key.endsWith('_desc')).length,
    sessionEnded: context.restored?.sessionEnded ?? false,
    typed: context.restored?.typed,
  };
  return { answers, offered: {}, offeredFrom: null, restored };
}

/** Another tab's answers to questions this tab changed too, where they differ: offered. */
export const otherTabOffered = (context: AnswersContext, server: ServerAnswers): AnswerMap =>
  afterConflict(server.answer, context.answers, context.confirmed, context.conflicts).offered;

/**
 * Another tab saved first: the server's answers, with every answer this tab changed laid over
 * them (nothing typed here is replaced), and the other tab's differing answers offered.
 */
export function withServerAnswers(context: AnswersContext, server: ServerAnswers): Partial<AnswersContext> {
  const merged = afterConflict(server.answer, context.answers, context.confirmed, context.conflicts);
  return {
    answers: merged.answers,
    offered: merged.offered,
    offeredFrom: Object.keys(merged.offered).length > 0 ? 'tab' : null,
    confirmed: { ...server.answer },
    version: server.answer_version,
    sending: {},
  };
}

/** Once the answers given back are saved, said in plain words. */
export const restoredMessage = (restored: Restored): string =>
  restored.typed ? RESTORED_MESSAGES.typedSaved(restored.count) : RESTORED_MESSAGES.saved(restored.count, restored.sessionEnded);
