import { assign, raise, setup } from 'xstate';
import { ERROR_TOAST_MS, TOAST_MS } from '../src/catalogue/limits';
import type { ToastEvent, ToastRequest } from './events';

/** Section 8's toast titles. */
export const TOAST_TITLES = { error: 'Error', success: 'Success' } as const;

export interface Toast extends ToastRequest {
  id: string;
}

export interface ToastsContext {
  /** Oldest first: the order the view stacks them in. */
  toasts: Toast[];
  nextId: number;
}

/** Raised by each toast's own timer; an id already dismissed is ignored. */
type ExpireEvent = { type: 'toast.expire'; id: string };
export type ToastsEvent = ToastEvent | ExpireEvent;

const without = (toasts: readonly Toast[], id: string) => toasts.filter((toast) => toast.id !== id);

/**
 * The toast queue: every toast shows at once, each closes on its own after its lifetime (errors
 * stay long enough to be read, section 9) or when the view sends `toast.dismiss` (close button,
 * Escape, swipe).
 */
export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  delays: {
    toastLifetime: ({ event }) => (event.type === 'toast.show' && event.toast.severity === 'error' ? ERROR_TOAST_MS : TOAST_MS),
  },
  guards: {
    isLastToast: ({ context, event }) => 'id' in event && context.toasts.length === 1 && context.toasts[0]?.id === event.id,
    isShown: ({ context, event }) => 'id' in event && context.toasts.some((toast) => toast.id === event.id),
  },
  actions: {
    addToast: assign(({ context, event }) => {
      if (event.type !== 'toast.show') return {};
      const toast = { ...event.toast, id: `toast-${context.nextId}` };
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1 };
    }),
    removeToast: assign({
      toasts: ({ context, event }) => ('id' in event ? without(context.toasts, event.id) : context.toasts),
    }),
    // The toast just added is the last one; its id is the counter before the increment.
    scheduleExpiry: raise(({ context }) => ({ type: 'toast.expire', id: `toast-${context.nextId - 1}` }) as const, {
      delay: 'toastLifetime',
    }),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  initial: 'empty',
  states: {
    empty: {
      on: { 'toast.show': { target: 'showing', actions: ['addToast', 'scheduleExpiry'] } },
    },
    showing: {
      on: {
        'toast.show': { actions: ['addToast', 'scheduleExpiry'] },
        'toast.dismiss': [
          { guard: 'isLastToast', target: 'empty', actions: 'removeToast' },
          { guard: 'isShown', actions: 'removeToast' },
        ],
        'toast.expire': [
          { guard: 'isLastToast', target: 'empty', actions: 'removeToast' },
          { guard: 'isShown', actions: 'removeToast' },
        ],
      },
    },
  },
});
