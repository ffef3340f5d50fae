import type { DraftEvent, RestoredEvent } from './answerDrafts';
import type { AnswerMap } from './answerMaps';
import type { ConnectionEvent } from './browserSignals';
import type { AnswersEvent, AnswersSaveReply } from './events';

/*
 * What the answers actor knows (its context), what it starts with (its input) and what it hears
 * (its events). The statechart is in answersMachine.ts, its named guards and actions in answersSetup.ts.
 */

/**
 * The applicant's choice between the answers the page shows and the answers offered: typed before
 * logging in or kept on this device (the page shows the account's), or saved meanwhile by another
 * tab (the page shows what this tab typed).
 */
export type OfferEvent =
  /** Keep what the page shows: the account's answers, or this tab's own (then saved at once). */
  | { type: 'offer.keepShown' }
  | { type: 'offer.useOffered' }
  /** `keys`: the offered answers to use; the others stay as the page shows them. */
  | { type: 'offer.usePicked'; keys: readonly string[] }
  /** After another tab's save: close the choice, keep this tab's answers on the page to edit, save later. */
  | { type: 'offer.edit' };

/**
 * Where the answers actor keeps a change, which the application decides from who is using the app:
 * on this device until an account takes them (a visitor's), on the server (an applicant's), or
 * nowhere, for nothing changes them (a staff copy: staff read someone else's answers).
 */
export type AnswersKept = 'onDevice' | 'onServer' | 'fixed';

/**
 * What the answers actor starts with: where a change is kept, the answers the server or the
 * prefill link gave, the server's version of an applicant's answers, and the applicant's username
 * (their draft on this device goes by it).
 */
export interface AnswersInput {
  kept: AnswersKept;
  answers: AnswerMap;
  version?: number;
  owner?: string;
}

export type AnswersMachineEvent =
  | AnswersEvent
  | RestoredEvent
  | DraftEvent
  | ConnectionEvent
  | OfferEvent
  /** Next, Save and the step navigation: a visitor with answers goes to /signup, an applicant saves first. */
  | { type: 'answers.saveAndGo'; to?: string };

/** Where answers offered back come from (see `AnswersContext.offeredFrom`). */
type OfferedFrom = 'typed' | 'device' | 'tab';

/** Answers given back, said once they are saved (see `AnswersContext.restored`). */
export interface Restored {
  count: number;
  sessionEnded: boolean;
  typed?: boolean;
}

export interface AnswersContext {
  kept: AnswersKept;
  answers: AnswerMap;
  /** What the server holds, as of `version`: the base that tells which answers changed here. */
  confirmed: AnswerMap;
  version: number | undefined;
  /** The changes of the save in progress. */
  sending: AnswerMap;
  /**
   * Answers of this tab that lost to another tab's newer save: the page names them next to Save
   * until a save goes through.
   */
  conflicts: string[];
  /** Where the applicant goes once the save in progress succeeded. */
  saveTarget: string | undefined;
  /**
   * Save or Next pressed while another save ran (one an upload or Submit asked for, or the
   * previous press): it is done once that save is over, never dropped. `to` is Next's page.
   */
  pressed: { to: string | undefined } | null;
  /** System ids of the actors the save in progress was asked for (`answers.save`): they get its outcome. */
  requesters: string[];
  /** Actors that asked for a save not started yet (another save or a reload was running). */
  waiting: string[];
  error: string | null;
  /** What the browser last said about the network. */
  online: boolean;
  /** Network failures in a row of the save being retried: the pause before the next try doubles with each. */
  retries: number;
  /** Whose answers these are (the username): their draft on this device goes by it. */
  owner: string | undefined;
  /** Answers offered back, by key, while the applicant chooses (`choosing`). */
  offered: AnswerMap;
  /**
   * Where they come from: typed before logging in, kept on this device while the account changed,
   * or saved by another tab over answers this tab changed too (`tab`: then the page keeps this tab's).
   */
  offeredFrom: OfferedFrom | null;
  /**
   * Answers given back, said once they are saved: `typed` before logging in, or kept on this
   * device (`sessionEnded`: a session ended before saving them).
   */
  restored: Restored | null;
}

/** Why a save asked for by another actor failed, as its reply says. */
export type SaveFailure = Extract<AnswersSaveReply, { type: 'answers.saveFailed' }>['reason'];

export const initialAnswersContext = (input: AnswersInput): AnswersContext => ({
  kept: input.kept,
  answers: { ...input.answers },
  // Answers kept on the server come from it: they are what it confirmed.
  confirmed: input.kept === 'onServer' ? { ...input.answers } : {},
  version: input.version,
  sending: {},
  conflicts: [],
  saveTarget: undefined,
  pressed: null,
  requesters: [],
  waiting: [],
  error: null,
  online: true,
  retries: 0,
  owner: input.kept === 'onServer' ? input.owner : undefined,
  offered: {},
  offeredFrom: null,
  restored: null,
});
