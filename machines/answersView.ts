import { unsavedKeys } from './answerDrafts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Answers } from '../src/catalogue/dataModel';
import type { OfferEvent } from './answersContext';
import type { answersMachine } from './answersMachine';

type AnswersSnapshot = SnapshotFrom<typeof answersMachine>;
type AnswersSend = ActorRefFrom<typeof answersMachine>['send'];

/** Where the answers stand, as the words beside Save say it; null says nothing. */
export type SaveStatus = 'saved' | 'offline' | 'retrying' | 'unsaved' | null;

const NONE: readonly string[] = [];

function saveStatus(snapshot: AnswersSnapshot): SaveStatus {
  if (snapshot.hasTag('saved')) return 'saved';
  if (snapshot.hasTag('offline')) return 'offline';
  if (snapshot.hasTag('retrying')) return 'retrying';
  if (snapshot.hasTag('unsaved')) return 'unsaved';
  return null;
}

/**
 * What the form's frame and buttons need from the answers actor. It changes at every keystroke:
 * a view selects the one value it shows (useViewValue), and one answer is read by its key.
 */
export function connectAnswers(snapshot: AnswersSnapshot, send: AnswersSend) {
  const busy = snapshot.hasTag('busy');
  return {
    answers: snapshot.context.answers,
    /** The answers the server has not confirmed yet (without the descriptions that go with choices). */
    unsavedKeys: unsavedKeys(snapshot.context.answers, snapshot.context.confirmed),
    /** Answers are being saved (for whatever reason). */
    saving: busy,
    /**
     * A save Save or Next asked for, running or waiting for the one before it; one asked for by
     * Submit or an upload is theirs to show.
     */
    savingForButtons: busy && (snapshot.context.requesters.length === 0 || snapshot.context.pressed !== null),
    /** The page Next is saving for; undefined while Save saves. A press waiting for its turn is the one shown. */
    saveTarget: snapshot.context.pressed ? snapshot.context.pressed.to : snapshot.context.saveTarget,
    saveStatus: saveStatus(snapshot),
    /** The answers another tab changed, after a two-tab conflict. */
    conflicts: snapshot.matches('onServer') ? snapshot.context.conflicts : NONE,
    /** Answers are offered back (typed before logging in, kept on the device, or another tab's). */
    offering: snapshot.hasTag('choosing'),
    offered: snapshot.context.offered,
    offeredFrom: snapshot.context.offeredFrom,
    /** Staff read the answers; nothing may be edited. */
    readOnly: snapshot.matches('fixed'),
    /** Save (no page) or Next (its page): a visitor goes to sign-up, an applicant saves. */
    saveAndGo: (to?: string) => send(to === undefined ? { type: 'answers.saveAndGo' } : { type: 'answers.saveAndGo', to }),
    /** Sign In or Create Account, taking a visitor's answers along. */
    carryTo: (to: string) => send({ type: 'answers.carryTo', to }),
    chooseOffer: (event: OfferEvent) => send(event),
    clear: (keys: readonly string[]) => send({ type: 'answers.clear', keys: [...keys] }),
  };
}

/** The answers of a snapshot: a stable reference until an answer changes. */
export const answersIn = (snapshot: AnswersSnapshot): Answers => snapshot.context.answers;

/** The answers as they are now (a choice or a switch that clears some reads them at the click). */
export const answersNow = (answers: { getSnapshot(): AnswersSnapshot }): Answers => answersIn(answers.getSnapshot());
