import { and, assign, raise, setup } from 'xstate';
import { ERROR_TOAST_MS, TOAST_MS } from '../src/catalogue/limits';
import type { AppContextEvent, ToastEvent, ToastRequest } from './events';

/** The toast titles. */
export const TOAST_TITLES = { error: 'Error', success: 'Success' } as const;

export interface Toast extends ToastRequest {
  id: string;
}

export interface ToastsContext {
  /** Oldest first: the order the view stacks them in. */
  toasts: Toast[];
  nextId: number;
  /** Whether the applicant is logged in, as the root last said (unknown until it says). */
  loggedIn: boolean | undefined;
  /** Toasts shown while logged out ('Your account is confirmed. Please log in.'): logging in ends them. */
  untilLogin: string[];
}

/** Raised by each toast's own timer; an id already dismissed is ignored. */
type ExpireEvent = { type: 'toast.expire'; id: string };
export type ToastsEvent = ToastEvent | ExpireEvent | AppContextEvent;

const without = (toasts: readonly Toast[], id: string) => toasts.filter((toast) => toast.id !== id);

/**
 * The toast queue: every toast shows at once, each closes on its own after its lifetime (errors
 * stay long enough to be read: 300 s against 5 s) or when the view sends `toast.dismiss` (close button,
 * Escape, swipe). A toast shown while logged out is about getting in: it goes when the applicant logs in.
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
    loggingIn: ({ context, event }) => event.type === 'app.context' && event.loggedIn && context.loggedIn === false,
    onlyLoggedOutToasts: ({ context }) => context.toasts.every((toast) => context.untilLogin.includes(toast.id)),
  },
  actions: {
    addToast: assign(({ context, event }) => {
      if (event.type !== 'toast.show') return {};
      const toast = { ...event.toast, id: `toast-${context.nextId}` };
      const untilLogin = context.loggedIn === false ? [...context.untilLogin, toast.id] : context.untilLogin;
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1, untilLogin };
    }),
    keepLogin: assign({ loggedIn: ({ context, event }) => (event.type === 'app.context' ? event.loggedIn : context.loggedIn) }),
    dropLoggedOutToasts: assign({
      toasts: ({ context }) => context.toasts.filter((toast) => !context.untilLogin.includes(toast.id)),
      untilLogin: [],
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
  context: { toasts: [], nextId: 1, loggedIn: undefined, untilLogin: [] },
  initial: 'empty',
  on: {
    'app.context': [
      { guard: and(['loggingIn', 'onlyLoggedOutToasts']), target: '.empty', actions: ['dropLoggedOutToasts', 'keepLogin'] },
      { guard: 'loggingIn', actions: ['dropLoggedOutToasts', 'keepLogin'] },
      { actions: 'keepLogin' },
    ],
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
