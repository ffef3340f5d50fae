import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';

/** From a text area with a length limit. */
export type PasteLimitEvent =
  /** A paste about to happen: the text's length, the selection it would replace, what would be pasted. */
  | { type: 'paste.try'; textLength: number; selectedLength: number; pastedLength: number; limit: number }
  /** The applicant changed the text some other way: the paste is old news. */
  | { type: 'text.edited' };

interface PasteLimitContext {
  /** Characters the last paste took the text over the limit. */
  over: number;
  limit: number;
}

type PasteTry = Extract<PasteLimitEvent, { type: 'paste.try' }>;
const overBy = (event: PasteTry): number => event.textLength - event.selectedLength + event.pastedLength - event.limit;

/**
 * A paste that takes a text area over its limit goes in whole, and the field says how many
 * characters to cut (tag `pastedOver`) until the text is edited after it (the paste's own change
 * does not count); nothing the applicant pasted is ever cut or dropped. One actor per text area, created with its view.
 */
export const pasteLimitMachine = setup({
  types: {
    context: {} as PasteLimitContext,
    events: {} as PasteLimitEvent,
    tags: {} as 'pastedOver',
  },
  guards: {
    overLimit: ({ event }) => {
      assertEvent(event, 'paste.try');
      return overBy(event) > 0;
    },
  },
  actions: {
    keepOverflow: assign(({ event }) => {
      assertEvent(event, 'paste.try');
      return { over: overBy(event), limit: event.limit };
    }),
    forgetOverflow: assign({ over: 0 }),
  },
}).createMachine({
  id: 'pasteLimit',
  context: { over: 0, limit: 0 },
  initial: 'fitting',
  states: {
    fitting: {
      on: { 'paste.try': { guard: 'overLimit', target: 'pastedOver', actions: 'keepOverflow' } },
    },
    pastedOver: {
      tags: 'pastedOver',
      initial: 'landing',
      on: {
        'paste.try': [
          { guard: 'overLimit', target: 'pastedOver', reenter: true, actions: 'keepOverflow' },
          { target: 'fitting', actions: 'forgetOverflow' },
        ],
      },
      states: {
        /** The paste's own change is still to come: it is the paste landing, not an edit. */
        landing: { on: { 'text.edited': 'shown' } },
        shown: { on: { 'text.edited': { target: '#pasteLimit.fitting', actions: 'forgetOverflow' } } },
      },
    },
  },
});

/** The view's reading: how many characters the last paste went over the limit (0: none to cut), and the limit. */
export const pastedOver = (snapshot: SnapshotFrom<typeof pasteLimitMachine>): { over: number; limit: number } =>
  snapshot.hasTag('pastedOver') ? { over: snapshot.context.over, limit: snapshot.context.limit } : { over: 0, limit: 0 };
