import { assign, enqueueActions, fromPromise, sendTo, setup, spawnChild, type DoneActorEvent } from 'xstate';
import { DEFAULT_ESSAY_LIMIT } from '../src/catalogue/limits';
import { DOCUMENT_KEYS } from '../src/catalogue/questions';
import type { CollegeConfig } from '../src/college/schema';
import { addAnotherMachine, type AddAnotherEvent } from './addAnotherMachine';
import { api } from './api/endpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { Profile, ServiceData } from './api/responses';
import { answersMachine } from './answersMachine';
import { authCardMachine } from './authCardMachine';
import type { CollegeEvent, RestoreEvent, RootReportEvent, WebStatus, WebStatusChangedEvent } from './coreEvents';
import { documentMachine, type DocumentEvent } from './documentMachine';
import type { AnswersEvent, AppContextEvent, SessionEvent } from './events';
import { inactivityMachine } from './inactivityMachine';
import { lookupMachine } from './lookupMachine';
import { DEFAULT_ROUTE, navigationMachine } from './navigationMachine';
import { pdfCopyMachine } from './pdfCopyMachine';
import { hasLoginCookie, sessionMachine } from './sessionMachine';
import { errorMessage, unauthorisedError } from './siblings';
import { submitMachine } from './submitMachine';
import { SYSTEM_IDS, documentSystemId } from './systemIds';
import { tabsMachine, type TabsEvent } from './tabsMachine';
import { toastsMachine } from './toastsMachine';
import { validationMachine } from './validationMachine';
import { webStatusFromEntries, webStatusMachine, type WebStatusEvent } from './webStatusMachine';

/** What the page gives the app when it starts. */
export interface AppInput {
  pathname: string;
  search: string;
  /** document.cookie: section 3 detects a login by a cookie the page can read. */
  cookie: string;
}

/** Section 3's client snapshot. */
export interface ClientSnapshot {
  /** undefined until known (loading). */
  webStatus: WebStatus | undefined;
  lastPage: string | null;
  isLoggedIn: boolean;
  username: string;
  isServiceUser: boolean;
  numLogins: number;
  hasChangedPage: boolean;
}

export interface AppContext extends ClientSnapshot {
  /** The page's query parameters token and service_token. */
  token: string | null;
  serviceToken: string | null;
  /** Where the page started, for the navigation actor. */
  location: { pathname: string; search: string };
  college: CollegeConfig | null;
  error: string | null;
}

export type AppEvent = WebStatusChangedEvent | RootReportEvent;

/** Every child, by system id (each is also its child id). */
const CHILDREN = [
  ...[SYSTEM_IDS.session, SYSTEM_IDS.navigation, SYSTEM_IDS.toasts, SYSTEM_IDS.webStatus, SYSTEM_IDS.answers],
  ...[SYSTEM_IDS.validation, SYSTEM_IDS.submit, SYSTEM_IDS.authCard, SYSTEM_IDS.inactivity, SYSTEM_IDS.lookup],
  ...[SYSTEM_IDS.addAnother, SYSTEM_IDS.tabs, SYSTEM_IDS.pdfCopy, ...DOCUMENT_KEYS.map(documentSystemId)],
];

/** Tells every child who is using the app (events.ts: app.context). */
const broadcast = CHILDREN.map((id) => ({ type: 'tellChild', params: { id } }) as const);

/** The college configuration is known: the rules that depend on it are told. */
const collegeLoaded = [
  'keepCollege',
  { type: 'shareCollege', params: { id: SYSTEM_IDS.validation } },
  { type: 'shareCollege', params: { id: SYSTEM_IDS.submit } },
] as const;

/** Section 3's service response: besides the answers, the counts, tabs and documents to show. */
const serviceExtras = [
  'showServiceCounts',
  'showServiceTabs',
  ...DOCUMENT_KEYS.map((key) => ({ type: 'showServiceDocument', params: { key } }) as const),
] as const;

const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

/** Only a logged-in student has a web status. */
const withoutStatus = { type: 'loadWebStatus', params: { entries: [], student: false } } as const;

/** Section 8: the cache is cleared with the session. */
const dropUser = [
  'forgetUser',
  ...broadcast,
  { type: 'loadAnswers', params: { answers: {} } },
  withoutStatus,
] as const;

/** Section 8: route errors show the root error screen. */
const toErrorScreen = { target: 'failed', actions: 'keepError' } as const;

const loggedOut = { isLoggedIn: false, username: '', lastPage: null, numLogins: 0, hasChangedPage: false, webStatus: null };

/**
 * The application: it starts on page load, spawns every long-lived actor under its system id,
 * loads the college configuration and then who is using the app — a student's profile, an
 * anonymous visitor's temporary answers (token), or a staff member's read-only copy
 * (service_token) — and owns the client snapshot of section 3.
 */
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
    answers: answersMachine,
    validation: validationMachine,
    submit: submitMachine,
    authCard: authCardMachine,
    inactivity: inactivityMachine,
    lookup: lookupMachine,
    addAnother: addAnotherMachine,
    tabs: tabsMachine,
    pdfCopy: pdfCopyMachine,
    document: documentMachine,
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
    unauthorised: unauthorisedError,
  },
  actions: {
    spawnDocuments: enqueueActions(({ enqueue }) => {
      for (const answerKey of DOCUMENT_KEYS) {
        const id = documentSystemId(answerKey);
        enqueue.spawnChild('document', { id, systemId: id, input: { answerKey } });
      }
    }),
    tellChild: sendTo(
      (_, params: { id: string }) => params.id,
      ({ context }): AppContextEvent => ({ type: 'app.context', loggedIn: context.isLoggedIn, serviceUser: context.isServiceUser }),
    ),
    keepCollege: assign({ college: ({ event }) => outputOf<CollegeConfig>(event) }),
    shareCollege: sendTo(
      (_, params: { id: string }) => params.id,
      ({ context }): CollegeEvent => ({ type: 'app.college', essayLimit: context.college?.essayLimit ?? DEFAULT_ESSAY_LIMIT }),
    ),
    keepProfile: assign((_, params: { profile: Profile }) => ({
      username: params.profile.username,
      lastPage: params.profile.last_page,
      numLogins: Math.max(1, params.profile.successful_login.length),
      webStatus: webStatusFromEntries(params.profile.web_status),
    })),
    loadAnswers: sendTo(SYSTEM_IDS.answers, (_, params: { answers: Record<string, string | boolean> }): AnswersEvent => ({
      type: 'answers.replaceAll',
      answers: params.answers,
    })),
    loadWebStatus: sendTo(SYSTEM_IDS.webStatus, (_, params: { entries: readonly { web_status: string }[]; student: boolean }): WebStatusEvent => ({
      type: 'webStatus.load',
      entries: params.entries,
      student: params.student,
    })),
    restorePage: sendTo(SYSTEM_IDS.navigation, ({ context }): RestoreEvent => ({
      type: 'navigation.restore',
      lastPage: context.lastPage,
      hasChangedPage: context.hasChangedPage,
    })),
    showServiceCounts: sendTo(SYSTEM_IDS.addAnother, ({ event }): AddAnotherEvent => ({
      type: 'counts.replace',
      counts: outputOf<ServiceData>(event).add_another,
    })),
    showServiceTabs: sendTo(SYSTEM_IDS.tabs, ({ event }): TabsEvent => ({ type: 'tabs.set', tabs: outputOf<ServiceData>(event).tabs })),
    showServiceDocument: sendTo(
      (_, params: { key: string }) => documentSystemId(params.key),
      ({ event }, params): DocumentEvent => ({
        type: 'document.set',
        document: outputOf<ServiceData>(event).document_answer[params.key] ?? null,
      }),
    ),
    startSession: assign({ isLoggedIn: true }),
    forgetUser: assign(loggedOut),
    keepWebStatus: assign({ webStatus: ({ event }) => (event.type === 'webStatus.changed' ? event.webStatus : undefined) }),
    markPageChanged: assign({ hasChangedPage: true }),
    keepError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error, GENERIC_ERROR_MESSAGE) }),
    endSession: sendTo(SYSTEM_IDS.session, { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => {
    const query = new URLSearchParams(input.search);
    const serviceToken = query.get('service_token');
    return {
      // A staff link shows someone else's answers: whoever is logged in in this browser does not count.
      ...loggedOut,
      isLoggedIn: serviceToken === null && hasLoginCookie(input.cookie),
      isServiceUser: serviceToken !== null,
      webStatus: undefined,
      token: query.get('token'),
      serviceToken,
      location: { pathname: input.pathname, search: input.search },
      college: null,
      error: null,
    };
  },
  entry: [
    spawnChild('session', { id: SYSTEM_IDS.session, systemId: SYSTEM_IDS.session }),
    spawnChild('navigation', { id: SYSTEM_IDS.navigation, systemId: SYSTEM_IDS.navigation, input: ({ context }) => context.location }),
    spawnChild('toasts', { id: SYSTEM_IDS.toasts, systemId: SYSTEM_IDS.toasts }),
    spawnChild('webStatus', { id: SYSTEM_IDS.webStatus, systemId: SYSTEM_IDS.webStatus }),
    spawnChild('answers', { id: SYSTEM_IDS.answers, systemId: SYSTEM_IDS.answers }),
    spawnChild('validation', { id: SYSTEM_IDS.validation, systemId: SYSTEM_IDS.validation, input: {} }),
    // Section 4 step 6: errors send the applicant to the form's default route.
    spawnChild('submit', { id: SYSTEM_IDS.submit, systemId: SYSTEM_IDS.submit, input: { errorRoute: DEFAULT_ROUTE } }),
    spawnChild('authCard', { id: SYSTEM_IDS.authCard, systemId: SYSTEM_IDS.authCard }),
    spawnChild('inactivity', { id: SYSTEM_IDS.inactivity, systemId: SYSTEM_IDS.inactivity }),
    spawnChild('lookup', { id: SYSTEM_IDS.lookup, systemId: SYSTEM_IDS.lookup }),
    spawnChild('addAnother', { id: SYSTEM_IDS.addAnother, systemId: SYSTEM_IDS.addAnother }),
    spawnChild('tabs', { id: SYSTEM_IDS.tabs, systemId: SYSTEM_IDS.tabs }),
    spawnChild('pdfCopy', { id: SYSTEM_IDS.pdfCopy, systemId: SYSTEM_IDS.pdfCopy }),
    // One document actor per document question.
    'spawnDocuments',
    ...broadcast,
  ],
  on: {
    'webStatus.changed': { actions: 'keepWebStatus' },
    'app.pageChanged': { actions: 'markPageChanged' },
    'app.sessionEnded': { target: '.anonymous', actions: dropUser },
  },
  initial: 'loadingCollege',
  states: {
    loadingCollege: {
      tags: 'loading',
      invoke: {
        id: 'loadCollege',
        src: 'loadCollege',
        onDone: [
          { guard: 'serviceLink', target: 'loadingServiceData', actions: collegeLoaded },
          { guard: 'loggedIn', target: 'loadingProfile', actions: collegeLoaded },
          { guard: 'publicToken', target: 'loadingTemporaryAnswers', actions: collegeLoaded },
          { target: 'anonymous', actions: [...collegeLoaded, withoutStatus] },
        ],
        onError: toErrorScreen,
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
            { type: 'keepProfile', params: ({ event }) => ({ profile: event.output }) },
            { type: 'loadAnswers', params: ({ event }) => ({ answers: event.output.answer }) },
            // Before the status: the status may send a submitted applicant on to /completion.
            'restorePage',
            { type: 'loadWebStatus', params: ({ event }) => ({ entries: event.output.web_status, student: true }) },
          ],
        },
        onError: [
          // The cookie outlived the session: the session actor takes the applicant to /login.
          { guard: 'unauthorised', target: 'anonymous', actions: ['endSession', ...dropUser] },
          toErrorScreen,
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
          actions: [
            { type: 'loadAnswers', params: ({ event }) => ({ answers: event.output.answer }) },
            withoutStatus,
          ],
        },
        onError: toErrorScreen,
      },
    },
    loadingServiceData: {
      tags: 'loading',
      invoke: {
        id: 'loadServiceData',
        src: 'loadServiceData',
        input: ({ context }) => context.serviceToken ?? '',
        onDone: {
          target: 'service',
          actions: [
            { type: 'loadAnswers', params: ({ event }) => ({ answers: event.output.answer }) },
            withoutStatus,
            ...serviceExtras,
          ],
        },
        onError: toErrorScreen,
      },
    },
    anonymous: {
      tags: 'ready',
      on: {
        'app.sessionStarted': { target: 'loadingProfile', actions: ['startSession', ...broadcast] },
      },
    },
    student: { tags: 'ready' },
    /** Section 6: staff read the answers; nothing is editable. */
    service: { tags: ['ready', 'readOnly'] },
    /** The root error screen. */
    failed: { tags: 'error' },
  },
});
