import { assertEvent, setup } from 'xstate';

/**
 * What escaped every actor and error boundary: an uncaught script error or an unhandled promise
 * rejection, as the browser reported it (the view's watcher relays the window's events).
 */
export type UnexpectedErrorEvent =
  { type: 'error.uncaught'; message: string; kind: 'error' | 'rejection'; aborted?: boolean } | { type: 'dialog.close' };

/** Browser noise that is not the application's error. */
const NOISE = [/ResizeObserver loop/i];

/**
 * The 'Unexpected Error' dialog: open (tag `open`) from the first error worth telling
 * until the applicant closes it; more errors meanwhile change nothing. A cancelled request is
 * not an error anyone needs to hear about, and neither is the browser's own noise.
 */
export const unexpectedErrorMachine = setup({
  types: { events: {} as UnexpectedErrorEvent },
  guards: {
    worthTelling: ({ event }) => {
      assertEvent(event, 'error.uncaught');
      return !event.aborted && !NOISE.some((pattern) => pattern.test(event.message));
    },
  },
}).createMachine({
  id: 'unexpectedError',
  initial: 'quiet',
  states: {
    quiet: {
      on: { 'error.uncaught': { guard: 'worthTelling', target: 'shown' } },
    },
    shown: {
      tags: 'open',
      on: { 'dialog.close': 'quiet' },
    },
  },
});
