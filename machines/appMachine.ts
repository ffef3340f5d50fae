import {
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  spawnChild,
  type AnyActorLogic,
  type AnyActorRef,
  type DoneActorEvent,
  type EventObject,
} from 'xstate';
import type { AnswerValue } from '../src/catalogue/dataModel';
import { DEFAULT_ESSAY_LIMIT } from '../src/catalogue/limits';
import type { CollegeConfig } from '../src/college/schema';
import type { AddAnotherEvent } from './addAnotherMachine';
import { api } from './api/coreEndpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { Profile, ServiceData } from './api/responses';
import type { authCardMachine } from './authCardMachine';
import type { CollegeEvent, RestoreEvent, RootReportEvent, Submission, WebStatus, WebStatusChangedEvent } from './coreEvents';
import type { DocumentEvent } from './documentMachine';
import type { AnswersEvent, AppContextEvent, SessionEvent } from './events';
import type { FormActors } from './formActors';
import type { PageActors } from './pageActors';
import { navigationMachine } from './navigationMachine';
import { DEFAULT_ROUTE, isAuthRoute } from './routes';
import { hasLoginCookie, sessionMachine } from './sessionMachine';
import { errorMessage, registered, unauthorisedError, type SystemActors } from './siblings';
import { SYSTEM_IDS, documentSystemId } from './systemIds';
import type { TabsEvent } from './tabsMachine';
import { overlaysMachine } from './overlaysMachine';
import { toastsMachine } from './toastsMachine';
import { unexpectedErrorMachine } from './unexpectedErrorMachine';
import { webStatusFromEntries, webStatusMachine, type WebStatusEvent } from './webStatusMachine';

/** What the page gives the app when it starts. */
export interface AppInput {
  pathname: string;
  search: string;
  /** document.cookie: a login is detected by a cookie the page can read. */
  cookie: string;
}

/** The client snapshot. */
interface ClientSnapshot {
  /** undefined until known (loading). */
  webStatus: WebStatus | undefined;
  lastPage: string | null;
  isLoggedIn: boolean;
  username: string;
  isServiceUser: boolean;
  numLogins: number;
  hasChangedPage: boolean;
  /** When the application was submitted and its reference number (the server's). */
  submission: Submission;
}

type AnswerMap = Record<string, AnswerValue>;

/**
 * What was loaded for the form actors (the profile's or the temporary answers, the service
 * copy's counts, tabs and documents) and not yet given to them, because they do not exist yet.
 */
export interface HandOver {
  answers: AnswerMap | null;
  /** The server's version of those answers (a student's profile), for stale-write detection. */
  version?: number;
  service: ServiceData | null;
}

export interface AppContext extends ClientSnapshot {
  /** The page's query parameters token and service_token. */
  token: string | null;
  serviceToken: string | null;
  /** Where the page started, for the navigation actor. */
  location: { pathname: string; search: string };
  college: CollegeConfig | null;
  error: string | null;
  handOver: HandOver;
  /** The document questions of the spawned form actors; null until the form actors exist. */
  documentKeys: readonly string[] | null;
}

export type AppEvent = WebStatusChangedEvent | RootReportEvent;

/** The form actors of ./formActors and ./pageActors, spawned once loaded: their system ids (documents: one per question). */
const formActorIds = (documentKeys: readonly string[]): string[] => [
  SYSTEM_IDS.validation,
  SYSTEM_IDS.submit,
  SYSTEM_IDS.answers,
  SYSTEM_IDS.lookup,
  SYSTEM_IDS.addAnother,
  SYSTEM_IDS.tabs,
  SYSTEM_IDS.pdfCopy,
  SYSTEM_IDS.clearGuard,
  ...documentKeys.map(documentSystemId),
];

/** Tells the form actors who is using the app (events.ts: app.context). */
const broadcast = ['tellAuthCard', 'tellFormActors'] as const;

/** The college configuration is known: the rules that depend on it are told. */
const collegeLoaded = ['keepCollege', 'shareCollege'] as const;

const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

/** Only a logged-in student has a web status. */
const withoutStatus = { type: 'loadWebStatus', params: { entries: [], student: false } } as const;

/** The cache is cleared with the session. */
const dropUser = [
  'forgetUser',
  ...broadcast,
  { type: 'keepHandOver', params: { answers: {}, service: null } },
  'handOver',
  withoutStatus,
] as const;

/** Route errors show the root error screen. */
const toErrorScreen = { target: 'failed', actions: 'keepError' } as const;

const loggedOut = {
  isLoggedIn: false,
  username: '',
  lastPage: null,
  numLogins: 0,
  hasChangedPage: false,
  webStatus: null,
  submission: null,
};

const submissionOf = (data: { submitted_at?: number | null; reference?: string | null }): Submission =>
  typeof data.submitted_at === 'number' && data.reference ? { submittedAt: data.submitted_at, reference: data.reference } : null;

const appContextOf = (context: AppContext): AppContextEvent => ({
  type: 'app.context',
  loggedIn: context.isLoggedIn,
  serviceUser: context.isServiceUser,
});

/**
 * A form actor, once the form actors exist. The actor system is asked rather than the snapshot's
 * children: in a graph traversal (npm run paths) only the first branch to load them spawns them.
 */
function formActor(context: AppContext, system: SystemActors, id: string): AnyActorRef | undefined {
  return context.documentKeys === null ? undefined : system.get(id);
}

type Enqueue = { sendTo: (to: AnyActorRef, event: EventObject) => void };
/** Absent actors are skipped rather than sent to. */
const tell = (enqueue: Enqueue, to: AnyActorRef | undefined, event: EventObject) => {
  if (to) enqueue.sendTo(to, event);
};

/**
 * A region for actors whose module is loaded on demand (a chunk of its own in the build): at start
 * when `neededAtStart`, otherwise when `askedBy` arrives; `<tag>Loading` while it loads,
 * `<tag>Ready` once `onLoaded` has spawned them. A module that could not be fetched (a lost
 * connection) is `<tag>Failed`: the area says so with a retry, and the next `askedBy` tries again.
 */
function loadedOnDemand<const TActions extends readonly string[]>(region: {
  neededAtStart: 'authNeededAtStart' | 'formNeededAtStart';
  askedBy: 'app.authArea' | 'app.formArea';
  load: 'loadAuthCard' | 'loadFormActors';
  onLoaded: TActions;
  tag: 'auth' | 'form';
  /** What happens once they are there (the form's page-specific actors load then). */
  whenReady?: { initial: string; states: Record<string, object> };
}) {
  return {
    initial: 'absent' as const,
    states: {
      absent: {
        always: { guard: region.neededAtStart, target: 'loading' },
        on: { [region.askedBy]: 'loading' },
      },
      loading: {
        tags: `${region.tag}Loading` as const,
        invoke: {
          id: region.load,
          src: region.load,
          onDone: { target: 'ready', actions: region.onLoaded },
          onError: { target: 'failed', actions: 'keepError' as const },
        },
      },
      ready: { tags: `${region.tag}Ready` as const, ...region.whenReady },
      /** The page stays (typed answers included); the area says so and offers a retry (`askedBy`). */
      failed: {
        tags: `${region.tag}Failed` as const,
        on: { [region.askedBy]: 'loading' },
      },
    },
  };
}

/**
 * The application: it starts on page load, spawns the actors every page needs under their system
 * ids, loads the college configuration and then who is using the app — an applicant's profile, a
 * visitor's prefilled answers (token), or a staff member's read-only copy
 * (service_token) — and owns the client snapshot (region `user`).
 *
 * The form actors (./formActors: answers, validation, submit, add-another, clear guard; then
 * ./pageActors: documents, tabs, lookup, PDF copy) and the question catalogue they need are loaded on demand (region `form`):
 * at start unless the page is an auth card (/login, /signup, /confirm, /forgot, /reset), for
 * a service link or a token, and otherwise when the navigation actor reports the form area or
 * /completion. Whatever was loaded for them meanwhile waits in `handOver`. The auth card actor
 * (./authCardMachine) is loaded the same way (region `auth`): at start on an auth card, otherwise
 * when the navigation actor reports one.
 *
 * Tags for the views: `loading` (who is using the app is not known yet), `ready` (it is),
 * `readOnly` (service view), `error` (the root error screen), `formLoading` and `formReady` (the
 * form actors exist: the form pages, /completion and the service view render only then),
 * `pageActorsLoading`, `pageActorsReady` and `pageActorsFailed` (the page-specific ones: /education,
 * /final-steps, /completion and the service view also wait for `pageActorsReady`),
 * `authLoading` and `authReady` (the auth card actor exists: the auth cards render only then).
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
    unexpectedError: unexpectedErrorMachine,
    overlays: overlaysMachine,
    /** The auth card actor's module, a chunk of its own in the build: only the auth cards need it. */
    loadAuthCard: fromPromise<typeof authCardMachine>(async () => (await import('./authCardMachine')).authCardMachine),
    /** The form actors' module, a chunk of its own in the build. */
    loadFormActors: fromPromise<FormActors>(async () => (await import('./formActors')).formActors),
    /** The page-specific form actors (documents, tabs, school search, PDF copy), another chunk: /about needs none of them. */
    loadPageActors: fromPromise<PageActors>(async () => (await import('./pageActors')).pageActors),
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
    /** The page needs the form actors from the start: anything but an auth card, a staff link, a token. */
    formNeededAtStart: ({ context }) => context.serviceToken !== null || context.token !== null || !isAuthRoute(context.location.pathname),
    /** The page starts on an auth card (and is not a staff link or a token, which go to the form). */
    authNeededAtStart: ({ context }) => context.serviceToken === null && context.token === null && isAuthRoute(context.location.pathname),
    unauthorised: unauthorisedError,
  },
  actions: {
    spawnAuthCard: enqueueActions(({ event, system, enqueue }) => {
      const logic = outputOf<typeof authCardMachine>(event);
      // As the form actors: inline logic keeps its id (= system id) only through this cast.
      type SpawnWithId = (logic: AnyActorLogic, options: { id: string; systemId: string }) => void;
      const spawnChild = enqueue.spawnChild as unknown as SpawnWithId;
      // Once only (and, in a graph traversal, only in the first branch that loads it).
      if (!system.get(SYSTEM_IDS.authCard)) spawnChild(logic, { id: SYSTEM_IDS.authCard, systemId: SYSTEM_IDS.authCard });
    }),
    tellAuthCard: enqueueActions(({ context, system, enqueue }) => {
      tell(enqueue, registered(system, SYSTEM_IDS.authCard), appContextOf(context));
    }),
    /**
     * The loaded form actors, under the same ids and system ids as always, each told what the
     * root knows: who is using the app, the essay limit (input), the web status if known, and
     * what was loaded for them (handOver, next). Validation comes first: the answers actor tells it
     * the answers it restores from session storage (and the submit actor, once it exists, too).
     */
    spawnFormActors: enqueueActions(({ context, event, system, enqueue }) => {
      const form = outputOf<FormActors>(event);
      const essayLimit = context.college?.essayLimit ?? DEFAULT_ESSAY_LIMIT;
      // xstate's types allow inline logic only without an id; the form actors keep theirs (id = system id).
      type SpawnWithId = (logic: AnyActorLogic, options: { id: string; systemId: string; input?: unknown }) => void;
      const spawnChild = enqueue.spawnChild as unknown as SpawnWithId;
      const spawn = (id: string, logic: AnyActorLogic, input?: unknown) => {
        // Once only (and, in a graph traversal, only in the first branch that loads them).
        if (!system.get(id)) spawnChild(logic, { id, systemId: id, ...(input === undefined ? {} : { input }) });
      };
      spawn(SYSTEM_IDS.validation, form.validation, { essayLimit });
      spawn(SYSTEM_IDS.answers, form.answers);
      spawn(SYSTEM_IDS.addAnother, form.addAnother);
      spawn(SYSTEM_IDS.clearGuard, form.clearGuard);
      enqueue.assign({ documentKeys: [...form.documentKeys] });
    }),
    /**
     * The page-specific form actors (./pageActors), loaded once the others exist, spawned the same
     * way; `tellFormActors` then tells every form actor again who is using the app and `handOver` what waited for them.
     */
    spawnPageActors: enqueueActions(({ context, event, system, enqueue }) => {
      const page = outputOf<PageActors>(event);
      type SpawnWithId = (logic: AnyActorLogic, options: { id: string; systemId: string; input?: unknown }) => void;
      const spawnChild = enqueue.spawnChild as unknown as SpawnWithId;
      const spawn = (id: string, logic: AnyActorLogic, input?: unknown) => {
        if (!system.get(id)) spawnChild(logic, { id, systemId: id, ...(input === undefined ? {} : { input }) });
      };
      spawn(SYSTEM_IDS.lookup, page.lookup);
      spawn(SYSTEM_IDS.tabs, page.tabs);
      spawn(SYSTEM_IDS.pdfCopy, page.pdfCopy);
      // A submit with errors sends the applicant to the form's default route.
      spawn(SYSTEM_IDS.submit, page.submit, { essayLimit: context.college?.essayLimit ?? DEFAULT_ESSAY_LIMIT, errorRoute: DEFAULT_ROUTE });
      // One document actor per document question.
      for (const answerKey of context.documentKeys ?? []) spawn(documentSystemId(answerKey), page.document, { answerKey });
    }),
    /** The submit actor came after the answers were told: the answers actor tells them again (`answers.announce`). */
    askAnswersAgain: enqueueActions(({ context, system, enqueue }) => {
      tell(enqueue, formActor(context, system, SYSTEM_IDS.answers), { type: 'answers.announce' } satisfies AnswersEvent);
    }),
    tellFormActors: enqueueActions(({ context, system, enqueue }) => {
      for (const id of formActorIds(context.documentKeys ?? [])) tell(enqueue, formActor(context, system, id), appContextOf(context));
    }),
    /** The status the root knows (the web status actor tells them every later change itself). */
    tellFormStatus: enqueueActions(({ context, system, enqueue }) => {
      const webStatus = context.webStatus;
      if (webStatus === undefined) return;
      const event: WebStatusChangedEvent = { type: 'webStatus.changed', webStatus };
      tell(enqueue, formActor(context, system, SYSTEM_IDS.validation), event);
      tell(enqueue, formActor(context, system, SYSTEM_IDS.submit), event);
    }),
    keepCollege: assign({ college: ({ event }) => outputOf<CollegeConfig>(event) }),
    shareCollege: enqueueActions(({ context, system, enqueue }) => {
      const event: CollegeEvent = { type: 'app.college', essayLimit: context.college?.essayLimit ?? DEFAULT_ESSAY_LIMIT };
      tell(enqueue, formActor(context, system, SYSTEM_IDS.validation), event);
      tell(enqueue, formActor(context, system, SYSTEM_IDS.submit), event);
    }),
    keepProfile: assign((_, params: { profile: Profile }) => ({
      username: params.profile.username,
      lastPage: params.profile.last_page,
      numLogins: Math.max(1, params.profile.successful_login.length),
      webStatus: webStatusFromEntries(params.profile.web_status),
      submission: submissionOf(params.profile),
    })),
    keepServiceSubmission: assign((_, params: { data: ServiceData }) => ({ submission: submissionOf(params.data) })),
    keepSubmission: assign({
      submission: ({ context, event }) =>
        event.type === 'app.submitted' ? { submittedAt: event.submittedAt, reference: event.reference } : context.submission,
    }),
    keepHandOver: assign((_, params: Partial<HandOver>) => ({
      handOver: { answers: params.answers ?? null, version: params.version, service: params.service ?? null },
    })),
    /**
     * What was loaded for the form actors goes to them once they exist; until then it waits here:
     * the answers for ./formActors, a staff view's tabs, documents and counts for ./pageActors too.
     */
    handOver: enqueueActions(({ context, system, enqueue }) => {
      if (context.documentKeys === null) return;
      const { answers } = context.handOver;
      // The service data waits for the page-specific actors (the tabs stand for all of them).
      const service = system.get(SYSTEM_IDS.tabs) ? context.handOver.service : null;
      if (answers) {
        const owner = context.isLoggedIn && !context.isServiceUser ? context.username : undefined;
        const replace: AnswersEvent = { type: 'answers.replaceAll', answers, version: context.handOver.version, owner };
        tell(enqueue, formActor(context, system, SYSTEM_IDS.answers), replace);
      }
      if (service) {
        const counts: AddAnotherEvent = { type: 'counts.replace', counts: service.add_another };
        const tabs: TabsEvent = { type: 'tabs.set', tabs: service.tabs };
        tell(enqueue, formActor(context, system, SYSTEM_IDS.addAnother), counts);
        tell(enqueue, formActor(context, system, SYSTEM_IDS.tabs), tabs);
        for (const key of context.documentKeys) {
          const document: DocumentEvent = {
            type: 'document.set',
            document: service.document_answer[key] ?? null,
            // Staff may open the converted PDF: the document actor asks with the page's token.
            ...(context.serviceToken ? { serviceToken: context.serviceToken } : {}),
          };
          tell(enqueue, formActor(context, system, documentSystemId(key)), document);
        }
      }
      if (answers || service) {
        enqueue.assign({ handOver: { answers: null, service: service ? null : context.handOver.service } });
      }
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
    startSession: assign({ isLoggedIn: true, hasChangedPage: false }),
    forgetUser: assign(loggedOut),
    keepWebStatus: assign({ webStatus: ({ event }) => (event.type === 'webStatus.changed' ? event.webStatus : undefined) }),
    markPageChanged: assign({ hasChangedPage: true }),
    keepPageError: assign({ error: ({ event }) => (event.type === 'app.pageFailed' ? event.message : GENERIC_ERROR_MESSAGE) }),
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
      handOver: { answers: null, service: null },
      documentKeys: null,
    };
  },
  entry: [
    // Who is using the app is known from the start: the session actor owns whether a session is open.
    spawnChild('session', {
      id: SYSTEM_IDS.session,
      systemId: SYSTEM_IDS.session,
      input: ({ context }) => ({ loggedIn: context.isLoggedIn }),
    }),
    spawnChild('navigation', {
      id: SYSTEM_IDS.navigation,
      systemId: SYSTEM_IDS.navigation,
      input: ({ context }) => ({ ...context.location, staff: context.serviceToken !== null }),
    }),
    spawnChild('toasts', { id: SYSTEM_IDS.toasts, systemId: SYSTEM_IDS.toasts }),
    spawnChild('webStatus', { id: SYSTEM_IDS.webStatus, systemId: SYSTEM_IDS.webStatus }),
    spawnChild('unexpectedError', { id: SYSTEM_IDS.unexpectedError, systemId: SYSTEM_IDS.unexpectedError }),
    spawnChild('overlays', { id: SYSTEM_IDS.overlays, systemId: SYSTEM_IDS.overlays }),
    ...broadcast,
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
        // Here, not on the root: a root transition into `user` would restart the `form` region too.
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
                { type: 'keepHandOver', params: ({ event }) => ({ answers: event.output.answer, version: event.output.answer_version }) },
                'handOver',
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
              actions: [{ type: 'keepHandOver', params: ({ event }) => ({ answers: event.output.answer }) }, 'handOver', withoutStatus],
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
                { type: 'keepHandOver', params: ({ event }) => ({ answers: event.output.answer, service: event.output }) },
                { type: 'keepServiceSubmission', params: ({ event }) => ({ data: event.output }) },
                'handOver',
                withoutStatus,
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
        /** Staff read the answers; nothing is editable. */
        service: { tags: ['ready', 'readOnly'] },
        /** The root error screen. */
        failed: { tags: 'error' },
      },
    },
    /** The auth card actor, loaded on demand: the form area needs none of it. */
    auth: loadedOnDemand({
      neededAtStart: 'authNeededAtStart',
      askedBy: 'app.authArea',
      load: 'loadAuthCard',
      onLoaded: ['spawnAuthCard', 'tellAuthCard'],
      tag: 'auth',
    }),
    /** The form actors of ./formActors, loaded on demand: an auth card needs none of them. */
    form: loadedOnDemand({
      neededAtStart: 'formNeededAtStart',
      askedBy: 'app.formArea',
      load: 'loadFormActors',
      onLoaded: ['spawnFormActors', 'tellFormActors', 'tellFormStatus', 'handOver'],
      tag: 'form',
      /**
       * Then the page-specific ones (./pageActors: documents, tabs, school search, PDF copy), at
       * once: /about's first paint waits for none of them; the pages that use them wait for
       * `pageActorsReady`. A module that could not be fetched is `pageActorsFailed`: those pages
       * say so with a retry (`app.formArea`).
       */
      whenReady: {
        initial: 'loadingPageActors',
        states: {
          loadingPageActors: {
            tags: 'pageActorsLoading',
            invoke: {
              id: 'loadPageActors',
              src: 'loadPageActors',
              onDone: {
                target: 'complete',
                actions: ['spawnPageActors', 'tellFormActors', 'tellFormStatus', 'askAnswersAgain', 'handOver'],
              },
              onError: { target: 'pageActorsFailed', actions: 'keepError' },
            },
          },
          complete: { tags: 'pageActorsReady' },
          pageActorsFailed: { tags: 'pageActorsFailed', on: { 'app.formArea': 'loadingPageActors' } },
        },
      },
    }),
  },
});
