import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { ServerAnswers } from './answerOffers';
import type { SaveInput } from './answerSaves';
import { initialAnswersContext } from './answersContext';
import { answersSetup } from './answersSetup';
import { SIGNUP_ROUTE } from './routes';

/*
 * The answers actor: it owns the applicant's answers, keeps them on the device until the server
 * has them, saves them (for the page and for any actor that asks), retries a save the network
 * stopped, and offers back answers typed before logging in, kept on the device or saved by another
 * tab. Offering and retrying are states of this one statechart, not actors of their own: both read
 * and change the same answers, confirmed answers and server version as the save does.
 * Its guards and actions, by name, are in answersSetup.ts; its context, input and events in
 * answersContext.ts; what they compute, in answerMaps.ts, answerDrafts.ts, answerOffers.ts and answerSaves.ts.
 */

/** A save asked for (`answers.save`) starts as soon as no other save or reload runs; it goes to no page. */
const waitingSave = { guard: 'savesWaiting', target: 'saving', actions: 'keepTarget' } as const;
/** Save or Next pressed while another save ran: its own save, once that one is over. */
const pressedSave = { guard: 'savePressed', target: 'saving', actions: ['takePressed', 'pageChanged'] } as const;
/** Every save that went through answers the actors it was for (none for most of the page's own). */
const replySaved = { type: 'reply', params: {} } as const;
/** A document's answer the server set itself, with nothing else unsaved: the page says all is saved. */
const confirmedAllSaved = {
  guard: 'onlyConfirmedUnsaved',
  target: 'saved',
  actions: ['confirmAnswers', 'persistDraft'],
} as const;
/** No save without answers kept on the server (a visitor's, a staff copy, a session that ended): the asker must not wait for one. */
const refuseAll = { type: 'reply', params: { reason: 'unauthorised' } } as const;
/** The asker of a save (submit, an upload) cannot wait for the network: it hears the save failed. */
const networkReply = { type: 'reply', params: { reason: 'error' } } as const;

/** What a failed save or load failed with, from its error event. */
const failure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });
const keepError = { type: 'keepError', params: failure } as const;
/** The server's answers, from the reload's done event. */
const serverAnswers = ({ event }: { event: DoneActorEvent<ServerAnswers> }) => event.output;
const mergeServerAnswers = { type: 'mergeServerAnswers', params: serverAnswers } as const;

export const answersMachine = answersSetup.createMachine({
  id: 'answers',
  context: ({ input }) => initialAnswersContext(input),
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
      always: [{ guard: 'keptOnServer', target: 'onServer' }, { guard: 'fixed', target: 'fixed' }, { target: 'onDevice' }],
    },
    /** A visitor's: the answers stay on this device (sessionStorage) until an account takes them. */
    onDevice: {
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
    /** An applicant's: the server holds the answers; the device keeps a draft of what it has not confirmed. */
    onServer: {
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
          always: [pressedSave, waitingSave, { guard: 'hasChanges', target: 'unsaved' }],
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
          always: [pressedSave, waitingSave, { guard: 'noChanges', target: 'idle' }],
          on: {
            'answers.saveAndGo': { target: 'saving', actions: ['keepTarget', 'pageChanged'] },
            'answers.confirmed': confirmedAllSaved,
          },
        },
        /** A Save (no page to go to) went through: the page says so until the next change or save. */
        saved: {
          tags: 'saved',
          entry: 'tellSessionSaved',
          // An answer typed while the save was on its way is not saved: never said to be.
          always: [pressedSave, waitingSave, { guard: 'hasChanges', target: 'unsaved' }],
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
          // A press now is not lost: the answers typed meanwhile are saved (and Next goes) after this save.
          on: { 'answers.saveAndGo': { actions: 'keepPressed' } },
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
                guard: { type: 'unauthorised', params: failure },
                target: 'idle',
                actions: [{ type: 'persistDraft', params: { sessionEnded: true } }, 'endSession', refuseAll, 'forgetPressed'],
              },
              {
                guard: { type: 'conflict', params: failure },
                target: 'reloading',
                // No toast over the form: the page names the answers next to Save, with links to them.
                actions: [{ type: 'keepConflict', params: failure }, { type: 'reply', params: { reason: 'conflict' } }, 'forgetPressed'],
              },
              // Never reached the server: no toast over the form, the status beside Save says the answers wait.
              {
                guard: { type: 'offlineFailure', params: failure },
                target: 'waitingForNetwork.offline',
                actions: [keepError, 'dropTarget', networkReply, 'forgetPressed'],
              },
              {
                guard: { type: 'networkFailure', params: failure },
                target: 'waitingForNetwork.retrying',
                actions: [keepError, 'dropTarget', networkReply, 'forgetPressed'],
              },
              { target: 'failed', actions: [keepError, 'toastError', { type: 'reply', params: { reason: 'error' } }] },
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
              after: { saveRetry: '#answers.onServer.saving' },
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
                guard: { type: 'otherTabDiffers', params: serverAnswers },
                target: 'choosing',
                actions: [mergeServerAnswers, { type: 'persistDraft', params: { undecided: true } }],
              },
              { target: 'failed', actions: [mergeServerAnswers, 'persistDraft'] },
            ],
            onError: [
              { guard: { type: 'unauthorised', params: failure }, target: 'idle', actions: 'endSession' },
              { target: 'failed', actions: [keepError, 'toastError'] },
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
              actions: [
                { type: 'useOffered', params: ({ event }) => ({ keys: event.keys }) },
                'settleConflict',
                'persistDraft',
                { type: 'keepTarget' },
              ],
            },
            // The page keeps this tab's answers to edit; the note beside Save still names the answers in question.
            'offer.edit': { guard: 'choosingAfterConflict', target: 'idle', actions: ['dropOffered', 'persistDraft'] },
          },
        },
        failed: {
          tags: 'saveFailed',
          always: [pressedSave, waitingSave],
          on: { 'answers.saveAndGo': { target: 'saving', actions: ['keepTarget', 'pageChanged'] } },
        },
      },
    },
    /** A staff copy: staff read someone else's answers; nothing changes them. */
    fixed: {
      on: {
        'answers.carryTo': { actions: { type: 'goWithoutAnswers', params: ({ event }) => ({ to: event.to }) } },
      },
    },
  },
});
