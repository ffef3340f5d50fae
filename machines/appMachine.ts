import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup, spawnChild, stopChild } from 'xstate';
import { DEFAULT_ESSAY_LIMIT } from '../src/catalogue/limits';
import type { CollegeConfig } from '../src/college/schema';
import { api } from './api/coreEndpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { Profile, ServiceData } from './api/responses';
import type { applicationMachine, ApplicationInput } from './applicationMachine';
import type { authCardMachine } from './authCardMachine';
import {
  initialContext,
  loggedOut,
  staffCopyOf,
  submissionOf,
  type AppContext,
  type AppEvent,
  type AppInput,
  type Given,
} from './appContext';
import type { RestoreEvent } from './coreEvents';
import type { AnswersEvent, SessionEvent } from './events';
import { navigationMachine } from './navigationMachine';
import { isAuthRoute } from './routes';
import { sessionMachine } from './sessionMachine';
import { errorMessage, registered, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import { overlaysMachine } from './overlaysMachine';
import { toastsMachine } from './toastsMachine';
import { unexpectedErrorMachine } from './unexpectedErrorMachine';
import { webStatusFromEntries, webStatusMachine, type WebStatusEvent } from './webStatusMachine';

/** Only a logged-in applicant has a web status. */
const withoutStatus = { type: 'loadWebStatus', params: { entries: [], student: false } } as const;

/** A visitor's application starts empty. */
const visitor = { type: 'keepGiven', params: { role: 'visitor', answers: {} } } as const;

/** The cache is cleared with the session. */
const dropUser = ['forgetUser', visitor, withoutStatus] as const;

/** A new session: the application of the one before stops; the next starts once its data is loaded. */
const sessionChanged = {
  'app.sessionEnded': { target: 'loaded', actions: ['endAnswersSession', 'stopApplication'] },
  'app.sessionStarted': { target: 'loaded', actions: 'stopApplication' },
} as const;

/**
 * The application: it starts on page load, spawns the actors every page needs under their system
 * ids, loads the college configuration and then who is using the app — an applicant's profile, a
 * visitor's prefilled answers (token), or a staff member's copy of an application
 * (service_token) — and owns the client snapshot (region `user`).
 *
 * Region `auth` loads the auth card actor's module on demand (a chunk of its own): at start on an
 * auth card (/login, /signup, /confirm, /forgot, /reset), otherwise when the navigation actor
 * reports one. Region `application` loads the application's module (./applicationMachine, the form
 * actors and the question catalogue) the same way, for the form area, /completion, a staff link or
 * a prefill link, while the user region loads who is using the app; once both are there it spawns
 * one application actor for the session (system id `application`) with what was loaded as input.
 * A change of session stops it, and the next one starts with the new session's data.
 *
 * Tags for the views: `loading` (who is using the app is not known yet), `ready` (it is),
 * `readOnly` (staff), `error` (the root error screen), `formLoading`, `formReady` (the application
 * exists), `formFailed`, `authLoading`, `authReady` and `authFailed`.
 */
export type { AppContext, AppInput } from './appContext';

/**
 * Spawn options with the child's id. xstate's types let logic loaded at run time (a module of its
 * own) be spawned only without an id, which files every such child under one key of the root's
 * children: the one spawned later would hide the other, and stopping the root would leave it running.
 */
function named<T extends object>(options: T, id: string): T {
  return Object.assign({ id }, options);
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    navigation: navigationMachine,
    toasts: toastsMachine,
    webStatus: webStatusMachine,
    unexpectedError: unexpectedErrorMachine,
    overlays: overlaysMachine,
    /** The auth card actor's module, a chunk of its own in the build: only the auth cards need it. */
    loadAuthCard: fromPromise<typeof authCardMachine>(async () => (await import('./authCardMachine')).authCardMachine),
    /** The application's module with the form actors, a chunk of its own: the auth cards need none of it. */
    loadApplication: fromPromise<typeof applicationMachine>(async () => (await import('./applicationMachine')).applicationMachine),
    loadCollege: fromPromise<CollegeConfig>(({ signal }) => api.college(signal)),
    loadProfile: fromPromise<Profile>(({ signal }) => api.profile(signal)),
    loadTemporaryAnswers: fromPromise<{ answer: Record<string, string | boolean> }, string>(({ input, signal }) =>
      api.tmpAnswers(input, signal),
    ),
    loadServiceData: fromPromise<ServiceData, string>(({ input, signal }) => api.serviceData(input, signal)),
  },
  guards: {
    serviceLink: ({ context }) => context.serviceToken !== null,
    loggedIn: ({ context }) => context.isLoggedIn,
    publicToken: ({ context }) => context.token !== null,
    /** The page needs the application from the start: anything but an auth card, a staff link, a token. */
    formNeededAtStart: ({ context }) => context.serviceToken !== null || context.token !== null || !isAuthRoute(context.location.pathname),
    /** The page starts on an auth card (and is not a staff link or a token, which go to the form). */
    authNeededAtStart: ({ context }) => context.serviceToken === null && context.token === null && isAuthRoute(context.location.pathname),
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
      const input: ApplicationInput = {
        ...context.given,
        essayLimit: context.college?.essayLimit ?? DEFAULT_ESSAY_LIMIT,
        webStatus: context.webStatus ?? null,
      };
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
    keepCollege: assign({ college: (_, college: CollegeConfig) => college }),
    keepProfile: assign((_, profile: Profile) => ({
      username: profile.username,
      lastPage: profile.last_page,
      numLogins: Math.max(1, profile.successful_login.length),
      webStatus: webStatusFromEntries(profile.web_status),
      submission: submissionOf(profile),
      given: { role: 'applicant' as const, answers: profile.answer, version: profile.answer_version, owner: profile.username },
    })),
    keepStaffCopy: assign(({ context }, data: ServiceData) => ({
      submission: submissionOf(data),
      given: staffCopyOf(data, context.serviceToken ?? ''),
    })),
    keepGiven: assign((_, given: Given) => ({ given })),
    keepSubmission: assign({
      submission: ({ event }) => {
        assertEvent(event, 'app.submitted');
        return { submittedAt: event.submittedAt, reference: event.reference };
      },
    }),
    loadWebStatus: sendTo(
      SYSTEM_IDS.webStatus,
      (_, params: { entries: readonly { web_status: string }[]; student: boolean }): WebStatusEvent => ({
        type: 'webStatus.load',
        entries: params.entries,
        student: params.student,
      }),
    ),
    restorePage: sendTo(SYSTEM_IDS.navigation, ({ context }): RestoreEvent => ({
      type: 'navigation.restore',
      lastPage: context.lastPage,
      hasChangedPage: context.hasChangedPage,
    })),
    // A new session starts a new visit: the first-login banner shows until the first page change.
    startSession: assign({ isLoggedIn: true, hasChangedPage: false, given: null }),
    forgetUser: assign(loggedOut),
    keepWebStatus: assign({
      webStatus: ({ event }) => {
        assertEvent(event, 'webStatus.changed');
        return event.webStatus;
      },
    }),
    markPageChanged: assign({ hasChangedPage: true }),
    keepPageError: assign({
      error: ({ event }) => {
        assertEvent(event, 'app.pageFailed');
        return event.message;
      },
    }),
    keepError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, GENERIC_ERROR_MESSAGE) }),
    endSession: sendTo(SYSTEM_IDS.session, { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => initialContext(input),
  entry: [
    // Who is using the app is decided here, once: the session actor owns it from then on.
    spawnChild('session', {
      id: SYSTEM_IDS.session,
      systemId: SYSTEM_IDS.session,
      input: ({ context }) => ({ loggedIn: context.isLoggedIn }),
    }),
    spawnChild('navigation', {
      id: SYSTEM_IDS.navigation,
      systemId: SYSTEM_IDS.navigation,
      // A staff link is one for the page's whole life.
      input: ({ context }) => ({ ...context.location, staff: context.serviceToken !== null }),
    }),
    spawnChild('toasts', { id: SYSTEM_IDS.toasts, systemId: SYSTEM_IDS.toasts }),
    spawnChild('webStatus', { id: SYSTEM_IDS.webStatus, systemId: SYSTEM_IDS.webStatus }),
    spawnChild('unexpectedError', { id: SYSTEM_IDS.unexpectedError, systemId: SYSTEM_IDS.unexpectedError }),
    spawnChild('overlays', { id: SYSTEM_IDS.overlays, systemId: SYSTEM_IDS.overlays }),
  ],
  on: {
    'webStatus.changed': { actions: 'keepWebStatus' },
    'app.pageChanged': { actions: 'markPageChanged' },
    'app.submitted': { actions: 'keepSubmission' },
  },
  type: 'parallel',
  states: {
    /** Who is using the app, and the client snapshot. */
    user: {
      initial: 'loadingCollege',
      on: {
        // Here, not on the root: a root transition into `user` would restart the other regions too.
        'app.sessionEnded': { target: '.anonymous', actions: dropUser },
        // A form actor could not load what the page shows: the page is the boundary's, not a toast's.
        'app.pageFailed': { target: '.failed', actions: 'keepPageError' },
      },
      states: {
        loadingCollege: {
          tags: 'loading',
          invoke: {
            id: 'loadCollege',
            src: 'loadCollege',
            onDone: [
              { guard: 'serviceLink', target: 'loadingServiceData', actions: { type: 'keepCollege', params: ({ event }) => event.output } },
              { guard: 'loggedIn', target: 'loadingProfile', actions: { type: 'keepCollege', params: ({ event }) => event.output } },
              {
                guard: 'publicToken',
                target: 'loadingTemporaryAnswers',
                actions: { type: 'keepCollege', params: ({ event }) => event.output },
              },
              { target: 'anonymous', actions: [{ type: 'keepCollege', params: ({ event }) => event.output }, visitor, withoutStatus] },
            ],
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadingProfile: {
          tags: 'loading',
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: {
              target: 'student',
              actions: [
                { type: 'keepProfile', params: ({ event }) => event.output },
                // Before the status: the status may send a submitted applicant on to /completion.
                'restorePage',
                { type: 'loadWebStatus', params: ({ event }) => ({ entries: event.output.web_status, student: true }) },
              ],
            },
            onError: [
              // The cookie outlived the session: the session actor takes the applicant to /login.
              { guard: 'unauthorised', target: 'anonymous', actions: ['endSession', ...dropUser] },
              { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
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
              target: 'anonymous',
              actions: [{ type: 'keepGiven', params: ({ event }) => ({ role: 'visitor', answers: event.output.answer }) }, withoutStatus],
            },
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadingServiceData: {
          tags: 'loading',
          invoke: {
            id: 'loadServiceData',
            src: 'loadServiceData',
            input: ({ context }) => context.serviceToken ?? '',
            onDone: { target: 'service', actions: [{ type: 'keepStaffCopy', params: ({ event }) => event.output }, withoutStatus] },
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        anonymous: {
          tags: 'ready',
          on: {
            'app.sessionStarted': { target: 'loadingProfile', actions: 'startSession' },
          },
        },
        student: { tags: 'ready' },
        /** Staff read the answers; nothing is editable. */
        service: { tags: ['ready', 'readOnly'] },
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
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: { tags: 'authReady' },
        /** The page stays; the area says so and offers a retry (`app.authArea`). */
        failed: { tags: 'authFailed', on: { 'app.authArea': 'loading' } },
      },
    },
    /**
     * The session's application, loaded on demand: an auth card needs none of it. Its code loads
     * while the user region loads who is using the app; it is spawned once both are there.
     */
    application: {
      initial: 'absent',
      states: {
        absent: { always: { guard: 'formNeededAtStart', target: 'loading' }, on: { 'app.formArea': 'loading' } },
        loading: {
          tags: 'formLoading',
          invoke: {
            id: 'loadApplication',
            src: 'loadApplication',
            onDone: 'loaded',
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
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
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        running: { tags: 'formReady', on: sessionChanged },
        /** The page stays (typed answers included); the area says so and offers a retry (`app.formArea`). */
        failed: { tags: 'formFailed', on: { 'app.formArea': 'loading' } },
      },
    },
  },
});
