import { assign, enqueueActions, fromPromise, sendTo, setup, stopChild } from 'xstate';
import {
  consoleApi,
  type AccessEntry,
  type ApplicationSummary,
  type PdfCopyState,
  type SharedLink,
  type StaffApplication,
} from './api/consoleEndpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { SYSTEM_IDS } from './systemIds';
import type { applicationMachine, ApplicationInput } from './applicationMachine';
import type { Submission } from './coreEvents';
import { DEFAULT_ESSAY_LIMIT } from '../src/catalogue/limits';
import { errorMessage, named, sibling, unauthorisedError } from './siblings';

/** What the console's application page says beside what the server says. */
export const CONSOLE_APPLICATION_MESSAGES = {
  notFound: 'This application does not exist.',
  shareFailed: 'The read-only link could not be made. Please try again.',
} as const;

export interface ConsoleApplicationInput {
  /** The application, by its applicant's id (the page's address names it). */
  id: number;
}

export type ConsoleApplicationEvent = { type: 'application.retry' } | { type: 'application.share' } | { type: 'application.checkCopy' };

interface ConsoleApplicationContext {
  id: number;
  summary: ApplicationSummary | null;
  submission: Submission;
  history: readonly AccessEntry[];
  /** Where the PDF copy stands: asked again every few seconds while it is being made. */
  pdfCopy: PdfCopyState | null;
  /** Why the PDF copy's state could not be asked again. */
  copyMessage: string | null;
  /** What the staff copy starts with, from the loaded application, until the form's module is loaded. */
  start: ApplicationInput | null;
  shared: SharedLink | null;
  message: string | null;
}

/** The server knows no application by this id. */
const isNotFound = (_: unknown, error: unknown) => error instanceof ApiError && error.status === 404;

/** The staff copy the read-only application starts with: nothing in it can change, its documents open through the console session. */
function applicationInput(context: ConsoleApplicationContext, loaded: StaffApplication): ApplicationInput {
  return {
    role: 'staff',
    answers: loaded.answer,
    // A staff copy is never checked or submitted: the essay limit is the default's, not the college's.
    essayLimit: DEFAULT_ESSAY_LIMIT,
    webStatus: null,
    staff: {
      access: { applicationId: context.id },
      counts: loaded.add_another,
      tabs: loaded.tabs,
      documents: loaded.document_answer,
    },
  };
}

/**
 * One application's page in the console: it loads the application (the server records the view in
 * the access log and answers with the history that now holds it), then runs it as a staff copy —
 * the same application actor a staff link runs, so the page prints it with the staff view's own
 * component — and makes a read-only link to it when asked. A 401 ends the console session.
 */
export const consoleApplicationMachine = setup({
  types: {
    context: {} as ConsoleApplicationContext,
    input: {} as ConsoleApplicationInput,
    events: {} as ConsoleApplicationEvent,
    children: {} as { loadApplication: 'loadApplication'; loadForm: 'loadForm'; shareLink: 'shareLink'; checkCopy: 'checkCopy' },
  },
  actors: {
    loadApplication: fromPromise<StaffApplication, { id: number }>(({ input, signal }) => consoleApi.application(input.id, signal)),
    shareLink: fromPromise<SharedLink, { id: number }>(({ input, signal }) => consoleApi.shareLink(input.id, signal)),
    checkCopy: fromPromise<PdfCopyState, { id: number }>(({ input, signal }) => consoleApi.pdfCopyState(input.id, signal)),
    /** The form actors' module, loaded when a page first needs it: the console's first download holds none of it. */
    loadForm: fromPromise<typeof applicationMachine>(async () => (await import('./applicationMachine')).applicationMachine),
  },
  guards: {
    unauthorised: unauthorisedError,
    notFound: isNotFound,
    copyAvailable: ({ context }) => context.pdfCopy?.available === true,
    copyFailed: ({ context }) => context.pdfCopy?.status === 'failed',
    nothingToPrint: ({ context }) => context.pdfCopy?.status === 'not answered',
  },
  /** How long the page waits before asking again whether the PDF copy is made (a copy takes a second or two). */
  delays: { copyRecheck: 2_000 },
  actions: {
    keepApplication: assign((_, loaded: StaffApplication) => ({
      summary: loaded.application,
      history: loaded.history,
      pdfCopy: loaded.pdf_copy,
      copyMessage: null,
      submission:
        typeof loaded.submitted_at === 'number' && loaded.reference
          ? { submittedAt: loaded.submitted_at, reference: loaded.reference }
          : null,
      message: null,
    })),
    keepStart: assign(({ context }, loaded: StaffApplication) => ({ start: applicationInput(context, loaded) })),
    startApplication: enqueueActions(({ context, enqueue }, logic: typeof applicationMachine) => {
      if (!context.start) return;
      enqueue.spawnChild(logic, named({ systemId: SYSTEM_IDS.application, input: context.start }, SYSTEM_IDS.application));
      enqueue.assign({ start: null });
    }),
    stopApplication: stopChild(SYSTEM_IDS.application),
    endSession: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
    keepCopy: assign({ pdfCopy: (_, copy: PdfCopyState) => copy, copyMessage: null }),
    refuseCopy: assign({ copyMessage: (_, { error }: { error: unknown }) => errorMessage(error, GENERIC_ERROR_MESSAGE) }),
    keepShared: assign({ shared: (_, link: SharedLink) => link, message: null }),
    refuse: assign({ message: (_, { error, fallback }: { error: unknown; fallback: string }) => errorMessage(error, fallback) }),
  },
}).createMachine({
  id: 'consoleApplication',
  context: ({ input }) => ({
    id: input.id,
    summary: null,
    submission: null,
    history: [],
    pdfCopy: null,
    copyMessage: null,
    start: null,
    shared: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'opening',
          actions: [
            { type: 'keepApplication', params: ({ event }) => event.output },
            { type: 'keepStart', params: ({ event }) => event.output },
          ],
        },
        onError: [
          { guard: 'unauthorised', target: 'failed', actions: 'endSession' },
          { guard: { type: 'notFound', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'notFound' },
          {
            target: 'failed',
            actions: { type: 'refuse', params: ({ event }) => ({ error: event.error, fallback: GENERIC_ERROR_MESSAGE }) },
          },
        ],
      },
    },
    opening: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        onDone: { target: 'ready', actions: { type: 'startApplication', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error, fallback: GENERIC_ERROR_MESSAGE }) },
        },
      },
    },
    failed: { on: { 'application.retry': 'loading' } },
    notFound: {},
    ready: {
      exit: 'stopApplication',
      type: 'parallel',
      states: {
        /**
         * The PDF copy: there to download, or asked again while it is being made. A failed copy is
         * made again when asked (the server retries a failed copy after a while).
         */
        copy: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                { guard: 'copyAvailable', target: 'available' },
                { guard: 'nothingToPrint', target: 'nothingToPrint' },
                { guard: 'copyFailed', target: 'failed' },
                { target: 'preparing' },
              ],
            },
            available: {},
            nothingToPrint: {},
            failed: { on: { 'application.checkCopy': 'checking' } },
            preparing: { after: { copyRecheck: 'checking' } },
            checking: {
              invoke: {
                id: 'checkCopy',
                src: 'checkCopy',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: 'deciding', actions: { type: 'keepCopy', params: ({ event }) => event.output } },
                onError: [
                  { guard: 'unauthorised', target: 'stopped', actions: 'endSession' },
                  { target: 'failed', actions: { type: 'refuseCopy', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            stopped: {},
          },
        },
        share: {
          initial: 'idle',
          states: {
            idle: { on: { 'application.share': 'sharing' } },
            sharing: {
              invoke: {
                id: 'shareLink',
                src: 'shareLink',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: 'idle', actions: { type: 'keepShared', params: ({ event }) => event.output } },
                onError: [
                  { guard: 'unauthorised', target: 'idle', actions: 'endSession' },
                  {
                    target: 'idle',
                    actions: {
                      type: 'refuse',
                      params: ({ event }) => ({ error: event.error, fallback: CONSOLE_APPLICATION_MESSAGES.shareFailed }),
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
