import { assign, fromPromise, sendTo, setup } from 'xstate';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../src/catalogue/limits';
import { api } from './api/coreEndpoints';
import type { SessionEvent } from './events';
import { sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/** What /login says after a logout for inactivity. */
export { INACTIVITY_LOGOUT_MESSAGE } from '../src/catalogue/messages';
import { INACTIVITY_CHOSEN_LOGOUT_MESSAGE, INACTIVITY_LOGOUT_MESSAGE } from '../src/catalogue/messages';
/** Title of the warning modal, shown 60 seconds before the limit. */
export const INACTIVITY_WARNING_TITLE = 'Still working?';

export interface InactivityContext {
  /**
   * Wall-clock time (ms) of the last activity the view reported, null until the first one. Timers
   * stop while a laptop sleeps, so only this comparison notices that 15 minutes went by.
   */
  lastActiveAt: number | null;
}

export type InactivityEvent =
  /** From the view on user input (throttled): `at` is `Date.now()`. */
  | { type: 'activity'; at: number }
  /** The modal's Continue button. */
  | { type: 'continue'; at: number }
  /** The modal's Logout button. */
  | { type: 'logout' };

/** When the applicant was last active, from an activity or Continue. */
type Activity = { at: number };
const activityAt = ({ event }: { event: Activity }): Activity => ({ at: event.at });
const idleTooLong = { type: 'idleTooLong', params: activityAt } as const;
const noteActivity = { type: 'noteActivity', params: activityAt } as const;

/**
 * The inactivity logout: after 14 minutes without activity the 'Still working?' modal, after 15
 * the logout with the inactivity message. It runs exactly while an applicant's session is open:
 * the session actor invokes it then, so staff and visitors have none.
 */
export const inactivityMachine = setup({
  types: {
    context: {} as InactivityContext,
    events: {} as InactivityEvent,
    tags: {} as 'warning',
  },
  actors: {
    /**
     * Continue must also keep the server's session alive (it idles out after the same 15 minutes);
     * the tab choices are the smallest answer that needs a session.
     */
    touchSession: fromPromise<unknown>(({ signal }) => api.tabChoices(signal)),
  },
  delays: {
    untilWarning: INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS,
    warningPeriod: INACTIVITY_WARNING_MS,
  },
  guards: {
    idleTooLong: ({ context }, { at }: Activity) => context.lastActiveAt !== null && at - context.lastActiveAt >= INACTIVITY_TIMEOUT_MS,
    unauthorised: unauthorisedError,
  },
  actions: {
    noteActivity: assign({ lastActiveAt: ({ context }, { at }: Activity) => Math.max(at, context.lastActiveAt ?? at) }),
    /** Idle too long: the inactivity message. */
    requestLogout: sendTo(sibling(SYSTEM_IDS.session), {
      type: 'session.logout',
      message: INACTIVITY_LOGOUT_MESSAGE,
    } satisfies SessionEvent),
    /** The modal's Logout: the applicant chose to leave when asked, so not the inactivity message. */
    requestChosenLogout: sendTo(sibling(SYSTEM_IDS.session), {
      type: 'session.logout',
      message: INACTIVITY_CHOSEN_LOGOUT_MESSAGE,
    } satisfies SessionEvent),
    reportUnauthorised: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'inactivity',
  context: { lastActiveAt: null },
  initial: 'active',
  states: {
    active: {
      after: { untilWarning: 'warning' },
      on: {
        activity: [
          { guard: idleTooLong, target: 'loggingOut', actions: 'requestLogout' },
          // Re-entering restarts the countdown.
          { target: 'active', reenter: true, actions: noteActivity },
        ],
      },
    },
    /** The 'Still working?' modal: only Continue or Logout closes it. */
    warning: {
      tags: 'warning',
      after: { warningPeriod: { target: 'loggingOut', actions: 'requestLogout' } },
      on: {
        activity: [{ guard: idleTooLong, target: 'loggingOut', actions: 'requestLogout' }, { actions: noteActivity }],
        continue: [
          { guard: idleTooLong, target: 'loggingOut', actions: 'requestLogout' },
          { target: 'keeping', actions: noteActivity },
        ],
        logout: { target: 'loggingOut', actions: 'requestChosenLogout' },
      },
    },
    keeping: {
      invoke: {
        id: 'touchSession',
        src: 'touchSession',
        onDone: 'active',
        onError: [
          { guard: 'unauthorised', target: 'loggingOut', actions: 'reportUnauthorised' },
          // A network blip says nothing about the session: keep working; the next call will tell.
          { target: 'active' },
        ],
      },
    },
    /** Logout requested: the session actor stops this actor when the session ends. */
    loggingOut: {},
  },
});
