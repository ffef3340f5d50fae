import { enqueueActions, setup, spawnChild } from 'xstate';
import { CONSOLE_ROUTES } from '../src/catalogue/http';
import { consoleInvitationMachine } from './consoleInvitationMachine';
import { consoleSessionMachine } from './consoleSessionMachine';

/** Where the console is opened: an invitation link's page needs its own actor from the start. */
export interface ConsoleInput {
  pathname: string;
  search: string;
}

/**
 * The root of the admissions office's console, an app of its own beside the applicants' (its own
 * page, staff.html, and its own bundle: applicants' pages download none of it). It owns the staff
 * member's session and, when the console is opened on an invitation link, the acceptance of that
 * invitation (the link's id is its input).
 */
export const consoleMachine = setup({
  types: {
    context: {} as ConsoleInput,
    input: {} as ConsoleInput,
    children: {} as { consoleSession: 'consoleSession'; consoleInvitation: 'consoleInvitation' },
  },
  actors: { consoleSession: consoleSessionMachine, consoleInvitation: consoleInvitationMachine },
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
});
