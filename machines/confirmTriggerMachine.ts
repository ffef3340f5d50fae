import { setup } from 'xstate';

/** From a confirmation trigger's view: its button or checkbox, and the dialog's two answers. */
export type ConfirmTriggerEvent =
  | { type: 'trigger.ask' }
  | { type: 'trigger.confirm' }
  | { type: 'trigger.cancel' }
  /** The checkbox unchecked: the content goes, and the view clears its answer. */
  | { type: 'trigger.hide' };

/**
 * A confirmation trigger: content revealed only after the applicant confirms in a
 * dialog (tag `asking` while it is open), hidden again by unchecking a checkbox trigger. Each
 * question's trigger is its own actor, created with the question's view.
 */
export const confirmTriggerMachine = setup({
  types: { events: {} as ConfirmTriggerEvent },
}).createMachine({
  id: 'confirmTrigger',
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'trigger.ask': 'asking' },
    },
    asking: {
      tags: 'asking',
      on: { 'trigger.confirm': 'revealed', 'trigger.cancel': 'hidden' },
    },
    revealed: {
      tags: 'revealed',
      on: { 'trigger.hide': 'hidden' },
    },
  },
});
