import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { LOGGED_IN_COOKIE } from '../src/catalogue/http';
import { api } from './api/coreEndpoints';
import type { RootReportEvent } from './coreEvents';
import type { AnswersEvent, AnswersSaveReply, NavigationEvent, SessionEvent, ToastEvent } from './events';
import { inactivityMachine } from './inactivityMachine';
import type { OverlaysEvent } from './overlaysMachine';
import { LOGIN_ROUTE } from './routes';
import { enqueueTo, sibling } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/** What a 401 tells the applicant on the login card. */
export { SESSION_INVALID_MESSAGE } from '../src/catalogue/messages';
import { LOGOUT_MESSAGE, SESSION_ENDED_UNSAVED_MESSAGE, SESSION_INVALID_MESSAGE } from '../src/catalogue/messages';

/**
 * "Logged in" is the presence of the identity cookie the page can read (the session
 * cookie itself is httpOnly). The server clears it with the session.
 */
export function hasLoginCookie(cookie: string): boolean {
  return cookie.split(';').some((pair) => {
    const [name, ...value] = pair.trim().split('=');
    return name === LOGGED_IN_COOKIE && value.join('=') !== '';
  });
}

/** The Log Out dialog's answers, when answers are not saved yet. */
type LogoutChoiceEvent = { type: 'logout.save' } | { type: 'logout.discard' } | { type: 'logout.cancel' };

export type SessionMachineEvent = SessionEvent | LogoutChoiceEvent | AnswersSaveReply;

/** What the root knows when the page opens: whether an applicant's session is open (the login cookie, and no staff link). */
export interface SessionInput {
  loggedIn: boolean;
}

type LogoutFailure = Extract<AnswersSaveReply, { type: 'answers.saveFailed' }>;

/** A 401: the server already ended the session (answers not saved stay on the device). */
const sessionEndedByServer = { target: '#session.loggedOut', actions: ['announceEnd', 'goToLoginAfter401'] } as const;

const endWithLogoutMessage = [
  'announceEnd',
  { type: 'goToLogin', params: ({ context }: { context: { logoutMessage: string | undefined } }) => ({ message: context.logoutMessage }) },
] as const;

/**
 * The one owner of "an applicant's session is open": open from the start when the page opened
 * with one (input: the login cookie, and no staff link), or from a login; the root and the toasts
 * are told when it starts and ends. How a session ends: Log Out and the inactivity logout call
 * GET /api/logout, a 401 from any call means the server already ended it. Either way the root
 * drops what it cached and the applicant lands on /login with the reason in navigation state.
 * Log Out while the answers actor holds answers not saved asks first (`confirmingLogout`).
 * While the session is open, the inactivity actor runs as its child.
 */
export const sessionMachine = setup({
  types: {
    context: {} as {
      /** Whether the page opened with a session (the input): read once, at start. */
      openedWithSession: boolean;
      logoutMessage: string | undefined;
      answersUnsaved: boolean;
      /** Why the save of the Log Out dialog failed (a conflict says which answers), until the next try. */
      logoutFailure: Pick<LogoutFailure, 'reason' | 'message'> | null;
    },
    events: {} as SessionMachineEvent,
    input: {} as SessionInput,
    children: {} as { inactivity: 'inactivity'; logout: 'logout' },
  },
  actors: {
    logout: fromPromise(({ signal }) => api.logout(signal)),
    inactivity: inactivityMachine,
  },
  guards: {
    openedWithSession: ({ context }) => context.openedWithSession,
    /** The applicant's own Log Out (no reason given) while the answers actor holds answers the server has not confirmed. */
    givesReason: ({ event }) => {
      assertEvent(event, 'session.logout');
      return event.message !== undefined;
    },
    asksFirst: ({ context, event }) => {
      assertEvent(event, 'session.logout');
      return event.message === undefined && context.answersUnsaved;
    },
  },
  actions: {
    // Without a reason of its own (the inactivity actor gives one), a logout is the applicant's Log Out.
    keepLogoutMessage: assign({
      logoutMessage: ({ event }) => {
        assertEvent(event, 'session.logout');
        return event.message ?? LOGOUT_MESSAGE;
      },
    }),
    /** The root reloads the profile; the toasts shown while logged out go. */
    announceStart: enqueueActions(({ system, enqueue }) => {
      enqueueTo(enqueue, system, SYSTEM_IDS.app, { type: 'app.sessionStarted' } satisfies RootReportEvent);
      enqueueTo(enqueue, system, SYSTEM_IDS.toasts, { type: 'toast.sessionStarted' } satisfies ToastEvent);
    }),
    /** The root drops what it cached; the toasts shown from now on are about getting in again. */
    announceEnd: enqueueActions(({ system, enqueue }) => {
      enqueueTo(enqueue, system, SYSTEM_IDS.app, { type: 'app.sessionEnded' } satisfies RootReportEvent);
      enqueueTo(enqueue, system, SYSTEM_IDS.toasts, { type: 'toast.sessionEnded' } satisfies ToastEvent);
    }),
    // A 401 while answers wait to be saved (whichever call met it): /login says they are kept.
    goToLoginAfter401: sendTo(sibling(SYSTEM_IDS.navigation), ({ context, event }): NavigationEvent => {
      assertEvent(event, 'session.unauthorised');
      const { message } = event;
      return {
        type: 'navigate',
        to: LOGIN_ROUTE,
        state: { errorMessage: message ?? (context.answersUnsaved ? SESSION_ENDED_UNSAVED_MESSAGE : SESSION_INVALID_MESSAGE) },
      };
    }),
    keepAnswersUnsaved: assign({
      answersUnsaved: ({ event }) => {
        assertEvent(event, 'session.answersUnsaved');
        return event.unsaved;
      },
    }),
    /** The dialog takes the Account popover's place. */
    closeAccountPopover: sendTo(sibling(SYSTEM_IDS.overlays), { type: 'overlay.close' } satisfies OverlaysEvent),
    askAnswersSaved: sendTo(sibling(SYSTEM_IDS.answers), { type: 'answers.save', replyTo: SYSTEM_IDS.session } satisfies AnswersEvent),
    discardAnswers: sendTo(sibling(SYSTEM_IDS.answers), { type: 'answers.discard' } satisfies AnswersEvent),
    keepLogoutFailure: assign({
      logoutFailure: ({ event }) => {
        assertEvent(event, 'answers.saveFailed');
        return { reason: event.reason, message: event.message };
      },
    }),
    forgetLogoutFailure: assign({ logoutFailure: null }),
    goToLogin: sendTo(sibling(SYSTEM_IDS.navigation), (_, params: { message: string | undefined }): NavigationEvent => ({
      type: 'navigate',
      to: LOGIN_ROUTE,
      state: params.message === undefined ? {} : { errorMessage: params.message },
    })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ openedWithSession: input.loggedIn, logoutMessage: undefined, answersUnsaved: false, logoutFailure: null }),
  // The answers actor says when it holds answers the server has not confirmed.
  on: { 'session.answersUnsaved': { actions: 'keepAnswersUnsaved' } },
  initial: 'opening',
  states: {
    /** The page opened with a session or without one: decided at once. */
    opening: {
      always: [{ guard: 'openedWithSession', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        'session.loggedIn': { target: 'loggedIn', actions: 'announceStart' },
      },
    },
    /**
     * An applicant's session is open: the inactivity actor watches it until it ends. It is this
     * actor's child, not registered in the system: the views reach it through this actor's view API.
     */
    loggedIn: {
      invoke: { id: 'inactivity', src: 'inactivity' },
      initial: 'working',
      states: {
        working: {
          tags: 'loggedIn',
          on: {
            'session.logout': [
              { guard: 'asksFirst', target: 'confirmingLogout', actions: ['keepLogoutMessage', 'closeAccountPopover'] },
              { target: 'loggingOut', actions: 'keepLogoutMessage' },
            ],
            'session.unauthorised': sessionEndedByServer,
          },
        },
        /**
         * Log Out while answers are not saved yet: the dialog asks whether to save them,
         * discard them, or stay. Only an explicit choice deletes them from the device; a session that
         * ends meanwhile (inactivity, a 401) keeps them for the next login.
         */
        confirmingLogout: {
          tags: ['loggedIn', 'confirmingLogout'],
          exit: 'forgetLogoutFailure',
          initial: 'asking',
          on: {
            'logout.cancel': 'working',
            'logout.discard': { target: 'loggingOut', actions: 'discardAnswers' },
            // The inactivity actor's logout goes on (the answers stay on the device); another Log Out changes nothing.
            'session.logout': { guard: 'givesReason', target: 'loggingOut', actions: 'keepLogoutMessage' },
            'session.unauthorised': sessionEndedByServer,
          },
          states: {
            asking: {
              on: { 'logout.save': { target: 'saving', actions: 'forgetLogoutFailure' } },
            },
            /** The answers actor saves them and answers; only a save that went through logs out. */
            saving: {
              tags: 'busy',
              entry: 'askAnswersSaved',
              on: {
                'answers.saved': '#session.loggedIn.loggingOut',
                'answers.saveFailed': { target: 'asking', actions: 'keepLogoutFailure' },
                // Cancel and Discard wait for the save's outcome.
                'logout.cancel': {},
                'logout.discard': {},
              },
            },
          },
        },
        loggingOut: {
          tags: 'busy',
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: '#session.loggedOut', actions: endWithLogoutMessage },
            // A failed logout still ends the session here: the applicant asked to leave.
            onError: { target: '#session.loggedOut', actions: endWithLogoutMessage },
          },
        },
      },
    },
  },
});
