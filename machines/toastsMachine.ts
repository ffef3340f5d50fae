import { assertEvent, assign, raise, setup } from 'xstate';
import { ERROR_TOAST_MS, TOAST_MS } from '../src/catalogue/limits';
import type { ToastEvent, ToastRequest } from './events';

/** The toast titles. */
export const TOAST_TITLES = { error: 'Error', success: 'Success' } as const;

export interface Toast extends ToastRequest {
  id: string;
}

export interface ToastsContext {
  /** Oldest first: the order the view stacks them in. */
  toasts: Toast[];
  nextId: number;
  /**
   * The toasts shown since the last session ended, or since the page opened: a login can only
   * follow one of these, so they are the ones shown while logged out ('Your account is confirmed.
   * Please log in.'), and logging in ends them.
   */
  untilLogin: string[];
}

/** Raised by each toast's own timer; an id already dismissed is ignored. */
type ExpireEvent = { type: 'toast.expire'; id: string };
export type ToastsEvent = ToastEvent | ExpireEvent;

/** The events that close one toast, named by its id: the view's dismiss and the toast's own timer. */
const CLOSING = ['toast.dismiss', 'toast.expire'] as const;

const without = (toasts: readonly Toast[], id: string) => toasts.filter((toast) => toast.id !== id);

/**
 * The toast queue: every toast shows at once, each closes on its own after its lifetime (errors
 * stay long enough to be read: 300 s against 5 s) or when the view sends `toast.dismiss` (close button,
 * Escape, swipe). A toast shown while logged out is about getting in: it goes when the applicant
 * logs in (the session actor says when a session starts and ends).
 */
export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  delays: {
    toastLifetime: ({ event }) => {
      assertEvent(event, 'toast.show');
      return event.toast.severity === 'error' ? ERROR_TOAST_MS : TOAST_MS;
    },
  },
  guards: {
    isLastToast: ({ context, event }) => {
      assertEvent(event, CLOSING);
      return context.toasts.length === 1 && context.toasts[0]?.id === event.id;
    },
    isShown: ({ context, event }) => {
      assertEvent(event, CLOSING);
      return context.toasts.some((toast) => toast.id === event.id);
    },
    onlyLoggedOutToasts: ({ context }) => context.toasts.every((toast) => context.untilLogin.includes(toast.id)),
  },
  actions: {
    addToast: assign(({ context, event }) => {
      assertEvent(event, 'toast.show');
      const toast = { ...event.toast, id: `toast-${context.nextId}` };
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1, untilLogin: [...context.untilLogin, toast.id] };
    }),
    /** The toasts shown during the session stay at the next login. */
    keepSessionToasts: assign({ untilLogin: [] }),
    dropLoggedOutToasts: assign({
      toasts: ({ context }) => context.toasts.filter((toast) => !context.untilLogin.includes(toast.id)),
      untilLogin: [],
    }),
    removeToast: assign(({ context, event }) => {
      assertEvent(event, CLOSING);
      return { toasts: without(context.toasts, event.id), untilLogin: context.untilLogin.filter((id) => id !== event.id) };
    }),
    // The toast just added is the last one; its id is the counter before the increment.
    scheduleExpiry: raise(({ context }) => ({ type: 'toast.expire', id: `toast-${context.nextId - 1}` }) as const, {
      delay: 'toastLifetime',
    }),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1, untilLogin: [] },
  initial: 'empty',
  on: {
    'toast.sessionStarted': [
      { guard: 'onlyLoggedOutToasts', target: '.empty', actions: 'dropLoggedOutToasts' },
      { actions: 'dropLoggedOutToasts' },
    ],
    'toast.sessionEnded': { actions: 'keepSessionToasts' },
  },
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
