import { enqueueActions, setup, spawnChild, stopChild } from 'xstate';
import { CONSOLE_ROUTES } from '../src/catalogue/http';
import { consoleDashboardMachine } from './consoleDashboardMachine';
import { consoleInvitationMachine } from './consoleInvitationMachine';
import { consoleSessionMachine } from './consoleSessionMachine';

/** Where the console is opened: an invitation link's page needs its own actor from the start. */
export interface ConsoleInput {
  pathname: string;
  search: string;
}

/** What the session actor tells the root: a staff member signed in, or the session ended. */
export type ConsoleEvent = { type: 'console.signedIn' } | { type: 'console.signedOut' };

/**
 * The root of the admissions office's console, an app of its own beside the applicants' (its own
 * page, staff.html, and its own bundle: applicants' pages download none of it). It owns the staff
 * member's session and, when the console is opened on an invitation link, the acceptance of that
 * invitation (the link's id is its input). While a staff member is signed in it holds the actors
 * of their pages (the dashboard), spawned at the sign-in and stopped when the session ends, so
 * nothing read for one staff member outlives their session. The root is registered as 'console'
 * (main.tsx), where the session actor tells it.
 */
export const consoleMachine = setup({
  types: {
    context: {} as ConsoleInput,
    input: {} as ConsoleInput,
    events: {} as ConsoleEvent,
    children: {} as { consoleSession: 'consoleSession'; consoleInvitation: 'consoleInvitation'; consoleDashboard: 'consoleDashboard' },
  },
  actors: { consoleSession: consoleSessionMachine, consoleInvitation: consoleInvitationMachine, consoleDashboard: consoleDashboardMachine },
  actions: {
    spawnInvitation: enqueueActions(({ context, enqueue }) => {
      if (context.pathname !== CONSOLE_ROUTES.invitation) return;
      const id = new URLSearchParams(context.search).get('id') ?? '';
      enqueue.spawnChild('consoleInvitation', { id: 'consoleInvitation', systemId: 'consoleInvitation', input: { id } });
    }),
  },
}).createMachine({
  id: 'console',
  context: ({ input }) => input,
  entry: [spawnChild('consoleSession', { id: 'consoleSession', systemId: 'consoleSession' }), 'spawnInvitation'],
  on: {
    'console.signedIn': { actions: spawnChild('consoleDashboard', { id: 'consoleDashboard', systemId: 'consoleDashboard' }) },
    'console.signedOut': { actions: stopChild('consoleDashboard') },
  },
});
