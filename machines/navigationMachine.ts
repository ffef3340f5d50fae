import { assertEvent, assign, emit, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { api } from './api/coreEndpoints';
import type { RestoreEvent, RootReportEvent, WebStatus, WebStatusChangedEvent } from './coreEvents';
import type { HistoryAction, NavigateEmitted, NavigationEvent, NavigationState, SessionEvent, ToastEvent } from './events';
import { AUTH_ROUTES, COMPLETION_ROUTE, DEFAULT_ROUTE, FORM_ROUTES, isFormRoute } from './routes';
import { sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import type { OverlaysEvent } from './overlaysMachine';
import { TOAST_TITLES } from './toastsMachine';

const KNOWN_ROUTES = new Set([...FORM_ROUTES, COMPLETION_ROUTE, ...AUTH_ROUTES]);

/** The location the router shows, as last reported: what the views render. */
export interface BrowserLocation {
  pathname: string;
  search: string;
  hash: string;
  state: NavigationState | undefined;
  action: HistoryAction;
  /** Counts the reports: a second visit of the same address is a new visit (a card opens again). */
  visit: number;
}

export interface NavigationContext {
  /** The path the rules judge: the browser's, or the one just asked for before the browser reports it. */
  pathname: string;
  search: string;
  /** null until the router reports the first location. */
  location: BrowserLocation | null;
  /**
   * Where the applicant is allowed to be, so what the views show: the router's location once the
   * rules let it stand; the last one while the router performs a move asked for; null while a
   * rule sends the applicant elsewhere (nothing flashes).
   */
  allowed: BrowserLocation | null;
  /** What arrived before the router was there to be moved: judged once it reported a location. */
  deferred: DeferredEvent[];
  /** undefined until the root knows who is using the app. */
  webStatus: WebStatus | undefined;
  /** The last_page the server holds; undefined until the profile loaded. */
  savedLastPage: string | null | undefined;
  /** The page was opened by a staff link (for its whole life): staff may see only the read-only view. */
  staff: boolean;
}

/** Where the page opened, and whether a staff link opened it. */
export interface NavigationInput {
  pathname: string;
  search: string;
  staff: boolean;
}

export type NavigationMachineEvent = NavigationEvent | WebStatusChangedEvent | RestoreEvent;
/** The events whose rules may move the router. */
type DeferredEvent = Extract<NavigationMachineEvent, { type: 'navigate' | 'webStatus.changed' | 'navigation.restore' }>;

function locationOf(to: string): { pathname: string; search: string } {
  const url = new URL(to, 'http://app.invalid');
  return { pathname: url.pathname, search: url.search };
}

/**
 * The browser followed an in-page anchor (the skip link) or went Back over one: same page, other
 * fragment. Not a new visit: a card keeps what was typed in it.
 */
function inPageAnchor(location: BrowserLocation | null, event: Extract<NavigationEvent, { type: 'location.changed' }>): boolean {
  return (
    location !== null &&
    event.action === 'pop' &&
    event.pathname === location.pathname &&
    event.search === location.search &&
    event.hash !== location.hash
  );
}

/** What the rules judge: the path, the status and the viewer, each the event's news or what the app already knows. */
interface Judged {
  path: string;
  status: WebStatus | undefined;
  staff: boolean;
}
type LocationChanged = Extract<NavigationEvent, { type: 'location.changed' }>;
/** Where the browser went. */
const judgedLocation = ({ context, event }: { context: NavigationContext; event: LocationChanged }): Judged => ({
  path: event.pathname,
  status: context.webStatus,
  staff: context.staff,
});
/** The status the root reported. */
const judgedStatus = ({ context, event }: { context: NavigationContext; event: WebStatusChangedEvent }): Judged => ({
  path: context.pathname,
  status: event.webStatus,
  staff: context.staff,
});

/** A rule's redirect: the browser is told, and the rules already judge the new path. */
const redirect = <TArgs>(to: (args: TArgs) => string) =>
  [
    { type: 'assumeLocation', params: (args: TArgs) => ({ to: to(args) }) },
    { type: 'emitRedirect', params: (args: TArgs) => ({ to: to(args) }) },
  ] as const;

const toDefaultKeepingLocationQuery = redirect(({ event }: { event: LocationChanged }) => DEFAULT_ROUTE + event.search);
const toDefault = redirect(() => DEFAULT_ROUTE);
const toCompletion = redirect(() => COMPLETION_ROUTE);

/**
 * The navigation rules. The router (react-router-dom, bridged in src/app/NavigationBridge.tsx)
 * reports every location change and performs the `navigate` events this actor emits; every other
 * actor asks for navigation here, and the views show a route only once this actor accepted it.
 * `route` says which area the applicant is in, `lastPage` keeps the server's last_page current,
 * `notices` turns a success message of navigation state into a toast.
 */
export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationMachineEvent,
    input: {} as NavigationInput,
    emitted: {} as NavigateEmitted,
  },
  actors: {
    saveLastPage: fromPromise<string, string>(async ({ input, signal }) => {
      await api.saveLastPage(input, signal);
      return input;
    }),
  },
  guards: {
    /**
     * Staff get no auth pages and none of the applicant's screens; the read-only view
     * is shown on the form routes. (An unknown path goes there anyway.)
     */
    staffOffTheirView: (_: unknown, { path, staff }: Judged) => staff && KNOWN_ROUTES.has(path) && !isFormRoute(path),
    unknownRoute: (_: unknown, { path }: Judged) => !KNOWN_ROUTES.has(path),
    submittedElsewhere: (_: unknown, { path, status }: Judged) => status === 'submitted' && path !== COMPLETION_ROUTE,
    // An unknown status (still loading) must not bounce a reload of /completion.
    completionTooEarly: (_: unknown, { path, status }: Judged) =>
      status !== undefined && status !== 'submitted' && path === COMPLETION_ROUTE,
    atCompletion: (_: unknown, { path }: Judged) => path === COMPLETION_ROUTE,
    atAuth: (_: unknown, { path }: Judged) => AUTH_ROUTES.includes(path),
    returnsToLastPage: ({ context, event }) => {
      assertEvent(event, 'navigation.restore');
      return !event.hasChangedPage && event.lastPage !== null && isFormRoute(event.lastPage) && event.lastPage !== context.pathname;
    },
    lastPageOutdated: ({ context }) =>
      (context.webStatus === 'started' || context.webStatus === 'validating') &&
      isFormRoute(context.pathname) &&
      context.pathname !== context.savedLastPage,
    hasSuccessMessage: ({ event }) => {
      assertEvent(event, 'location.changed');
      return !!event.state?.successMessage;
    },
    unauthorised: unauthorisedError,
  },
  actions: {
    follow: assign(({ context, event }) => {
      assertEvent(event, 'location.changed');
      const location: BrowserLocation = {
        pathname: event.pathname,
        search: event.search,
        hash: event.hash,
        state: event.state,
        action: event.action ?? 'push',
        visit: inPageAnchor(context.location, event) ? context.location!.visit : (context.location?.visit ?? 0) + 1,
      };
      return { pathname: event.pathname, search: event.search, location, allowed: location };
    }),
    assumeLocation: assign((_, params: { to: string }) => ({ ...locationOf(params.to), allowed: null })),
    defer: assign({
      deferred: ({ context, event }) => {
        assertEvent(event, ['navigate', 'webStatus.changed', 'navigation.restore']);
        return [...context.deferred, event];
      },
    }),
    /** In the order they came, as if they had come after the router's first report. */
    replayDeferred: enqueueActions(({ context, enqueue }) => {
      for (const event of context.deferred) enqueue.raise(event);
      enqueue.assign({ deferred: [] });
    }),
    emitRedirect: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to, replace: true })),
    forward: emit(({ event }) => {
      assertEvent(event, 'navigate');
      const { to, state, replace } = event;
      return { type: 'navigate' as const, to, state, replace };
    }),
    assumeRequested: assign(({ event }) => {
      assertEvent(event, 'navigate');
      return locationOf(event.to);
    }),
    keepStatus: assign({
      webStatus: ({ event }) => {
        assertEvent(event, 'webStatus.changed');
        return event.webStatus;
      },
    }),
    keepLastPage: assign({
      savedLastPage: ({ event }) => {
        assertEvent(event, 'navigation.restore');
        return event.lastPage;
      },
    }),
    keepSavedPage: assign({ savedLastPage: (_, params: { page: string }) => params.page }),
    returnToLastPage: emit(({ event }) => {
      assertEvent(event, 'navigation.restore');
      return { type: 'navigate' as const, to: event.lastPage || DEFAULT_ROUTE, replace: true };
    }),
    assumeLastPage: assign(({ event }) => {
      assertEvent(event, 'navigation.restore');
      return event.lastPage ? { ...locationOf(event.lastPage), allowed: null } : {};
    }),
    endSession: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
    /** The form area and /completion need the form actors: the root loads them on demand. */
    announceFormArea: sendTo(sibling(SYSTEM_IDS.app), { type: 'app.formArea' } satisfies RootReportEvent),
    /** An auth card needs the auth card actor: the root loads it on demand too. */
    announceAuthArea: sendTo(sibling(SYSTEM_IDS.app), { type: 'app.authArea' } satisfies RootReportEvent),
    /** A new page starts with the frame's overlays closed (a popover link, a logout). */
    closeOverlays: sendTo(sibling(SYSTEM_IDS.overlays), { type: 'overlay.close' } satisfies OverlaysEvent),
    toastSuccess: sendTo(sibling(SYSTEM_IDS.toasts), ({ event }): ToastEvent => {
      assertEvent(event, 'location.changed');
      return {
        type: 'toast.show',
        toast: { severity: 'success', title: TOAST_TITLES.success, message: event.state?.successMessage || '' },
      };
    }),
  },
}).createMachine({
  id: 'navigation',
  type: 'parallel',
  context: ({ input }) => ({
    pathname: input.pathname,
    search: input.search,
    location: null,
    allowed: null,
    deferred: [],
    webStatus: undefined,
    savedLastPage: undefined,
    staff: input.staff,
  }),
  states: {
    route: {
      initial: 'pending',
      on: {
        'location.changed': [
          // The staff link's token stays in the address: a reload shows the same view.
          {
            guard: { type: 'staffOffTheirView', params: judgedLocation },
            target: '.form',
            actions: ['follow', ...toDefaultKeepingLocationQuery],
          },
          {
            guard: { type: 'unknownRoute', params: judgedLocation },
            target: '.form',
            actions: ['follow', ...toDefaultKeepingLocationQuery],
          },
          { guard: { type: 'submittedElsewhere', params: judgedLocation }, target: '.completion', actions: ['follow', ...toCompletion] },
          { guard: { type: 'completionTooEarly', params: judgedLocation }, target: '.form', actions: ['follow', ...toDefault] },
          { guard: { type: 'atCompletion', params: judgedLocation }, target: '.completion', actions: 'follow' },
          { guard: { type: 'atAuth', params: judgedLocation }, target: '.auth', actions: 'follow' },
          { target: '.form', actions: 'follow' },
        ],
        'webStatus.changed': [
          { guard: { type: 'submittedElsewhere', params: judgedStatus }, target: '.completion', actions: ['keepStatus', ...toCompletion] },
          { guard: { type: 'completionTooEarly', params: judgedStatus }, target: '.form', actions: ['keepStatus', ...toDefault] },
          { actions: 'keepStatus' },
        ],
        // The location is taken for granted at once, so that rules judging before the browser
        // reports it (a status change right after the submit) do not send the applicant twice.
        navigate: { actions: ['forward', 'assumeRequested'] },
        'navigation.restore': [
          { guard: 'returnsToLastPage', target: '.form', actions: ['keepLastPage', 'returnToLastPage', 'assumeLastPage'] },
          { actions: 'keepLastPage' },
        ],
      },
      states: {
        /**
         * Until the router reports the first location. The root actor starts before React mounts
         * the router, and the page's first answers (the preloaded profile: its last page, its
         * status) can arrive before then: a move decided now would be sent to nobody.
         */
        pending: {
          on: {
            navigate: { actions: 'defer' },
            'webStatus.changed': { actions: 'defer' },
            'navigation.restore': { actions: 'defer' },
          },
          exit: 'replayDeferred',
        },
        form: { entry: 'announceFormArea' },
        completion: { entry: 'announceFormArea' },
        auth: { entry: 'announceAuthArea' },
      },
    },
    lastPage: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'lastPageOutdated', target: 'saving' } },
        saving: {
          invoke: {
            id: 'saveLastPage',
            src: 'saveLastPage',
            input: ({ context }) => context.pathname,
            onDone: { target: 'idle', actions: { type: 'keepSavedPage', params: ({ event }) => ({ page: event.output }) } },
            onError: [{ guard: 'unauthorised', target: 'failed', actions: 'endSession' }, { target: 'failed' }],
          },
        },
        /** Not worth an error screen: the next page change tries again. */
        failed: { on: { 'location.changed': 'idle' } },
      },
    },
    notices: {
      on: {
        'location.changed': [{ guard: 'hasSuccessMessage', actions: ['closeOverlays', 'toastSuccess'] }, { actions: 'closeOverlays' }],
      },
    },
  },
});
