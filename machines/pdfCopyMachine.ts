import { assertEvent, assign, emit, enqueueActions, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import { PDF_POLL_FIRST_MS, PDF_POLL_MS } from '../src/catalogue/limits';
import { api } from './api/endpoints';
import { isUnauthorised } from './api/httpClient';
import type { PdfCopy } from './api/responses';
import type { AnswersEvent, AnswersSaveReply, SessionEvent, ToastEvent } from './events';
import type { Role, RoleInput } from './roles';
import { sibling } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import { registered } from './siblings';

/** The label of the PDF download error. */
export const PDF_COPY_MESSAGES = {
  errorTitle: 'Error',
  failed: 'Error downloading PDF copy of your application',
} as const;

export type PdfCopyEvent =
  /**
   * The copy has changed (the completion page after a submission): the link held is dropped and
   * the server asked now, instead of at the next 10-minute poll.
   */
  | { type: 'pdfCopy.refresh' }
  /** Ask again now after a failure. */
  | { type: 'pdfCopy.retry' }
  /** The form area's "Download a PDF copy": save the answers, then hand over the link of the copy of them. */
  | { type: 'pdfCopy.download' }
  /** The answers actor's outcome of the save a download asked for. */
  | AnswersSaveReply;

/** For the view that asked for a download: the link of the current copy, to be opened now. */
export type PdfCopyEmitted = { type: 'pdfCopy.deliver'; url: string };

interface PdfCopyContext {
  /** Only an applicant has a copy: it belongs to a session. */
  role: Role;
  /**
   * The short-lived link of the current copy (the completion page's download link); null until a
   * copy is ready, and again as soon as the copy it opened is known to be replaced.
   */
  url: string | null;
}

type Sent = ToastEvent | SessionEvent;
type Enqueue = { sendTo: (to: AnyActorRef, event: Sent) => void };

/** Absent siblings (isolated tests) are skipped rather than sent to. */
function send(enqueue: Enqueue, to: AnyActorRef | undefined, event: Sent): void {
  if (to) enqueue.sendTo(to, event);
}

/**
 * A download can start from any active state but a download; a refresh (the copy changed) from any
 * but a download (which asks the server itself) and a rebuild already being waited for.
 */
const DOWNLOAD = { 'pdfCopy.download': '#pdfCopy.active.downloading' } as const;
const REFRESH = { 'pdfCopy.refresh': { target: '#pdfCopy.active.preparing', actions: 'forgetUrl' } } as const;
const FAILED = {
  target: '#pdfCopy.active.failed',
  actions: { type: 'reportFailure', params: { error: undefined } },
} as const;

export const pdfCopyMachine = setup({
  types: {
    input: {} as RoleInput,
    context: {} as PdfCopyContext,
    events: {} as PdfCopyEvent,
    emitted: {} as PdfCopyEmitted,
    tags: {} as 'busy' | 'preparing' | 'downloading' | 'error',
  },
  actors: {
    fetchPdfCopy: fromPromise<PdfCopy, void>(({ signal }) => api.pdfCopy(signal)),
  },
  guards: {
    isApplicant: ({ context }) => context.role === 'applicant',
    hasFailed: (_, copy: PdfCopy) => copy.status === 'failed',
    // Unprocessed and in progress are no result yet: the server is still building the copy.
    isPending: (_, copy: PdfCopy) => copy.status === 'unprocessed' || copy.status === 'in progress',
    hasLink: (_, copy: PdfCopy) => copy.status === 'completed' && Boolean(copy.url),
    // The answers actor has told the session actor already.
    sessionLost: ({ event }) => {
      assertEvent(event, 'answers.saveFailed');
      return event.reason === 'unauthorised';
    },
  },
  actions: {
    forgetUrl: assign({ url: null }),
    keepUrl: assign({ url: ({ context }, copy: PdfCopy) => (copy.status === 'completed' ? (copy.url ?? null) : context.url) }),
    /** A download needs the answers on the server first: the copy is made from what is saved. */
    askToSave: sendTo(sibling(SYSTEM_IDS.answers), { type: 'answers.save', replyTo: SYSTEM_IDS.pdfCopy } satisfies AnswersEvent),
    deliver: emit((_, copy: PdfCopy) => ({ type: 'pdfCopy.deliver' as const, url: copy.url ?? '' })),
    /** A failed copy (or call) is the error 'Error downloading PDF copy of your application'. */
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
  initial: 'start',
  context: ({ input }) => ({ role: input.role, url: null }),
  states: {
    start: { always: [{ guard: 'isApplicant', target: 'active' }, { target: 'inactive' }] },
    // Logged-in applicants only: the copy belongs to a session.
    inactive: {},
    active: {
      initial: 'loading',
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
          on: { ...REFRESH, ...DOWNLOAD },
        },
        waiting: { after: { firstPoll: 'loading' }, on: { ...REFRESH, ...DOWNLOAD } },
        // After the first result: every 10 minutes, keeping the last link meanwhile.
        ready: {
          after: { poll: 'refreshing' },
          on: { ...REFRESH, ...DOWNLOAD },
        },
        refreshing: {
          tags: 'busy',
          on: { ...REFRESH, ...DOWNLOAD },
          invoke: {
            id: 'refreshPdfCopy',
            src: 'fetchPdfCopy',
            onDone: [
              { guard: { type: 'hasFailed', params: ({ event }) => event.output }, ...FAILED },
              // The copy is being rebuilt: the link held would open a copy about to be deleted.
              { guard: { type: 'isPending', params: ({ event }) => event.output }, target: 'preparing.waiting', actions: 'forgetUrl' },
              { target: 'ready', actions: { type: 'keepUrl', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** A new copy is being made: no link, every second until it is there (as before the first result). */
        preparing: {
          tags: ['busy', 'preparing'],
          initial: 'checking',
          on: DOWNLOAD,
          states: {
            checking: {
              invoke: {
                id: 'preparePdfCopy',
                src: 'fetchPdfCopy',
                onDone: [
                  { guard: { type: 'hasFailed', params: ({ event }) => event.output }, ...FAILED },
                  { guard: { type: 'isPending', params: ({ event }) => event.output }, target: 'waiting' },
                  { target: '#pdfCopy.active.ready', actions: { type: 'keepUrl', params: ({ event }) => event.output } },
                ],
                onError: {
                  target: '#pdfCopy.active.failed',
                  actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            waiting: { after: { firstPoll: 'checking' } },
          },
        },
        /**
         * The form area's download: the answers are saved, the server asked for the copy of them
         * (every second while it is made), and its link handed to the view that asked.
         */
        downloading: {
          tags: 'downloading',
          initial: 'saving',
          states: {
            saving: {
              entry: 'askToSave',
              on: {
                'answers.saved': 'fetching',
                'answers.saveFailed': [{ guard: 'sessionLost', target: '#pdfCopy.active.ready' }, FAILED],
              },
            },
            fetching: {
              invoke: {
                id: 'downloadPdfCopy',
                src: 'fetchPdfCopy',
                onDone: [
                  { guard: { type: 'isPending', params: ({ event }) => event.output }, target: 'waiting', actions: 'forgetUrl' },
                  {
                    guard: { type: 'hasLink', params: ({ event }) => event.output },
                    target: '#pdfCopy.active.ready',
                    actions: [
                      { type: 'keepUrl', params: ({ event }) => event.output },
                      { type: 'deliver', params: ({ event }) => event.output },
                    ],
                  },
                  // Failed, or nothing to copy: nothing to hand over.
                  FAILED,
                ],
                onError: {
                  target: '#pdfCopy.active.failed',
                  actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            waiting: { after: { firstPoll: 'fetching' } },
          },
        },
        // The polling goes on at the slow pace: a later rebuild may succeed.
        failed: {
          tags: 'error',
          entry: 'forgetUrl',
          after: { poll: 'refreshing' },
          on: { 'pdfCopy.retry': 'refreshing', ...REFRESH, ...DOWNLOAD },
        },
      },
    },
  },
});
