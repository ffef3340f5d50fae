import { assign, createActor, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import type { PublicCollegeConfig } from '../src/college/schema';
import { CONSOLE_ROUTES } from '../src/catalogue/http';
import { api } from './api/coreEndpoints';
import { consoleInvitationMachine } from './consoleInvitationMachine';
import { consoleSessionMachine } from './consoleSessionMachine';
import { browserInspection } from './inspection';

/** Where the console is opened: an invitation link's page needs its own actor from the start. */
export interface ConsoleInput {
  pathname: string;
  search: string;
}

interface ConsoleContext extends ConsoleInput {
  /** The college's settings (its application's title, its lists): what an application's page prints with. */
  college: PublicCollegeConfig | null;
}

/**
 * The root of the admissions office's console, an app of its own beside the applicants' (its own
 * page, staff.html, and its own bundle: applicants' pages download none of it). It owns the staff
 * member's session, the college's settings and, when the console is opened on an invitation link,
 * the acceptance of that invitation (the link's id is its input).
 */
export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    input: {} as ConsoleInput,
    children: {} as { consoleSession: 'consoleSession'; consoleInvitation: 'consoleInvitation'; loadCollege: 'loadCollege' },
  },
  actors: {
    consoleSession: consoleSessionMachine,
    consoleInvitation: consoleInvitationMachine,
    loadCollege: fromPromise<PublicCollegeConfig>(({ signal }) => api.college(signal)),
  },
  actions: {
    keepCollege: assign({ college: (_, college: PublicCollegeConfig) => college }),
    spawnInvitation: enqueueActions(({ context, enqueue }) => {
      if (context.pathname !== CONSOLE_ROUTES.invitation) return;
      const id = new URLSearchParams(context.search).get('id') ?? '';
      enqueue.spawnChild('consoleInvitation', { id: 'consoleInvitation', systemId: 'consoleInvitation', input: { id } });
    }),
  },
}).createMachine({
  id: 'console',
  context: ({ input }) => ({ ...input, college: null }),
  entry: [spawnChild('consoleSession', { id: 'consoleSession', systemId: 'consoleSession' }), 'spawnInvitation'],
  initial: 'loadingCollege',
  states: {
    loadingCollege: {
      invoke: {
        id: 'loadCollege',
        src: 'loadCollege',
        onDone: { target: 'ready', actions: { type: 'keepCollege', params: ({ event }) => event.output } },
        // Without it an application prints under the default title and with its answers' own words.
        onError: 'ready',
      },
    },
    ready: {},
  },
});

/**
 * The console's root actor, created once (not during render) and connected to the Stately
 * inspector when asked (`?inspect` in a development build). The caller starts it.
 */
export async function createConsoleActor(input: ConsoleInput) {
  const inspect = await browserInspection(input.search);
  return createActor(consoleMachine, { input, systemId: 'console', ...(inspect ? { inspect } : {}) });
}
