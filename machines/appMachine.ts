import { assign, enqueueActions, not, sendTo, setup, spawnChild, stopChild } from 'xstate';
import type { PublicCollegeConfig } from '../src/college/schema';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { Profile, ServiceData } from './api/responses';
import type { applicationMachine } from './applicationMachine';
import { appCalls } from './appCalls';
import type { authCardMachine } from './authCardMachine';
import * as appContext from './appContext';
import type { AppContext, AppEvent, AppInput, Given } from './appContext';
import type { Submission, WebStatus } from './coreEvents';
import type { AnswersEvent, SessionEvent } from './events';
import { navigationMachine } from './navigationMachine';
import { isAuthRoute } from './routes';
import { sessionMachine } from './sessionMachine';
import { errorMessage, named, registered, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import { overlaysMachine } from './overlaysMachine';
import { toastsMachine } from './toastsMachine';
import { unexpectedErrorMachine } from './unexpectedErrorMachine';
import { webStatusMachine, type WebStatusEvent } from './webStatusMachine';

export type { AppContext, AppInput } from './appContext';

type StatusEntries = { entries: readonly { web_status: string }[]; applicant: boolean };
/** Only a logged-in applicant has a web status; a visitor's application starts empty; the cache is cleared with the session. */
const withoutStatus = { type: 'loadWebStatus', params: { entries: [], applicant: false } } as const;
const visitor = { type: 'keepGiven', params: { role: 'visitor', answers: {} } } as const;
const dropUser = ['forgetUser', visitor, withoutStatus] as const;

/** A new session: the application of the one before stops; the next starts once its data is loaded. */
const sessionChanged = {
  'app.sessionEnded': { target: 'loaded', actions: ['endAnswersSession', 'stopApplication'] },
  'app.sessionStarted': { target: 'loaded', actions: 'stopApplication' },
} as const;

/** A load failed: the root error screen, or the area's own failure (`auth`, `application`). */
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const FAILED = { target: 'failed', actions: { type: 'keepError', params: errorOf } } as const;
const college = { type: 'keepCollege', params: ({ event }: { event: { output: PublicCollegeConfig } }) => event.output } as const;

/**
 * The root: the actors every page needs; the college, then who is using the app (`user`); the auth
 * card's and the application's modules on demand (`auth`, `application`); one application per session.
 */
export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput },
  actors: {
    session: sessionMachine,
    navigation: navigationMachine,
    toasts: toastsMachine,
    webStatus: webStatusMachine,
    unexpectedError: unexpectedErrorMachine,
    overlays: overlaysMachine,
    ...appCalls,
  },
  guards: {
    serviceLink: ({ context }) => context.serviceToken !== null,
    loggedIn: ({ context }) => context.isLoggedIn,
    publicToken: ({ context }) => context.token !== null,
    /** The page needs the application from the start: anything but an auth card, a staff link, a token. */
    formNeededAtStart: ({ context }) => context.serviceToken !== null || context.token !== null || !isAuthRoute(context.location.pathname),
    /** The page starts on an auth card (and is not a staff link or a token, which go to the form). */
    authNeededAtStart: not('formNeededAtStart'),
    /** Who is using the app is known, and what their application starts with is loaded. */
    sessionKnown: ({ context }) => context.given !== null,
    unauthorised: unauthorisedError,
  },
  actions: {
    spawnAuthCard: enqueueActions(({ enqueue, system }, logic: typeof authCardMachine) => {
      // Once only: a retry after a failed load may not find it missing.
      if (!registered(system, SYSTEM_IDS.authCard))
        enqueue.spawnChild(logic, named({ systemId: SYSTEM_IDS.authCard }, SYSTEM_IDS.authCard));
    }),
    /** The session's application, with what was loaded for it. */
    startApplication: enqueueActions(({ context, enqueue }, logic: typeof applicationMachine) => {
      if (!context.given) return;
      const input = appContext.applicationInput(context, context.given);
      enqueue.spawnChild(logic, named({ systemId: SYSTEM_IDS.application, input }, SYSTEM_IDS.application));
      // From now on the application's answers actor alone holds the answers.
      enqueue.assign({ given: null });
    }),
    stopApplication: stopChild(SYSTEM_IDS.application),
    /** Answers not saved yet stay on this device; the next login says the session ended before they were saved. */
    endAnswersSession: enqueueActions(({ enqueue, system }) => {
      const answers = registered(system, SYSTEM_IDS.answers);
      if (answers) enqueue.sendTo(answers, { type: 'answers.sessionEnded' } satisfies AnswersEvent);
    }),
    keepCollege: assign({ college: (_, college: PublicCollegeConfig) => college }),
    keepProfile: assign((_, profile: Profile) => appContext.profileContext(profile)),
    keepStaffCopy: assign(({ context }, data: ServiceData) => appContext.staffContext(data, context.serviceToken ?? '')),
    keepGiven: assign((_, given: Given) => ({ given })),
    keepSubmission: assign({ submission: (_, submission: Submission) => submission }),
    loadWebStatus: sendTo(SYSTEM_IDS.webStatus, (_, params: StatusEntries): WebStatusEvent => ({ type: 'webStatus.load', ...params })),
    restorePage: sendTo(SYSTEM_IDS.navigation, appContext.restoreEvent),
    // A new session starts a new visit: the first-login banner shows until the first page change.
    startSession: assign({ isLoggedIn: true, hasChangedPage: false, given: null }),
    forgetUser: assign(appContext.loggedOut),
    keepWebStatus: assign({ webStatus: (_, webStatus: WebStatus) => webStatus }),
    markPageChanged: assign({ hasChangedPage: true }),
    keepPageError: assign({ error: (_, message: string) => message }),
    keepError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, GENERIC_ERROR_MESSAGE) }),
    endSession: sendTo(SYSTEM_IDS.session, { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => appContext.initialContext(input),
  entry: [
    // Who is using the app is decided here, once: the session actor owns it from then on.
    spawnChild('session', { id: SYSTEM_IDS.session, systemId: SYSTEM_IDS.session, input: appContext.sessionInput }),
    spawnChild('navigation', { id: SYSTEM_IDS.navigation, systemId: SYSTEM_IDS.navigation, input: appContext.navigationInput }),
    spawnChild('toasts', { id: SYSTEM_IDS.toasts, systemId: SYSTEM_IDS.toasts }),
    spawnChild('webStatus', { id: SYSTEM_IDS.webStatus, systemId: SYSTEM_IDS.webStatus }),
    spawnChild('unexpectedError', { id: SYSTEM_IDS.unexpectedError, systemId: SYSTEM_IDS.unexpectedError }),
    spawnChild('overlays', { id: SYSTEM_IDS.overlays, systemId: SYSTEM_IDS.overlays }),
  ],
  on: {
    'webStatus.changed': { actions: { type: 'keepWebStatus', params: ({ event }) => event.webStatus } },
    'app.pageChanged': { actions: 'markPageChanged' },
    'app.submitted': {
      actions: { type: 'keepSubmission', params: ({ event: { submittedAt, reference } }) => ({ submittedAt, reference }) },
    },
  },
  type: 'parallel',
  states: {
    /** Who is using the app, and the client snapshot. */
    user: {
      initial: 'loadingCollege',
      on: {
        // Here, not on the root: a root transition into `user` would restart the other regions too.
        'app.sessionEnded': { target: '.visitor', actions: dropUser },
        // A form actor could not load what the page shows: the page is the boundary's, not a toast's.
        'app.pageFailed': { target: '.failed', actions: { type: 'keepPageError', params: ({ event }) => event.message } },
      },
      states: {
        loadingCollege: {
          tags: 'loading',
          invoke: {
            id: 'loadCollege',
            src: 'loadCollege',
            onDone: [
              { guard: 'serviceLink', target: 'loadingServiceData', actions: college },
              { guard: 'loggedIn', target: 'loadingProfile', actions: college },
              { guard: 'publicToken', target: 'loadingTemporaryAnswers', actions: college },
              { target: 'visitor', actions: [college, visitor, withoutStatus] },
            ],
            onError: FAILED,
          },
        },
        loadingProfile: {
          tags: 'loading',
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: {
              target: 'applicant',
              actions: [
                { type: 'keepProfile', params: ({ event }) => event.output },
                // Before the status: the status may send a submitted applicant on to /completion.
                'restorePage',
                { type: 'loadWebStatus', params: ({ event }) => ({ entries: event.output.web_status, applicant: true }) },
              ],
            },
            onError: [
              // The cookie outlived the session: the session actor takes the applicant to /login.
              { guard: 'unauthorised', target: 'visitor', actions: ['endSession', ...dropUser] },
              FAILED,
            ],
          },
        },
        loadingTemporaryAnswers: {
          tags: 'loading',
          invoke: {
            id: 'loadTemporaryAnswers',
            src: 'loadTemporaryAnswers',
            input: ({ context }) => context.token ?? '',
            onDone: {
              target: 'visitor',
              actions: [{ type: 'keepGiven', params: ({ event }) => ({ role: 'visitor', answers: event.output.answer }) }, withoutStatus],
            },
            onError: FAILED,
          },
        },
        loadingServiceData: {
          tags: 'loading',
          invoke: {
            id: 'loadServiceData',
            src: 'loadServiceData',
            input: ({ context }) => context.serviceToken ?? '',
            onDone: { target: 'staff', actions: [{ type: 'keepStaffCopy', params: ({ event }) => event.output }, withoutStatus] },
            onError: FAILED,
          },
        },
        visitor: { tags: 'ready', on: { 'app.sessionStarted': { target: 'loadingProfile', actions: 'startSession' } } },
        applicant: { tags: 'ready' },
        /** Staff read the answers; nothing is editable. */
        staff: { tags: ['ready', 'staff'] },
        /** The root error screen. */
        failed: { tags: 'error' },
      },
    },
    /** The auth card actor, loaded on demand: the form area needs none of it. */
    auth: {
      initial: 'absent',
      states: {
        absent: { always: { guard: 'authNeededAtStart', target: 'loading' }, on: { 'app.authArea': 'loading' } },
        loading: {
          tags: 'authLoading',
          invoke: {
            id: 'loadAuthCard',
            src: 'loadAuthCard',
            onDone: { target: 'ready', actions: { type: 'spawnAuthCard', params: ({ event }) => event.output } },
            onError: FAILED,
          },
        },
        ready: { tags: 'authReady' },
        /** The page stays; the area says so and offers a retry (`app.authArea`). */
        failed: { tags: 'authFailed', on: { 'app.authArea': 'loading' } },
      },
    },
    /** The session's application: its code loads while `user` loads who is using the app; spawned once both are there. */
    application: {
      initial: 'absent',
      states: {
        absent: { always: { guard: 'formNeededAtStart', target: 'loading' }, on: { 'app.formArea': 'loading' } },
        loading: { tags: 'formLoading', invoke: { id: 'loadApplication', src: 'loadApplication', onDone: 'loaded', onError: FAILED } },
        /** The code is there; the session is not known yet. */
        loaded: { tags: 'formLoading', always: { guard: 'sessionKnown', target: 'starting' } },
        starting: {
          tags: 'formLoading',
          on: sessionChanged,
          // The module is loaded already: this only hands its machine over.
          invoke: {
            id: 'startApplication',
            src: 'loadApplication',
            onDone: { target: 'running', actions: { type: 'startApplication', params: ({ event }) => event.output } },
            onError: FAILED,
          },
        },
        running: { tags: 'formReady', on: sessionChanged },
        /** The page stays (typed answers included); the area says so and offers a retry (`app.formArea`). */
        failed: { tags: 'formFailed', on: { 'app.formArea': 'loading' } },
      },
    },
  },
});
