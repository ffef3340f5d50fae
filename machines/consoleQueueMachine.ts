import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { ReviewQueue } from '../src/catalogue/schema/staffReviews';
import { decisionsApi } from './api/consoleDecisions';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { errorMessage, sibling, unauthorisedError } from './siblings';

export type ConsoleQueueEvent =
  /** The page opened: the queue is read afresh. */
  | { type: 'queue.load' }
  | { type: 'queue.retry' }
  /** Claims the application that has waited longest, to open it. */
  | { type: 'queue.next' };

/** The claimed application's page, for the router to open (the console's address bridge moves it). */
export interface QueueNavigateEmitted {
  type: 'queue.navigate';
  to: string;
}

interface ConsoleQueueContext {
  queue: ReviewQueue | null;
  /** The application just claimed, for the page to open. */
  claimed: number | null;
  message: string | null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * The review queue: what the reviewer claimed or was assigned and has not reviewed, and the
 * submitted applications still waiting for a read, oldest first; "review the next" claims the one
 * that has waited longest and asks the router to open it.
 */
export const consoleQueueMachine = setup({
  types: {
    context: {} as ConsoleQueueContext,
    events: {} as ConsoleQueueEvent,
    emitted: {} as QueueNavigateEmitted,
    children: {} as { loadQueue: 'loadQueue'; claimNext: 'claimNext' },
  },
  actors: {
    loadQueue: fromPromise<ReviewQueue>(({ signal }) => decisionsApi.queue(signal)),
    claimNext: fromPromise<{ application_id: number }>(({ signal }) => decisionsApi.claimNext(signal)),
  },
  guards: { unauthorised: unauthorisedError },
  actions: {
    keepQueue: assign({ queue: (_, queue: ReviewQueue) => queue, message: null }),
    keepClaimed: assign({ claimed: (_, id: number) => id }),
    openClaimed: emit(({ context }) => ({ type: 'queue.navigate' as const, to: `/staff/applications/${context.claimed}` })),
    forgetClaimed: assign({ claimed: null, message: null }),
    refuse: assign({ message: (_, error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE) }),
    signInAgain: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
  },
}).createMachine({
  id: 'consoleQueue',
  context: { queue: null, claimed: null, message: null },
  initial: 'idle',
  on: { 'queue.load': { target: '.loading', actions: 'forgetClaimed' } },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        onDone: { target: 'ready', actions: { type: 'keepQueue', params: ({ event }) => event.output } },
        onError: [
          { guard: 'unauthorised', target: 'idle', actions: 'signInAgain' },
          { target: 'failed', actions: { type: 'refuse', params: errorOf } },
        ],
      },
    },
    failed: { on: { 'queue.retry': 'loading' } },
    ready: {
      on: { 'queue.next': 'claiming' },
    },
    claiming: {
      invoke: {
        id: 'claimNext',
        src: 'claimNext',
        onDone: {
          target: 'ready',
          actions: [{ type: 'keepClaimed', params: ({ event }) => event.output.application_id }, 'openClaimed'],
        },
        onError: [
          { guard: 'unauthorised', target: 'idle', actions: 'signInAgain' },
          { target: 'ready', actions: { type: 'refuse', params: errorOf } },
        ],
      },
    },
  },
});
