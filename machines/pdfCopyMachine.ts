import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import { PDF_POLL_FIRST_MS, PDF_POLL_MS } from '../src/catalogue/limits';
import { api } from './api/endpoints';
import { isUnauthorised } from './api/httpClient';
import type { PdfCopy } from './api/responses';
import type { AppContextEvent, SessionEvent, ToastEvent } from './events';
import { SYSTEM_IDS } from './systemIds';
import { registered } from './siblings';

/** Spec section 8: the label of the PDF download error. */
export const PDF_COPY_MESSAGES = {
  errorTitle: 'Error',
  failed: 'Error downloading PDF copy of your application',
} as const;

export type PdfCopyEvent =
  | AppContextEvent
  /** Ask again now (the completion page after a submission), instead of at the next 10-minute poll. */
  | { type: 'pdfCopy.refresh' }
  /** Ask again now after a failure. */
  | { type: 'pdfCopy.retry' };

interface PdfCopyContext {
  /** The short-lived download link of the completion page; null until a copy is ready. */
  url: string | null;
}

type Sent = ToastEvent | SessionEvent;
type Enqueue = { sendTo: (to: AnyActorRef, event: Sent) => void };

/** Absent siblings (isolated tests) are skipped rather than sent to. */
function send(enqueue: Enqueue, to: AnyActorRef | undefined, event: Sent): void {
  if (to) enqueue.sendTo(to, event);
}

export const pdfCopyMachine = setup({
  types: {
    context: {} as PdfCopyContext,
    events: {} as PdfCopyEvent,
  },
  actors: {
    fetchPdfCopy: fromPromise<PdfCopy, void>(({ signal }) => api.pdfCopy(signal)),
  },
  guards: {
    isApplicant: ({ event }) => event.type === 'app.context' && event.loggedIn && !event.serviceUser,
    isNotApplicant: ({ event }) => event.type === 'app.context' && (!event.loggedIn || event.serviceUser),
    hasFailed: (_, copy: PdfCopy) => copy.status === 'failed',
    // Unprocessed and in progress are no result yet: the server is still building the copy.
    isPending: (_, copy: PdfCopy) => copy.status === 'unprocessed' || copy.status === 'in progress',
  },
  actions: {
    keepUrl: assign({ url: ({ context }, copy: PdfCopy) => (copy.status === 'completed' ? (copy.url ?? null) : context.url) }),
    forgetUrl: assign({ url: null }),
    /** Spec section 8: a failed copy (or call) is the error 'Error downloading PDF copy of your application'. */
    reportFailure: enqueueActions(({ system, enqueue }, params: { error: unknown }) => {
      if (isUnauthorised(params.error)) {
        send(enqueue, registered(system, SYSTEM_IDS.session), { type: 'session.unauthorised' });
        return;
      }
      const toast = { severity: 'error', title: PDF_COPY_MESSAGES.errorTitle, message: PDF_COPY_MESSAGES.failed } as const;
      send(enqueue, registered(system, SYSTEM_IDS.toasts), { type: 'toast.show', toast });
    }),
  },
  delays: { firstPoll: PDF_POLL_FIRST_MS, poll: PDF_POLL_MS },
}).createMachine({
  id: 'pdfCopy',
  initial: 'inactive',
  context: { url: null },
  states: {
    // Logged-in applicants only: the copy belongs to a session.
    inactive: {
      on: { 'app.context': { guard: 'isApplicant', target: 'active' } },
    },
    active: {
      initial: 'loading',
      on: { 'app.context': { guard: 'isNotApplicant', target: 'inactive', actions: 'forgetUrl' } },
      states: {
        // Until the first result: every second.
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchPdfCopy',
            src: 'fetchPdfCopy',
            onDone: [
              {
                guard: { type: 'hasFailed', params: ({ event }) => event.output },
                target: 'failed',
                actions: { type: 'reportFailure', params: { error: undefined } },
              },
              { guard: { type: 'isPending', params: ({ event }) => event.output }, target: 'waiting' },
              { target: 'ready', actions: { type: 'keepUrl', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        waiting: { after: { firstPoll: 'loading' } },
        // After the first result: every 10 minutes, keeping the last link meanwhile.
        ready: {
          after: { poll: 'refreshing' },
          on: { 'pdfCopy.refresh': 'refreshing' },
        },
        refreshing: {
          tags: 'busy',
          invoke: {
            id: 'refreshPdfCopy',
            src: 'fetchPdfCopy',
            onDone: [
              {
                guard: { type: 'hasFailed', params: ({ event }) => event.output },
                target: 'failed',
                actions: { type: 'reportFailure', params: { error: undefined } },
              },
              { target: 'ready', actions: { type: 'keepUrl', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // The polling goes on at the slow pace: a later rebuild may succeed.
        failed: {
          tags: 'error',
          entry: 'forgetUrl',
          after: { poll: 'refreshing' },
          on: { 'pdfCopy.retry': 'refreshing' },
        },
      },
    },
  },
});
