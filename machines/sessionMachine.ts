import { assign, fromPromise, sendTo, setup } from 'xstate';
import { LOGGED_IN_COOKIE } from '../src/catalogue/http';
import { api } from './api/coreEndpoints';
import type { RootReportEvent } from './coreEvents';
import type { AppContextEvent, NavigationEvent, SessionEvent } from './events';
import { LOGIN_ROUTE } from './routes';
import { sibling } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/** Section 8: what a 401 tells the applicant on the login card. */
export { SESSION_INVALID_MESSAGE } from '../src/catalogue/messages';
import { LOGOUT_MESSAGE, SESSION_ENDED_UNSAVED_MESSAGE, SESSION_INVALID_MESSAGE } from '../src/catalogue/messages';

/**
 * Section 3: "logged in" is the presence of the identity cookie the page can read (the session
 * cookie itself is httpOnly). The server clears it with the session.
 */
export function hasLoginCookie(cookie: string): boolean {
  return cookie.split(';').some((pair) => {
    const [name, ...value] = pair.trim().split('=');
    return name === LOGGED_IN_COOKIE && value.join('=') !== '';
  });
}

export type SessionMachineEvent = SessionEvent | AppContextEvent;

const endWithLogoutMessage = [
  'announceEnd',
  { type: 'goToLogin', params: ({ context }: { context: { logoutMessage: string | undefined } }) => ({ message: context.logoutMessage }) },
] as const;

/**
 * Whether someone is logged in, and how a session ends: Log Out and the inactivity logout call
 * GET /api/logout, a 401 from any call means the server already ended it. Either way the root
 * drops what it cached and the applicant lands on /login with the reason in navigation state.
 */
export const sessionMachine = setup({
  types: {
    context: {} as { logoutMessage: string | undefined; answersUnsaved: boolean },
    events: {} as SessionMachineEvent,
  },
  actors: {
    logout: fromPromise(({ signal }) => api.logout(signal)),
  },
  guards: {
    loggedIn: ({ event }) => event.type === 'app.context' && event.loggedIn,
  },
  actions: {
    // Without a reason of its own (the inactivity actor gives one), a logout is the applicant's Log Out.
    keepLogoutMessage: assign({
      logoutMessage: ({ event }) => (event.type === 'session.logout' ? (event.message ?? LOGOUT_MESSAGE) : undefined),
    }),
    announceStart: sendTo(sibling(SYSTEM_IDS.app), { type: 'app.sessionStarted' } satisfies RootReportEvent),
    announceEnd: sendTo(sibling(SYSTEM_IDS.app), { type: 'app.sessionEnded' } satisfies RootReportEvent),
    // Issue 12: a 401 while answers wait to be saved (whichever call met it): /login says they are kept.
    goToLoginAfter401: sendTo(sibling(SYSTEM_IDS.navigation), ({ context, event }): NavigationEvent => {
      const message = event.type === 'session.unauthorised' ? event.message : undefined;
      return {
        type: 'navigate',
        to: LOGIN_ROUTE,
        state: { errorMessage: message ?? (context.answersUnsaved ? SESSION_ENDED_UNSAVED_MESSAGE : SESSION_INVALID_MESSAGE) },
      };
    }),
    keepAnswersUnsaved: assign({ answersUnsaved: ({ event }) => event.type === 'session.answersUnsaved' && event.unsaved }),
    goToLogin: sendTo(sibling(SYSTEM_IDS.navigation), (_, params: { message: string | undefined }): NavigationEvent => ({
      type: 'navigate',
      to: LOGIN_ROUTE,
      state: params.message === undefined ? {} : { errorMessage: params.message },
    })),
  },
}).createMachine({
  id: 'session',
  context: { logoutMessage: undefined, answersUnsaved: false },
  // The answers actor says when it holds answers the server has not confirmed (issue 12, case 4).
  on: { 'session.answersUnsaved': { actions: 'keepAnswersUnsaved' } },
  initial: 'unknown',
  states: {
    /** Until the root has read the cookie. */
    unknown: {
      on: {
        'app.context': [{ guard: 'loggedIn', target: 'loggedIn' }, { target: 'loggedOut' }],
      },
    },
    loggedOut: {
      on: {
        'session.loggedIn': { target: 'loggedIn', actions: 'announceStart' },
      },
    },
    loggedIn: {
      tags: 'loggedIn',
      on: {
        'session.logout': { target: 'loggingOut', actions: 'keepLogoutMessage' },
        'session.unauthorised': {
          target: 'loggedOut',
          actions: ['announceEnd', 'goToLoginAfter401'],
        },
      },
    },
    loggingOut: {
      tags: 'busy',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: endWithLogoutMessage },
        // A failed logout still ends the session here: the applicant asked to leave.
        onError: { target: 'loggedOut', actions: endWithLogoutMessage },
      },
    },
  },
});
