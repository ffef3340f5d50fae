import { and, assertEvent, assign, emit, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { descKey, type AnswerValue, type Answers } from '../src/catalogue/dataModel';
import { ADD_ANOTHER_DEFAULT, ADD_ANOTHER_MAX } from '../src/catalogue/limits';
import { ADD_ANOTHER_GROUPS, slotKeys, slotTitle, type AddAnotherGroup } from '../src/catalogue/questions';
import { api } from './api/endpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { AnswersEvent, AnswersSaveReply, SessionEvent, ToastEvent } from './events';
import type { Role } from './roles';
import { errorMessage, pageFailed, sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/** A failed add's toast: 'Error adding another' followed by the button id. */
export const addAnotherErrorTitle = (buttonId: string) => `Error adding another ${buttonId}`;

/** The toast when removing an item fails ('Error removing Parent 2/Guardian 2'). */
export const removeErrorTitle = (itemTitle: string) => `Error removing ${itemTitle}`;

/**
 * The answers that remove item `slot` of a group holding `count` items. Each later item's
 * answers move down one place (Parent 3 becomes Parent 2), as an applicant expects, and the last
 * place is emptied; an option's display text (`_desc`) moves with its answer.
 */
export function removalChanges(group: AddAnotherGroup, count: number, slot: number, answers: Answers): Record<string, AnswerValue> {
  const changes: Record<string, AnswerValue> = {};
  for (let place = slot; place < count; place += 1) {
    const to = slotKeys(group, place);
    const from = place + 1 < count ? slotKeys(group, place + 1) : [];
    to.forEach((key, index) => {
      const source = from[index];
      changes[key] = source === undefined ? '' : (answers[source] ?? '');
      const desc = source === undefined ? undefined : answers[descKey(source)];
      if (desc !== undefined || answers[descKey(key)] !== undefined) changes[descKey(key)] = desc ?? '';
    });
  }
  return changes;
}

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
  role: Role;
  counts: Record<string, number>;
  /** The button whose new count is being saved. */
  adding: string | null;
  /** The item being removed (asked about, then its answers and the new count saved). */
  removing: { buttonId: string; slot: number; changes: Record<string, AnswerValue> } | null;
}

/** For the view: an item was removed (focus moves and it is announced). */
export type AddAnotherEmitted = { type: 'addAnother.removed'; buttonId: string; slot: number; title: string };

/** Staff are given the counts of the staff copy; an applicant's are loaded, a visitor's are the defaults. */
export interface AddAnotherInput {
  role: Role;
  counts?: Record<string, number>;
}

export type AddAnotherEvent =
  | { type: 'add'; buttonId: string }
  /** Remove an added item (slot from 0; the first cannot go), with the answers the page shows. */
  | { type: 'remove'; buttonId: string; slot: number; answers: Answers }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | AnswersSaveReply;

const countIn = (context: AddAnotherContext, buttonId: string) => context.counts[buttonId] ?? ADD_ANOTHER_DEFAULT;
const groupOf = (buttonId: string) => ADD_ANOTHER_GROUPS.find((group) => group.buttonId === buttonId);
const removingTitle = (context: AddAnotherContext) => {
  const group = context.removing ? groupOf(context.removing.buttonId) : undefined;
  return group && context.removing ? slotTitle(group, context.removing.slot) : '';
};

/** A failed call's toast message: the server's own words, or the generic one. */
const failureMessage = ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error, GENERIC_ERROR_MESSAGE) });

export const addAnotherMachine = setup({
  types: {
    context: {} as AddAnotherContext,
    events: {} as AddAnotherEvent,
    tags: {} as 'busy' | 'asking',
    emitted: {} as AddAnotherEmitted,
    input: {} as AddAnotherInput,
  },
  actors: {
    loadCounts: fromPromise<Record<string, number>>(({ signal }) => api.addAnotherCounts(signal)),
    saveCount: fromPromise<unknown, { buttonId: string; count: number }>(({ input, signal }) =>
      api.saveAddAnother(input.buttonId, input.count, signal),
    ),
  },
  guards: {
    /** Only an applicant's account keeps added items; a visitor needs one, staff read. */
    changesSlots: ({ context }) => context.role === 'applicant',
    canAdd: ({ context, event }) => {
      assertEvent(event, 'add');
      return countIn(context, event.buttonId) < maxCountOf(event.buttonId);
    },
    canRemove: ({ context, event }) => {
      assertEvent(event, 'remove');
      return (
        groupOf(event.buttonId) !== undefined &&
        Number.isInteger(event.slot) &&
        event.slot >= 1 &&
        event.slot < countIn(context, event.buttonId)
      );
    },
    sessionLost: ({ event }) => {
      assertEvent(event, 'answers.saveFailed');
      return event.reason === 'unauthorised';
    },
    unauthorised: unauthorisedError,
  },
  actions: {
    startRemoving: assign({
      removing: ({ context, event }) => {
        assertEvent(event, 'remove');
        const group = groupOf(event.buttonId)!;
        return {
          buttonId: event.buttonId,
          slot: event.slot,
          changes: removalChanges(group, countIn(context, event.buttonId), event.slot, event.answers),
        };
      },
    }),
    stopRemoving: assign({ removing: null }),
    /** The later items move down and the last place empties, on the page; then the answers actor saves them. */
    moveAnswers: sendTo(sibling(SYSTEM_IDS.answers), ({ context }): AnswersEvent => ({
      type: 'answers.setMany',
      answers: context.removing?.changes ?? {},
    })),
    askToSave: sendTo(sibling(SYSTEM_IDS.answers), { type: 'answers.save', replyTo: SYSTEM_IDS.addAnother } satisfies AnswersEvent),
    countRemoved: assign(({ context }) =>
      context.removing
        ? { counts: { ...context.counts, [context.removing.buttonId]: countIn(context, context.removing.buttonId) - 1 } }
        : {},
    ),
    tellRemoved: emit(({ context }) => ({
      type: 'addAnother.removed' as const,
      buttonId: context.removing?.buttonId ?? '',
      slot: context.removing?.slot ?? 0,
      title: removingTitle(context),
    })),
    toastRemoveError: sendTo(sibling(SYSTEM_IDS.toasts), ({ context }, params: { message: string }): ToastEvent => ({
      type: 'toast.show',
      toast: { severity: 'error', title: removeErrorTitle(removingTitle(context)), message: params.message },
    })),
    keepLoadedCounts: assign({ counts: (_, counts: Record<string, number>) => mergeCounts(counts) }),
    startAdding: assign({
      adding: ({ event }) => {
        assertEvent(event, 'add');
        return event.buttonId;
      },
    }),
    // Never past the group's maximum, even when a `counts.replace` raised the count while the save ran.
    countAdded: assign(({ context }) =>
      context.adding
        ? {
            counts: { ...context.counts, [context.adding]: Math.min(countIn(context, context.adding) + 1, maxCountOf(context.adding)) },
            adding: null,
          }
        : {},
    ),
    stopAdding: assign({ adding: null }),
    toastAddError: sendTo(sibling(SYSTEM_IDS.toasts), ({ context }, params: { message: string }): ToastEvent => ({
      type: 'toast.show',
      toast: { severity: 'error', title: addAnotherErrorTitle(context.adding ?? ''), message: params.message },
    })),
    reportUnauthorised: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
    /** Without the counts the page would hide the answers of every added group: the root's error screen. */
    reportPageFailure: sendTo(sibling(SYSTEM_IDS.app), (_, params: { error: unknown }) => pageFailed(params.error)),
  },
}).createMachine({
  id: 'addAnother',
  context: ({ input }) => ({ role: input.role, counts: mergeCounts(input.counts ?? {}), adding: null, removing: null }),
  initial: 'start',
  states: {
    // An applicant's counts are loaded; a visitor's and staff's came as input.
    start: { always: [{ guard: 'changesSlots', target: 'loading' }, { target: 'ready' }] },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadCounts',
        src: 'loadCounts',
        onDone: { target: 'ready', actions: { type: 'keepLoadedCounts', params: ({ event }) => event.output } },
        onError: [
          { guard: 'unauthorised', target: 'ready', actions: 'reportUnauthorised' },
          { target: 'ready', actions: { type: 'reportPageFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The slots, shown; only an applicant adds and removes them (a visitor sees each group's first, staff the staff copy's). */
    ready: {
      on: {
        add: { guard: and(['changesSlots', 'canAdd']), target: 'saving', actions: 'startAdding' },
        remove: { guard: and(['changesSlots', 'canRemove']), target: 'confirmingRemoval', actions: 'startRemoving' },
      },
    },
    /** Removing deletes the item's answers, so it asks first (the view's dialog opens on Cancel). */
    confirmingRemoval: {
      tags: 'asking',
      on: {
        'remove.confirm': 'savingMovedAnswers',
        'remove.cancel': { target: 'ready', actions: 'stopRemoving' },
      },
    },
    /**
     * The answers first (the answers actor is the only one that saves them, conflicts included),
     * then the smaller count: should the count fail, nothing is lost, an empty item is shown.
     */
    savingMovedAnswers: {
      tags: 'busy',
      entry: ['moveAnswers', 'askToSave'],
      on: {
        'answers.saved': 'savingRemoval',
        'answers.saveFailed': [
          // The answers actor has told the session; the login page says the rest.
          { guard: 'sessionLost', target: 'ready', actions: 'stopRemoving' },
          {
            target: 'ready',
            actions: [{ type: 'toastRemoveError', params: ({ event }) => ({ message: event.message }) }, 'stopRemoving'],
          },
        ],
      },
    },
    savingRemoval: {
      tags: 'busy',
      invoke: {
        id: 'saveRemovedCount',
        src: 'saveCount',
        input: ({ context }) => ({
          buttonId: context.removing!.buttonId,
          count: countIn(context, context.removing!.buttonId) - 1,
        }),
        onDone: { target: 'ready', actions: ['countRemoved', 'tellRemoved', 'stopRemoving'] },
        onError: [
          { guard: 'unauthorised', target: 'ready', actions: ['reportUnauthorised', 'stopRemoving'] },
          { target: 'ready', actions: [{ type: 'toastRemoveError', params: failureMessage }, 'stopRemoving'] },
        ],
      },
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
          { target: 'ready', actions: [{ type: 'toastAddError', params: failureMessage }, 'stopAdding'] },
        ],
      },
    },
  },
});

export type AddAnotherSnapshot = SnapshotFrom<typeof addAnotherMachine>;

/** How many slots of a group the view shows. */
export const countOf = (snapshot: AddAnotherSnapshot, buttonId: string) => countIn(snapshot.context, buttonId);
