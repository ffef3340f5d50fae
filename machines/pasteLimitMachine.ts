import { assign, setup } from 'xstate';

/** From a text area with a length limit. */
export type PasteLimitEvent =
  /** A paste about to happen: the text's length, the selection it would replace, what would be pasted. */
  | { type: 'paste.try'; textLength: number; selectedLength: number; pastedLength: number; limit: number }
  /** The applicant changed the text some other way: the refusal is old news. */
  | { type: 'text.edited' };

interface PasteLimitContext {
  /** Characters the refused paste was over the limit. */
  over: number;
  limit: number;
}

const overBy = (event: PasteLimitEvent): number =>
  event.type === 'paste.try' ? event.textLength - event.selectedLength + event.pastedLength - event.limit : 0;

/**
 * Issue 12: a paste that would take a text area over its limit is refused whole, and the field
 * says by how much (tag `refused`); the browser's maxLength would cut it mid-word without a word.
 * Typing stays the browser's: it stops at the limit. One actor per text area, created with its view.
 */
export const pasteLimitMachine = setup({
  types: {
    context: {} as PasteLimitContext,
    events: {} as PasteLimitEvent,
    tags: {} as 'refused',
  },
  guards: {
    overLimit: ({ event }) => overBy(event) > 0,
  },
  actions: {
    keepOverflow: assign(({ event }) => ({ over: overBy(event), limit: event.type === 'paste.try' ? event.limit : 0 })),
    forgetOverflow: assign({ over: 0 }),
  },
}).createMachine({
  id: 'pasteLimit',
  context: { over: 0, limit: 0 },
  initial: 'accepting',
  states: {
    accepting: {
      on: { 'paste.try': { guard: 'overLimit', target: 'refused', actions: 'keepOverflow' } },
    },
    refused: {
      tags: 'refused',
      on: {
        'paste.try': [
          { guard: 'overLimit', target: 'refused', actions: 'keepOverflow' },
          { target: 'accepting', actions: 'forgetOverflow' },
        ],
        'text.edited': { target: 'accepting', actions: 'forgetOverflow' },
      },
    },
  },
});
