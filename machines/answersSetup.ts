import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { changedAnswers, differing, sessionStorageStore, type StoreEvent } from './answerDrafts';
import { conflictingKeys, hasAnswers, withAnswer, withAnswers, withoutKeys } from './answerMaps';
import { draftOffered, otherTabOffered, restoredMessage, typedOffered, withChosen, withDraft, withServerAnswers } from './answerOffers';
import type { ServerAnswers } from './answerOffers';
import { draftMessage, hasUnsaved, saveReply, sessionEndedMessage, type SaveInput } from './answerSaves';
import type { AnswersContext, AnswersInput, AnswersMachineEvent, SaveFailure } from './answersContext';
import { api } from './api/endpoints';
import { GENERIC_ERROR_MESSAGE, isNetworkFailure, isUnauthorised } from './api/httpClient';
import { beforeUnloadGuard, browserConnection, saveRetryDelay } from './browserSignals';
import type { RootReportEvent, ValidationPostEvent } from './coreEvents';
import type { NavigationEvent, SessionEvent, ToastEvent } from './events';
import { errorMessage, sibling } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import { TOAST_TITLES } from './toastsMachine';
import { descKey } from '../src/catalogue/dataModel';

/*
 * The answers actor's named guards, actions, actors and delays, all but `tell` (which sits with the
 * statechart in answersMachine.ts, where they are used by name). What a save or a load failed with,
 * and the server's answers, come as params, read from the invoked actor's done or error event.
 */

/** A failed call's error, given to the guards and actions that read it. */
type Failure = { error: unknown };

export const answersSetup = setup({
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
    hasChanges: ({ context }) => hasUnsaved(context),
    noChanges: ({ context }) => !hasUnsaved(context),
    /** A save that never reached the server (offline, refused, timed out): the answers wait for the network. */
    networkFailure: (_, { error }: Failure) => isNetworkFailure(error),
    /** A network failure while the browser says it is offline. */
    offlineFailure: ({ context }, { error }: Failure) => isNetworkFailure(error) && !context.online,
    unauthorised: (_, { error }: Failure) => isUnauthorised(error),
    /** Another tab changed some of the same answers first. */
    conflict: (_, { error }: Failure) => conflictingKeys(error) !== undefined,
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
    otherTabDiffers: ({ context }, server: ServerAnswers) => Object.keys(otherTabOffered(context, server)).length > 0,
    /** The choice is between this tab's answers and another tab's (not answers offered back after a login). */
    choosingAfterConflict: ({ context }) => context.offeredFrom === 'tab',
    keptOnServer: ({ context }) => context.kept === 'onServer',
    fixed: ({ context }) => context.kept === 'fixed',
    /** A save asked for by another actor, which reports the outcome its own way. */
    forOthers: ({ context }) => context.requesters.length > 0,
    savesWaiting: ({ context }) => context.waiting.length > 0,
    savePressed: ({ context }) => context.pressed !== null,
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
    /** This account's draft on the device follows what the server has not confirmed (see draftMessage). */
    persistDraft: enqueueActions(({ context, enqueue }, params?: { sessionEnded?: boolean; undecided?: boolean }) => {
      const owner = context.owner;
      if (owner !== undefined) enqueue.sendTo('store', draftMessage({ ...context, owner }, params));
    }),
    readDraft: enqueueActions(({ context, enqueue }) => {
      if (context.owner !== undefined) enqueue.sendTo('store', { type: 'draft.read', owner: context.owner } satisfies StoreEvent);
    }),
    applyDraft: assign(({ context, event }) => {
      assertEvent(event, 'answers.draft');
      return event.draft === null ? {} : withDraft(context, event.draft);
    }),
    offerDraft: assign(({ context, event }) => {
      assertEvent(event, 'answers.draft');
      return event.draft === null ? {} : draftOffered(context, event.draft);
    }),
    offerTyped: assign(({ context, event }) => {
      assertEvent(event, 'answers.restored');
      return typedOffered(context, event.answers);
    }),
    /** A new account without answers takes what was typed before logging in: all of it unsaved, saved at once. */
    takeTyped: assign(({ event }) => {
      assertEvent(event, 'answers.restored');
      return { answers: { ...event.answers } };
    }),
    /** The offered answers the applicant chose (`keys`: the picked ones; none given: all) over the page's. */
    useOffered: assign(({ context }, params?: { keys: readonly string[] }) => withChosen(context, params?.keys)),
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
        toast: { severity: 'success', title: TOAST_TITLES.success, message: restoredMessage(context.restored) },
      } satisfies ToastEvent);
      enqueue.assign({ restored: null });
    }),
    keepOnline: assign({ online: ({ event }) => event.type !== 'connection.offline' }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    /** The network is back: the next failure starts the pauses afresh. */
    resetRetries: assign({ retries: 0 }),
    /** A save that waits for the network goes to no page when it finally goes through: the applicant has moved on. */
    dropTarget: assign({ saveTarget: undefined }),
    keepConflict: assign((_, { error }: Failure) => ({
      error: errorMessage(error, GENERIC_ERROR_MESSAGE),
      conflicts: conflictingKeys(error) ?? [],
    })),
    /** Another tab saved first: the server's answers with this tab's changes over them (see withServerAnswers). */
    mergeServerAnswers: assign(({ context }, server: ServerAnswers) => withServerAnswers(context, server)),
    persist: sendTo('store', ({ context }): StoreEvent => ({ type: 'store.write', answers: context.answers })),
    persistGiven: enqueueActions(({ context, enqueue }) => {
      if (hasAnswers(context.answers)) enqueue.sendTo('store', { type: 'store.write', answers: context.answers } satisfies StoreEvent);
    }),
    forgetStored: sendTo('store', { type: 'store.clear' } satisfies StoreEvent),
    keepTarget: assign({ saveTarget: ({ event }) => (event.type === 'answers.saveAndGo' ? event.to : undefined), error: null }),
    keepPressed: assign({
      pressed: ({ event }) => {
        assertEvent(event, 'answers.saveAndGo');
        return { to: event.to };
      },
    }),
    takePressed: assign({ saveTarget: ({ context }) => context.pressed?.to, pressed: null, error: null }),
    /** The save failed in a way the page already shows (signed out, another tab, the network): a press during it adds nothing. */
    forgetPressed: assign({ pressed: null }),
    queueRequester: assign({
      waiting: ({ context, event }) => {
        assertEvent(event, 'answers.save');
        return [...context.waiting, event.replyTo];
      },
    }),
    /** The outcome to the actors that asked (see saveReply); a failure also empties the queue. */
    reply: enqueueActions(({ context, system, enqueue }, { reason }: { reason?: SaveFailure }) => {
      const { reply, to } = saveReply(context, reason);
      for (const id of to) enqueue.sendTo(sibling(id)({ system }), reply);
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
    /** A staff copy's answers are someone else's: they never travel to an auth card. */
    goWithoutAnswers: sendTo(sibling(SYSTEM_IDS.navigation), (_, params: { to: string }): NavigationEvent => ({
      type: 'navigate',
      to: params.to,
    })),
    runValidations: sendTo(sibling(SYSTEM_IDS.validation), ({ context }): ValidationPostEvent => ({
      type: 'validation.post',
      answers: context.answers,
    })),
    keepError: assign((_, { error }: Failure) => ({ error: errorMessage(error, GENERIC_ERROR_MESSAGE) })),
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
    endSession: sendTo(sibling(SYSTEM_IDS.session), ({ context }): SessionEvent => sessionEndedMessage(context)),
  },
});
