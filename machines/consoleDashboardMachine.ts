import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { StaffDashboard } from '../src/catalogue/schema/staffDashboard';
import { consoleApi } from './api/consoleEndpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { ConsoleSessionEvent } from './consoleSessionMachine';
import { errorMessage, sibling, unauthorisedError } from './siblings';

export type ConsoleDashboardEvent =
  /** The dashboard page opened: its figures are read afresh (each read is written to the access log). */
  { type: 'dashboard.load' } | { type: 'dashboard.retry' };

interface ConsoleDashboardContext {
  dashboard: StaffDashboard | null;
  /** Why the last load failed. */
  message: string | null;
}

/**
 * The console's dashboard for the signed-in staff member: it reads the cycle's figures when the
 * page asks, and says when that failed, with a retry. A call answered 401 means the staff
 * session ended: the session actor hears of it and the console asks for a sign-in.
 */
export const consoleDashboardMachine = setup({
  types: { context: {} as ConsoleDashboardContext, events: {} as ConsoleDashboardEvent },
  actors: {
    loadDashboard: fromPromise<StaffDashboard>(({ signal }) => consoleApi.dashboard(signal)),
  },
  guards: { unauthorised: unauthorisedError },
  actions: {
    keepDashboard: assign({ dashboard: (_, dashboard: StaffDashboard) => dashboard, message: null }),
    say: assign({ message: (_, params: { error: unknown }) => errorMessage(params.error, GENERIC_ERROR_MESSAGE) }),
    endSession: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' } satisfies ConsoleSessionEvent),
  },
}).createMachine({
  id: 'consoleDashboard',
  context: { dashboard: null, message: null },
  initial: 'idle',
  states: {
    /** Nothing read yet: the dashboard page has not opened. */
    idle: { on: { 'dashboard.load': 'loading' } },
    loading: {
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        onDone: { target: 'loaded', actions: { type: 'keepDashboard', params: ({ event }) => event.output } },
        onError: [
          { guard: 'unauthorised', target: 'idle', actions: 'endSession' },
          { target: 'failed', actions: { type: 'say', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loaded: { on: { 'dashboard.load': 'loading' } },
    failed: { on: { 'dashboard.retry': 'loading', 'dashboard.load': 'loading' } },
  },
});
