import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { changedAnswers, differing, sessionStorageStore, type DraftEvent, type RestoredEvent, type StoreEvent } from './answerDrafts';
import { descKey, type Answers } from '../src/catalogue/dataModel';
import { api } from './api/endpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { RootReportEvent, ValidationPostEvent } from './coreEvents';
import type { AnswersEvent, AnswersSaveReply, NavigationEvent, SessionEvent, ToastEvent } from './events';
import type { Role } from './roles';
import { SIGNUP_ROUTE } from './routes';
import { errorMessage, sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import { afterConflict, conflictingKeys, hasAnswers, withAnswer, withAnswers, withoutKeys, type AnswerMap } from './answerMaps';
import { beforeUnloadGuard, browserConnection, saveRetryDelay, type ConnectionEvent } from './browserSignals';
import { TOAST_TITLES } from './toastsMachine';
import { RESTORED_MESSAGES } from '../src/catalogue/answerMessages';

type SaveInput = { changes: Answers; baseVersion: number | undefined };
type ServerAnswers = { answer: Answers; answer_version: number };

/** What `loadServerAnswers` gave (its done event). */
const serverAnswersOf = (event: EventObject): ServerAnswers =>
  (event as { output?: ServerAnswers }).output ?? { answer: {}, answer_version: 0 };

/** A save that never reached the server (offline, refused, timed out): the answers wait for the network. */
const networkFailure = ({ event }: { event: EventObject }) => {
  const error = (event as { error?: unknown }).error;
  return error instanceof ApiError && error.kind === 'network';
};

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
 * What the answers actor starts with: whose answers (an applicant's are saved on the server, a
 * visitor's stay on this device, staff only read them), the answers the server or the prefill
 * link gave, the server's version of an applicant's answers, and the applicant's username (their
 * draft on this device goes by it).
 */
export interface AnswersInput {
  role: Role;
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

/** A save asked for (`answers.save`) starts as soon as no other save or reload runs; it goes to no page. */
const waitingSave = { guard: 'savesWaiting', target: 'saving', actions: 'keepTarget' } as const;
/** Every save that went through answers the actors it was for (none for most of the page's own). */
const replySaved = { type: 'reply', params: {} } as const;
/** A document's answer the server set itself, with nothing else unsaved: the page says all is saved. */
const confirmedAllSaved = {
  guard: 'onlyConfirmedUnsaved',
  target: 'saved',
  actions: ['confirmAnswers', 'persistDraft'],
} as const;
/** No save without an applicant's session (a visitor, a service user, a session that ended): the asker must not wait for one. */
const refuseAll = { type: 'reply', params: { reason: 'unauthorised' } } as const;
/** The asker of a save (submit, an upload) cannot wait for the network: it hears the save failed. */
const networkReply = { type: 'reply', params: { reason: 'error' } } as const;

export interface AnswersContext {
  role: Role;
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
  offeredFrom: 'typed' | 'device' | 'tab' | null;
  /**
   * Answers given back, said once they are saved: `typed` before logging in, or kept on this
   * device (`sessionEnded`: a session ended before saving them).
   */
  restored: { count: number; sessionEnded: boolean; typed?: boolean } | null;
}

type SaveFailure = Extract<AnswersSaveReply, { type: 'answers.saveFailed' }>['reason'];

export const answersMachine = setup({
  types: {
    context: {} as AnswersContext,
    events: {} as AnswersMachineEvent,
    input: {} as AnswersInput,
  },
  actors: {
    answerStore: sessionStorageStore,
    connection: browserConnection,
    leaveGuard: beforeUnloadGuard,
    saveAnswers: fromPromise<{ version: number }, SaveInput>(({ input, signal }) =>
      api.saveAnswers(input.changes, signal, input.baseVersion),
    ),
    loadServerAnswers: fromPromise<ServerAnswers>(({ signal }) => api.profile(signal)),
  },
  delays: {
    saveRetry: ({ context }) => saveRetryDelay(context.retries - 1),
  },
  guards: {
    hasChanges: ({ context }) => Object.keys(changedAnswers(context.answers, context.confirmed)).length > 0,
    noChanges: ({ context }) => Object.keys(changedAnswers(context.answers, context.confirmed)).length === 0,
    networkFailure,
    /** A network failure while the browser says it is offline. */
    offlineFailure: (args) => networkFailure(args) && !args.context.online,
    /** The device kept answers of this account made over the version the server still holds: they go on as they are. */
    draftApplies: ({ context, event }) => {
      assertEvent(event, 'answers.draft');
      return (
        event.owner === context.owner &&
        event.draft !== null &&
        event.draft.base === context.version &&
        Object.keys(differing(event.draft.changes, context.answers)).length > 0
      );
    },
    /** The device kept answers, and the server has changed since: the applicant chooses. */
    draftOutdated: ({ context, event }) => {
      assertEvent(event, 'answers.draft');
      return (
        event.owner === context.owner && event.draft !== null && Object.keys(differing(event.draft.changes, context.answers)).length > 0
      );
    },
    /** Answers typed before logging in (kept on this device) to an account that already holds other answers: the applicant chooses. */
    offersTypedAnswers: ({ context, event }) => {
      assertEvent(event, 'answers.restored');
      return hasAnswers(context.answers) && Object.keys(differing(event.answers, context.answers)).length > 0;
    },
    changesAnswer: ({ context, event }) => {
      assertEvent(event, 'answers.set');
      return context.answers[event.key] !== event.value || (event.desc !== undefined && context.answers[descKey(event.key)] !== event.desc);
    },
    hasAnswers: ({ context }) => hasAnswers(context.answers),
    /** Every answer not saved yet is one the server has just set itself: nothing is left to save. */
    onlyConfirmedUnsaved: ({ context, event }) => {
      assertEvent(event, 'answers.confirmed');
      return Object.keys(changedAnswers(context.answers, context.confirmed)).every((key) => key in event.answers);
    },
    hasTarget: ({ context, event }) => (event.type === 'answers.saveAndGo' ? event.to : context.saveTarget) !== undefined,
    /** The device kept a visitor's answers, and this visit has none yet (a reload). */
    restoresTyped: ({ context, event }) => {
      assertEvent(event, 'answers.restored');
      return !hasAnswers(context.answers) && hasAnswers(event.answers);
    },
    // A new account without answers keeps what the visitor typed before logging in.
    keepsTypedAnswers: ({ context, event }) => {
      assertEvent(event, 'answers.restored');
      return !hasAnswers(context.answers) && hasAnswers(event.answers);
    },
    /** Another tab saved different answers to questions this tab changed too: the applicant chooses. */
    otherTabDiffers: ({ context, event }) =>
      Object.keys(afterConflict(serverAnswersOf(event).answer, context.answers, context.confirmed, context.conflicts).offered).length > 0,
    /** The choice is between this tab's answers and another tab's (not answers offered back after a login). */
    choosingAfterConflict: ({ context }) => context.offeredFrom === 'tab',
    isApplicant: ({ context }) => context.role === 'applicant',
    isStaff: ({ context }) => context.role === 'staff',
    unauthorised: unauthorisedError,
    conflict: ({ event }) => conflictingKeys((event as { error?: unknown }).error) !== undefined,
    /** A save asked for by another actor, which reports the outcome its own way. */
    forOthers: ({ context }) => context.requesters.length > 0,
    savesWaiting: ({ context }) => context.waiting.length > 0,
  },
  actions: {
    setAnswer: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'answers.set');
        return withAnswer(context.answers, event.key, event.value, event.desc);
      },
    }),
    setManyAnswers: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'answers.setMany');
        return withAnswers(context.answers, event.answers);
      },
    }),
    clearAnswers: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'answers.clear');
        return withoutKeys(context.answers, event.keys);
      },
    }),
    replaceAnswers: assign({
      answers: ({ event }) => {
        assertEvent(event, 'answers.restored');
        return { ...event.answers };
      },
    }),
    /** Answers the server set itself: shown, and saved already. */
    confirmAnswers: assign(({ context, event }) => {
      assertEvent(event, 'answers.confirmed');
      return { answers: { ...context.answers, ...event.answers }, confirmed: { ...context.confirmed, ...event.answers } };
    }),
    // The save answers whoever asked for one so far: it carries every change made until now.
    keepSending: assign(({ context }) => ({
      sending: changedAnswers(context.answers, context.confirmed),
      requesters: [...context.requesters, ...context.waiting],
      waiting: [],
    })),
    confirmSent: assign({
      confirmed: ({ context }) => ({ ...context.confirmed, ...context.sending }),
      version: (_, saved: { version: number }) => saved.version,
      sending: {},
      conflicts: [],
      retries: 0,
    }),
    /**
     * What the server has not confirmed goes to this account's draft on the device; nothing left, no
     * draft. `undecided`: the applicant has yet to choose between them and another tab's answers, so
     * the draft names no version it was made over, and the next visit offers the choice again.
     */
    persistDraft: enqueueActions(({ context, enqueue }, params?: { sessionEnded?: boolean; undecided?: boolean }) => {
      if (context.owner === undefined) return;
      const changes = changedAnswers(context.answers, context.confirmed);
      const base = params?.undecided ? undefined : context.version;
      const event: StoreEvent =
        Object.keys(changes).length === 0
          ? { type: 'draft.clear', owner: context.owner }
          : { type: 'draft.write', owner: context.owner, draft: { base, changes, sessionEnded: params?.sessionEnded } };
      enqueue.sendTo('store', event);
    }),
    readDraft: enqueueActions(({ context, enqueue }) => {
      if (context.owner !== undefined) enqueue.sendTo('store', { type: 'draft.read', owner: context.owner } satisfies StoreEvent);
    }),
    applyDraft: assign(({ context, event }) => {
      if (event.type !== 'answers.draft' || event.draft === null) return {};
      const changes = differing(event.draft.changes, context.answers);
      return {
        answers: { ...context.answers, ...changes },
        restored: { count: Object.keys(changes).length, sessionEnded: event.draft.sessionEnded === true },
      };
    }),
    offerDraft: assign(({ context, event }) => {
      if (event.type !== 'answers.draft' || event.draft === null) return {};
      return {
        offered: differing(event.draft.changes, context.answers),
        offeredFrom: 'device' as const,
        restored: { count: 0, sessionEnded: event.draft.sessionEnded === true },
      };
    }),
    /** What was typed before logging in, where it differs from the account's answers. */
    offerTyped: assign(({ context, event }) => {
      assertEvent(event, 'answers.restored');
      return { offered: differing(event.answers, context.answers), restored: { count: 0, sessionEnded: false, typed: true } };
    }),
    /** A new account without answers takes what was typed before logging in: all of it unsaved, saved at once. */
    takeTyped: assign(({ event }) => {
      assertEvent(event, 'answers.restored');
      return { answers: { ...event.answers } };
    }),
    /** The offered answers the applicant chose (all, or the picked ones with their descriptions) over the account's. */
    useOffered: assign(({ context, event }) => {
      const keys =
        event.type === 'offer.usePicked'
          ? Object.keys(context.offered).filter((key) => event.keys.some((picked) => key === picked || key === descKey(picked)))
          : Object.keys(context.offered);
      const chosen = Object.fromEntries(keys.map((key) => [key, context.offered[key]!]));
      // Another tab's answers chosen are what the server holds already: nothing to say once saved.
      if (context.offeredFrom === 'tab') return { answers: { ...context.answers, ...chosen }, offered: {}, offeredFrom: null };
      return {
        answers: { ...context.answers, ...chosen },
        offered: {},
        offeredFrom: null,
        restored: {
          count: keys.filter((key) => !key.endsWith('_desc')).length,
          sessionEnded: context.restored?.sessionEnded ?? false,
          typed: context.restored?.typed,
        },
      };
    }),
    dropOffered: assign({ offered: {}, offeredFrom: null, restored: null }),
    /** The applicant chose: the answers another tab saved are no longer offered, and no longer in question. */
    settleConflict: assign({ offered: {}, offeredFrom: null, conflicts: [] }),
    /** Log Out without them: back to what the server holds (the draft goes with `persistDraft`). */
    discardUnsaved: assign(({ context }) => ({ answers: { ...context.confirmed }, sending: {}, conflicts: [], retries: 0, error: null })),
    /** Once the answers given back are saved: said in plain words. */
    tellRestored: enqueueActions(({ context, system, enqueue }) => {
      if (!context.restored || context.restored.count === 0) return;
      enqueue.sendTo(sibling(SYSTEM_IDS.toasts)({ system }), {
        type: 'toast.show',
        toast: {
          severity: 'success',
          title: TOAST_TITLES.success,
          message: context.restored.typed
            ? RESTORED_MESSAGES.typedSaved(context.restored.count)
            : RESTORED_MESSAGES.saved(context.restored.count, context.restored.sessionEnded),
        },
      } satisfies ToastEvent);
      enqueue.assign({ restored: null });
    }),
    keepOnline: assign({ online: ({ event }) => event.type !== 'connection.offline' }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    /** The network is back: the next failure starts the pauses afresh. */
    resetRetries: assign({ retries: 0 }),
    /** A save that waits for the network goes to no page when it finally goes through: the applicant has moved on. */
    dropTarget: assign({ saveTarget: undefined }),
    keepConflict: assign({
      error: ({ event }) => errorMessage((event as { error?: unknown }).error, GENERIC_ERROR_MESSAGE),
      conflicts: ({ event }) => conflictingKeys((event as { error?: unknown }).error) ?? [],
    }),
    /**
     * Another tab saved first: the server's answers, with every answer this tab changed laid over
     * them (nothing typed here is replaced), and the other tab's differing answers offered.
     */
    mergeServerAnswers: assign(({ context, event }) => {
      const server = serverAnswersOf(event);
      const merged = afterConflict(server.answer, context.answers, context.confirmed, context.conflicts);
      return {
        answers: merged.answers,
        offered: merged.offered,
        offeredFrom: Object.keys(merged.offered).length > 0 ? ('tab' as const) : null,
        confirmed: { ...server.answer },
        version: server.answer_version,
        sending: {},
      };
    }),
    persist: sendTo('store', ({ context }): StoreEvent => ({ type: 'store.write', answers: context.answers })),
    persistGiven: enqueueActions(({ context, enqueue }) => {
      if (hasAnswers(context.answers)) enqueue.sendTo('store', { type: 'store.write', answers: context.answers } satisfies StoreEvent);
    }),
    forgetStored: sendTo('store', { type: 'store.clear' } satisfies StoreEvent),
    keepTarget: assign({ saveTarget: ({ event }) => (event.type === 'answers.saveAndGo' ? event.to : undefined), error: null }),
    queueRequester: assign({
      waiting: ({ context, event }) => {
        assertEvent(event, 'answers.save');
        return [...context.waiting, event.replyTo];
      },
    }),
    /**
     * The outcome: saved, to the actors the save was for; or the failure's `reason`, also to those
     * still waiting, whose save would meet the same conflict, session or server.
     */
    reply: enqueueActions(({ context, system, enqueue }, { reason }: { reason?: SaveFailure }) => {
      const reply: AnswersSaveReply = reason
        ? { type: 'answers.saveFailed', reason, message: context.error ?? GENERIC_ERROR_MESSAGE }
        : { type: 'answers.saved', answers: context.answers };
      for (const to of reason ? [...context.requesters, ...context.waiting] : context.requesters) {
        enqueue.sendTo(sibling(to)({ system }), reply);
      }
      enqueue.assign({ requesters: [], waiting: reason ? [] : context.waiting });
    }),
    pageChanged: sendTo(sibling(SYSTEM_IDS.app), { type: 'app.pageChanged' } satisfies RootReportEvent),
    goToTarget: sendTo(sibling(SYSTEM_IDS.navigation), ({ context, event }): NavigationEvent => {
      const to = event.type === 'answers.saveAndGo' ? event.to : context.saveTarget;
      return { type: 'navigate', to: to ?? '' };
    }),
    goWithAnswers: sendTo(sibling(SYSTEM_IDS.navigation), ({ context }, params: { to: string }): NavigationEvent => ({
      type: 'navigate',
      to: params.to,
      state: { answers: context.answers },
    })),
    /** A service user's answers are another applicant's: they never travel to an auth card. */
    goWithoutAnswers: sendTo(sibling(SYSTEM_IDS.navigation), (_, params: { to: string }): NavigationEvent => ({
      type: 'navigate',
      to: params.to,
    })),
    runValidations: sendTo(sibling(SYSTEM_IDS.validation), ({ context }): ValidationPostEvent => ({
      type: 'validation.post',
      answers: context.answers,
    })),
    keepError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error, GENERIC_ERROR_MESSAGE) }),
    /** Only for the page's own saves: the asker of any other save says what its failure means for its task. */
    toastError: enqueueActions(({ context, system, enqueue }) => {
      if (context.requesters.length > 0) return;
      enqueue.sendTo(sibling(SYSTEM_IDS.toasts)({ system }), {
        type: 'toast.show',
        toast: { severity: 'error', title: TOAST_TITLES.error, message: context.error ?? GENERIC_ERROR_MESSAGE },
      } satisfies ToastEvent);
    }),
    // The session actor's 401 message depends on it; it is told, never reads this actor.
    tellSessionUnsaved: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.answersUnsaved', unsaved: true } satisfies SessionEvent),
    tellSessionSaved: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.answersUnsaved', unsaved: false } satisfies SessionEvent),
    endSession: sendTo(sibling(SYSTEM_IDS.session), ({ context }): SessionEvent => {
      // Answers not saved stay on the device for the next login: /login says so instead of 'session invalid'.
      const unsaved = context.owner !== undefined && Object.keys(changedAnswers(context.answers, context.confirmed)).length > 0;
      return unsaved ? { type: 'session.unauthorised', message: RESTORED_MESSAGES.sessionEnded } : { type: 'session.unauthorised' };
    }),
  },
}).createMachine({
  id: 'answers',
  context: ({ input }) => ({
    role: input.role,
    answers: { ...input.answers },
    // An applicant's answers come from the server: they are what it confirmed.
    confirmed: input.role === 'applicant' ? { ...input.answers } : {},
    version: input.version,
    sending: {},
    conflicts: [],
    saveTarget: undefined,
    requesters: [],
    waiting: [],
    error: null,
    online: true,
    retries: 0,
    owner: input.role === 'applicant' ? input.owner : undefined,
    offered: {},
    offeredFrom: null,
    restored: null,
  }),
  invoke: [
    { id: 'store', src: 'answerStore' },
    { id: 'connection', src: 'connection' },
  ],
  on: {
    'answers.save': { actions: ['queueRequester', refuseAll] },
    'connection.online': { actions: 'keepOnline' },
    'connection.offline': { actions: 'keepOnline' },
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isApplicant', target: 'student' }, { guard: 'isStaff', target: 'readOnly' }, { target: 'anonymous' }],
    },
    /** A visitor: the answers stay on this device (sessionStorage) until an account takes them. */
    anonymous: {
      // A prefill link's answers are kept on the device like typed ones.
      entry: { type: 'persistGiven' },
      on: {
        'answers.set': { guard: 'changesAnswer', actions: ['setAnswer', 'persist'] },
        'answers.clear': { actions: ['clearAnswers', 'persist'] },
        'answers.setMany': { actions: ['setManyAnswers', 'persist'] },
        'answers.restored': { guard: 'restoresTyped', actions: ['replaceAnswers'] },
        'answers.saveAndGo': [
          // Saving needs an account: what was typed goes along to sign-up.
          { guard: 'hasAnswers', actions: ['pageChanged', { type: 'goWithAnswers', params: { to: SIGNUP_ROUTE } }] },
          { guard: 'hasTarget', actions: ['pageChanged', 'goToTarget'] },
        ],
        'answers.carryTo': { actions: { type: 'goWithAnswers', params: ({ event }) => ({ to: event.to }) } },
      },
    },
    student: {
      exit: refuseAll,
      initial: 'arriving',
      on: {
        'answers.set': { guard: 'changesAnswer', actions: ['setAnswer', 'persistDraft'] },
        'answers.clear': { actions: ['clearAnswers', 'persistDraft'] },
        'answers.setMany': { actions: ['setManyAnswers', 'persistDraft'] },
        'answers.confirmed': { actions: ['confirmAnswers', 'persistDraft'] },
        // What this device kept for the account comes back.
        'answers.draft': [
          { guard: 'draftApplies', target: '.saving', actions: ['applyDraft', { type: 'keepTarget' }] },
          { guard: 'draftOutdated', target: '.choosing', actions: 'offerDraft' },
        ],
        'answers.carryTo': { actions: { type: 'goWithAnswers', params: ({ event }) => ({ to: event.to }) } },
        'answers.discard': { target: '.idle', actions: ['discardUnsaved', 'persistDraft'] },
        // Saved at once when idle (see waitingSave), after the save or reload in progress otherwise.
        'answers.save': { actions: 'queueRequester' },
        // The session ended on its own (inactivity, a 401 met by any call): the next login says so.
        'answers.sessionEnded': { actions: { type: 'persistDraft', params: { sessionEnded: true } } },
      },
      states: {
        /**
         * What this device kept from before the login (a visitor's answers, in sessionStorage)
         * is read first; from then on the answers live on the server and the device forgets them.
         */
        arriving: {
          on: {
            'answers.restored': [
              // On the device too until the save goes through.
              {
                guard: 'keepsTypedAnswers',
                target: 'saving',
                actions: ['takeTyped', 'forgetStored', 'persistDraft', 'keepTarget'],
              },
              // Typed before logging in to an account holding other answers: offered, never dropped.
              { guard: 'offersTypedAnswers', target: 'choosing', actions: ['offerTyped', 'forgetStored'] },
              { target: 'idle', actions: ['forgetStored', 'readDraft'] },
            ],
          },
        },
        /** Everything shown is what the server holds. */
        idle: {
          // Only what the server confirmed is left (a save in flight still counts as unsaved).
          entry: 'tellSessionSaved',
          always: [waitingSave, { guard: 'hasChanges', target: 'unsaved' }],
          on: {
            'answers.saveAndGo': { target: 'saving', actions: ['keepTarget', 'pageChanged'] },
            'answers.confirmed': confirmedAllSaved,
          },
        },
        /** Answers changed here and not yet sent: the page says "Not saved yet" and leaving asks first. */
        unsaved: {
          tags: 'unsaved',
          entry: 'tellSessionUnsaved',
          invoke: { id: 'leaveGuard', src: 'leaveGuard' },
          always: [waitingSave, { guard: 'noChanges', target: 'idle' }],
          on: {
            'answers.saveAndGo': { target: 'saving', actions: ['keepTarget', 'pageChanged'] },
            'answers.confirmed': confirmedAllSaved,
          },
        },
        /** A Save (no page to go to) went through: the page says so until the next change or save. */
        saved: {
          tags: 'saved',
          entry: 'tellSessionSaved',
          always: waitingSave,
          on: {
            'answers.saveAndGo': { target: 'saving', actions: ['keepTarget', 'pageChanged'] },
            'answers.set': { guard: 'changesAnswer', target: 'idle', actions: ['setAnswer', 'persistDraft'] },
            'answers.clear': { target: 'idle', actions: ['clearAnswers', 'persistDraft'] },
            'answers.setMany': { target: 'idle', actions: ['setManyAnswers', 'persistDraft'] },
          },
        },
        /**
         * The one place answers are saved: Next, Save and the step links (saveAndGo), and every
         * other actor that needs them on the server (`answers.save`, answered when done).
         */
        saving: {
          tags: 'busy',
          entry: 'keepSending',
          invoke: {
            id: 'saveAnswers',
            src: 'saveAnswers',
            input: ({ context }): SaveInput => ({ changes: context.sending, baseVersion: context.version }),
            onDone: [
              {
                guard: 'hasTarget',
                target: 'idle',
                actions: [
                  { type: 'confirmSent', params: ({ event }) => event.output },
                  'persistDraft',
                  'tellRestored',
                  'runValidations',
                  'goToTarget',
                  replySaved,
                ],
              },
              // The asker goes on with its own task (validations, an upload): no Saved notice.
              {
                guard: 'forOthers',
                target: 'idle',
                actions: [{ type: 'confirmSent', params: ({ event }) => event.output }, 'persistDraft', 'tellRestored', replySaved],
              },
              {
                target: 'saved',
                actions: [{ type: 'confirmSent', params: ({ event }) => event.output }, 'persistDraft', 'tellRestored', 'runValidations'],
              },
            ],
            onError: [
              {
                guard: 'unauthorised',
                target: 'idle',
                actions: [{ type: 'persistDraft', params: { sessionEnded: true } }, 'endSession', refuseAll],
              },
              {
                guard: 'conflict',
                target: 'reloading',
                // No toast over the form: the page names the answers next to Save, with links to them.
                actions: ['keepConflict', { type: 'reply', params: { reason: 'conflict' } }],
              },
              // Never reached the server: no toast over the form, the status beside Save says the answers wait.
              { guard: 'offlineFailure', target: 'waitingForNetwork.offline', actions: ['keepError', 'dropTarget', networkReply] },
              { guard: 'networkFailure', target: 'waitingForNetwork.retrying', actions: ['keepError', 'dropTarget', networkReply] },
              { target: 'failed', actions: ['keepError', 'toastError', { type: 'reply', params: { reason: 'error' } }] },
            ],
          },
        },
        /**
         * A save that failed for the network: the answers stay here (and on the device), and go
         * again when the browser says the network is back, or after a pause that doubles each time.
         */
        waitingForNetwork: {
          tags: 'unsaved',
          entry: 'tellSessionUnsaved',
          invoke: { id: 'leaveGuard', src: 'leaveGuard' },
          initial: 'retrying',
          // Another actor's save (submit, an upload) is tried at once: its asker says what a failure means.
          always: waitingSave,
          on: {
            'answers.saveAndGo': { target: 'saving', actions: ['keepTarget', 'pageChanged'] },
            'connection.online': { target: 'saving', actions: ['keepOnline', 'resetRetries'] },
          },
          states: {
            /** The browser says there is no network: only its online event starts the next try. */
            offline: {
              tags: 'offline',
            },
            /** The browser thinks it is online, yet the save did not get through: try again after a pause. */
            retrying: {
              tags: 'retrying',
              entry: 'countRetry',
              after: { saveRetry: '#answers.student.saving' },
              on: { 'connection.offline': { target: 'offline', actions: 'keepOnline' } },
            },
          },
        },
        /** Another tab saved some of the same answers first: show the server's, keep the rest of ours. */
        reloading: {
          tags: 'busy',
          invoke: {
            id: 'loadServerAnswers',
            src: 'loadServerAnswers',
            onDone: [
              {
                guard: 'otherTabDiffers',
                target: 'choosing',
                actions: ['mergeServerAnswers', { type: 'persistDraft', params: { undecided: true } }],
              },
              { target: 'failed', actions: ['mergeServerAnswers', 'persistDraft'] },
            ],
            onError: [
              { guard: 'unauthorised', target: 'idle', actions: 'endSession' },
              { target: 'failed', actions: ['keepError', 'toastError'] },
            ],
          },
        },
        /**
         * Answers offered back (typed before logging in, or kept on this device while the server
         * changed): the page asks whether to keep the account's, use the new ones, or pick.
         */
        choosing: {
          tags: 'choosing',
          on: {
            'offer.keepShown': [
              // This tab's own answers, chosen over another tab's: saved at once, over the version the page now holds.
              { guard: 'choosingAfterConflict', target: 'saving', actions: ['settleConflict', 'persistDraft', { type: 'keepTarget' }] },
              { target: 'idle', actions: ['dropOffered', 'persistDraft'] },
            ],
            'offer.useOffered': {
              target: 'saving',
              actions: ['useOffered', 'settleConflict', 'persistDraft', { type: 'keepTarget' }],
            },
            'offer.usePicked': {
              target: 'saving',
              actions: ['useOffered', 'settleConflict', 'persistDraft', { type: 'keepTarget' }],
            },
            // The page keeps this tab's answers to edit; the note beside Save still names the answers in question.
            'offer.edit': { guard: 'choosingAfterConflict', target: 'idle', actions: ['dropOffered', 'persistDraft'] },
          },
        },
        failed: {
          tags: 'saveFailed',
          always: waitingSave,
          on: { 'answers.saveAndGo': { target: 'saving', actions: ['keepTarget', 'pageChanged'] } },
        },
      },
    },
    /** Service users read the answers; nothing changes them but a load. */
    readOnly: {
      on: {
        'answers.carryTo': { actions: { type: 'goWithoutAnswers', params: ({ event }) => ({ to: event.to }) } },
      },
    },
  },
});
