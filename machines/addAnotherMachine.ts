import { assign, fromPromise, not, sendTo, setup, type SnapshotFrom } from 'xstate';
import { ADD_ANOTHER_DEFAULT, ADD_ANOTHER_MAX } from '../src/catalogue/limits';
import { ADD_ANOTHER_GROUPS } from '../src/catalogue/questions';
import { api } from './api/endpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { AppContextEvent, SessionEvent, ToastEvent } from './events';
import { errorMessage, pageFailed, sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/** Section 8: "Toast 'Error adding another' followed by the button id". */
export const addAnotherErrorTitle = (buttonId: string) => `Error adding another ${buttonId}`;

/** A group's own limit, never above the product's; unknown buttons cannot grow. */
export function maxCountOf(buttonId: string): number {
  const group = ADD_ANOTHER_GROUPS.find((candidate) => candidate.buttonId === buttonId);
  return group ? Math.min(group.max, ADD_ANOTHER_MAX) : ADD_ANOTHER_DEFAULT;
}

const DEFAULT_COUNTS: Readonly<Record<string, number>> = Object.fromEntries(
  ADD_ANOTHER_GROUPS.map((group) => [group.buttonId, ADD_ANOTHER_DEFAULT]),
);

/** Stored counts merged over the defaults, each kept between 1 and its group's maximum. */
function mergeCounts(counts: Readonly<Record<string, number>>): Record<string, number> {
  const merged: Record<string, number> = { ...DEFAULT_COUNTS };
  for (const [buttonId, count] of Object.entries(counts)) {
    if (Number.isInteger(count)) merged[buttonId] = Math.max(ADD_ANOTHER_DEFAULT, Math.min(count, maxCountOf(buttonId)));
  }
  return merged;
}

export interface AddAnotherContext {
  counts: Record<string, number>;
  /** The button whose new count is being saved. */
  adding: string | null;
}

export type AddAnotherEvent =
  | AppContextEvent
  | { type: 'add'; buttonId: string }
  /** From the root in service mode: the counts of the service data (shown read-only). */
  | { type: 'counts.replace'; counts: Record<string, number> };

const countIn = (context: AddAnotherContext, buttonId: string) => context.counts[buttonId] ?? ADD_ANOTHER_DEFAULT;

export const addAnotherMachine = setup({
  types: {
    context: {} as AddAnotherContext,
    events: {} as AddAnotherEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadCounts: fromPromise<Record<string, number>>(({ signal }) => api.addAnotherCounts(signal)),
    saveCount: fromPromise<unknown, { buttonId: string; count: number }>(({ input, signal }) =>
      api.saveAddAnother(input.buttonId, input.count, signal),
    ),
  },
  guards: {
    isStudent: ({ event }) => event.type === 'app.context' && event.loggedIn && !event.serviceUser,
    isServiceUser: ({ event }) => event.type === 'app.context' && event.serviceUser,
    canAdd: ({ context, event }) => event.type === 'add' && countIn(context, event.buttonId) < maxCountOf(event.buttonId),
    unauthorised: unauthorisedError,
  },
  actions: {
    resetCounts: assign({ counts: () => ({ ...DEFAULT_COUNTS }), adding: null }),
    replaceCounts: assign({
      counts: ({ context, event }) => (event.type === 'counts.replace' ? mergeCounts(event.counts) : context.counts),
    }),
    keepLoadedCounts: assign({ counts: ({ event }) => mergeCounts((event as { output?: Record<string, number> }).output ?? {}) }),
    startAdding: assign({ adding: ({ event }) => (event.type === 'add' ? event.buttonId : null) }),
    countAdded: assign(({ context }) =>
      context.adding ? { counts: { ...context.counts, [context.adding]: countIn(context, context.adding) + 1 }, adding: null } : {},
    ),
    stopAdding: assign({ adding: null }),
    toastAddError: sendTo(sibling(SYSTEM_IDS.toasts), ({ context, event }): ToastEvent => ({
      type: 'toast.show',
      toast: {
        severity: 'error',
        title: addAnotherErrorTitle(context.adding ?? ''),
        message: errorMessage((event as { error?: unknown }).error, GENERIC_ERROR_MESSAGE),
      },
    })),
    reportUnauthorised: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
    /** Without the counts the page would hide the answers of every added group: the root's error screen. */
    reportPageFailure: sendTo(sibling(SYSTEM_IDS.app), ({ event }) => pageFailed((event as { error?: unknown }).error)),
  },
}).createMachine({
  id: 'addAnother',
  context: { counts: { ...DEFAULT_COUNTS }, adding: null },
  initial: 'off',
  on: {
    'counts.replace': { actions: 'replaceCounts' },
  },
  states: {
    /** Anonymous: only the first slot of each group, no button. */
    off: {
      on: {
        'app.context': [
          { guard: 'isStudent', target: 'on' },
          { guard: 'isServiceUser', target: 'readOnly' },
        ],
      },
    },
    /** Service users see the counts the root replaced, but cannot add. */
    readOnly: {
      on: {
        'app.context': [
          { guard: 'isStudent', target: 'on' },
          { guard: not('isServiceUser'), target: 'off', actions: 'resetCounts' },
        ],
      },
    },
    on: {
      on: { 'app.context': { guard: not('isStudent'), target: 'off', actions: 'resetCounts' } },
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadCounts',
            src: 'loadCounts',
            onDone: { target: 'ready', actions: 'keepLoadedCounts' },
            onError: [
              { guard: 'unauthorised', target: 'ready', actions: 'reportUnauthorised' },
              { target: 'ready', actions: 'reportPageFailure' },
            ],
          },
        },
        ready: {
          on: { add: { guard: 'canAdd', target: 'saving', actions: 'startAdding' } },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: 'saveCount',
            src: 'saveCount',
            input: ({ context }) => ({ buttonId: context.adding!, count: countIn(context, context.adding!) + 1 }),
            onDone: { target: 'ready', actions: 'countAdded' },
            onError: [
              { guard: 'unauthorised', target: 'ready', actions: ['reportUnauthorised', 'stopAdding'] },
              { target: 'ready', actions: ['toastAddError', 'stopAdding'] },
            ],
          },
        },
      },
    },
  },
});

export type AddAnotherSnapshot = SnapshotFrom<typeof addAnotherMachine>;

/** How many slots of a group the view shows. */
export const countOf = (snapshot: AddAnotherSnapshot, buttonId: string) => countIn(snapshot.context, buttonId);
