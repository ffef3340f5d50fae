import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { consoleApi, type FileExportRequest, type ZipProgress } from './api/consoleEndpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { errorMessage, sibling, unauthorisedError } from './siblings';

/** How often a ZIP's progress is asked while the server makes it. */
const ZIP_PROGRESS_MS = 1_000;

export type ConsoleExportEvent =
  /** The dialog opened on the list: what it exports are the rows of these filters (the list's, at that moment). */
  | { type: 'export.open'; filters: Record<string, string> }
  | { type: 'export.close' }
  | { type: 'export.file'; format: FileExportRequest['format']; columns: readonly string[]; includeSensitive: boolean }
  | { type: 'export.zip'; includeDocuments: boolean }
  /** The authenticator's code, when an export with sensitive answers needs the second factor again. */
  | { type: 'export.code'; code: string }
  | { type: 'export.retry' };

/** A file to save, handed to the view (the browser saves it). */
export interface ExportDeliveredEmitted {
  type: 'export.deliver';
  blob: Blob;
  fileName: string;
}

interface ConsoleExportContext {
  filters: Record<string, string>;
  /** The file export asked for last: sent again once the second factor is confirmed. */
  request: FileExportRequest | null;
  includeDocuments: boolean;
  job: number | null;
  progress: ZipProgress | null;
  message: string | null;
  /** What was saved last, said to the admin. */
  saved: string | null;
}

/** The server wants the second factor confirmed again before it sends sensitive answers in full. */
const needsFactor = (_: unknown, error: unknown) => error instanceof ApiError && error.status === 403;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * An admin's export of the filtered list, in a dialog on the list: a file (CSV, Excel, JSON) of
 * exactly the rows the list's filters show, with the columns chosen, saved by the browser; with
 * sensitive answers in full, the authenticator's code first when the server asks for it again; or
 * a ZIP of the PDF copies (and documents), made by a job on the server whose progress is asked every
 * second until it can be downloaded. Closing the dialog stops whatever it was doing.
 */
export const consoleExportMachine = setup({
  types: {
    context: {} as ConsoleExportContext,
    events: {} as ConsoleExportEvent,
    emitted: {} as ExportDeliveredEmitted,
    children: {} as { exportFile: 'exportFile'; confirmFactor: 'confirmFactor'; startZip: 'startZip'; zipProgress: 'zipProgress' },
  },
  actors: {
    exportFile: fromPromise<{ blob: Blob; fileName: string }, FileExportRequest>(({ input, signal }) =>
      consoleApi.exportFile(input, signal),
    ),
    confirmFactor: fromPromise<unknown, { code: string }>(({ input, signal }) => consoleApi.confirmFactor(input.code, signal)),
    startZip: fromPromise<{ job_id: number }, { filters: Record<string, string>; includeDocuments: boolean }>(({ input, signal }) =>
      consoleApi.startZip(input.filters, input.includeDocuments, signal),
    ),
    zipProgress: fromPromise<ZipProgress, { job: number }>(({ input, signal }) => consoleApi.zipProgress(input.job, signal)),
  },
  delays: { zipProgress: ZIP_PROGRESS_MS },
  guards: {
    unauthorised: unauthorisedError,
    needsFactor,
    /** The progress the server just sent is in this state. */
    zipIs: (_, params: { progress: ZipProgress; state: ZipProgress['state'] }) => params.progress.state === params.state,
  },
  actions: {
    openOn: assign(({ event }) => {
      assertEvent(event, 'export.open');
      return { filters: event.filters, request: null, job: null, progress: null, message: null, saved: null };
    }),
    keepRequest: assign(({ context, event }) => {
      assertEvent(event, 'export.file');
      return {
        request: { format: event.format, columns: event.columns, include_sensitive: event.includeSensitive, filters: context.filters },
        message: null,
        saved: null,
      };
    }),
    keepZipChoice: assign(({ event }) => {
      assertEvent(event, 'export.zip');
      return { includeDocuments: event.includeDocuments, job: null, progress: null, message: null, saved: null };
    }),
    deliver: emit((_, file: { blob: Blob; fileName: string }) => ({ type: 'export.deliver' as const, ...file })),
    saySaved: assign({ saved: (_, file: { fileName: string }) => file.fileName, message: null }),
    keepJob: assign({ job: (_, started: { job_id: number }) => started.job_id }),
    keepProgress: assign({ progress: (_, progress: ZipProgress) => progress, message: null }),
    refuse: assign({ message: (_, error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE) }),
    sayZipFailed: assign({ message: ({ context }) => context.progress?.message ?? GENERIC_ERROR_MESSAGE }),
    signInAgain: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
  },
}).createMachine({
  id: 'consoleExport',
  context: { filters: {}, request: null, includeDocuments: false, job: null, progress: null, message: null, saved: null },
  initial: 'closed',
  states: {
    closed: { on: { 'export.open': { target: 'open', actions: 'openOn' } } },
    open: {
      initial: 'choosing',
      on: { 'export.close': 'closed' },
      states: {
        choosing: {
          on: {
            'export.file': { target: 'exporting', actions: 'keepRequest' },
            'export.zip': { target: 'startingZip', actions: 'keepZipChoice' },
          },
        },
        exporting: {
          invoke: {
            id: 'exportFile',
            src: 'exportFile',
            input: ({ context }) => context.request!,
            onDone: {
              target: 'choosing',
              actions: [
                { type: 'deliver', params: ({ event }) => event.output },
                { type: 'saySaved', params: ({ event }) => event.output },
              ],
            },
            onError: [
              { guard: 'unauthorised', target: '#consoleExport.closed', actions: 'signInAgain' },
              { guard: { type: 'needsFactor', params: errorOf }, target: 'askingCode', actions: { type: 'refuse', params: errorOf } },
              { target: 'choosing', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        /** Sensitive answers in full: the authenticator's code first. The choices stay. */
        askingCode: {
          on: {
            'export.code': 'confirmingCode',
            'export.file': { target: 'exporting', actions: 'keepRequest' },
            'export.zip': { target: 'startingZip', actions: 'keepZipChoice' },
          },
        },
        confirmingCode: {
          invoke: {
            id: 'confirmFactor',
            src: 'confirmFactor',
            input: ({ event }) => {
              assertEvent(event, 'export.code');
              return { code: event.code };
            },
            onDone: 'exporting',
            onError: [
              { guard: 'unauthorised', target: '#consoleExport.closed', actions: 'signInAgain' },
              { target: 'askingCode', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        startingZip: {
          invoke: {
            id: 'startZip',
            src: 'startZip',
            input: ({ context }) => ({ filters: context.filters, includeDocuments: context.includeDocuments }),
            onDone: { target: 'checkingZip', actions: { type: 'keepJob', params: ({ event }) => event.output } },
            onError: [
              { guard: 'unauthorised', target: '#consoleExport.closed', actions: 'signInAgain' },
              { target: 'choosing', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        waitingZip: { after: { zipProgress: 'checkingZip' } },
        checkingZip: {
          invoke: {
            id: 'zipProgress',
            src: 'zipProgress',
            input: ({ context }) => ({ job: context.job! }),
            onDone: [
              {
                guard: { type: 'zipIs', params: ({ event }) => ({ progress: event.output, state: 'done' as const }) },
                target: 'zipReady',
                actions: { type: 'keepProgress', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'zipIs', params: ({ event }) => ({ progress: event.output, state: 'failed' as const }) },
                target: 'zipFailed',
                actions: [{ type: 'keepProgress', params: ({ event }) => event.output }, 'sayZipFailed'],
              },
              { target: 'waitingZip', actions: { type: 'keepProgress', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'unauthorised', target: '#consoleExport.closed', actions: 'signInAgain' },
              { target: 'zipFailed', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        zipReady: {
          on: {
            'export.file': { target: 'exporting', actions: 'keepRequest' },
            'export.zip': { target: 'startingZip', actions: 'keepZipChoice' },
          },
        },
        zipFailed: {
          on: {
            'export.retry': { target: 'startingZip' },
            'export.file': { target: 'exporting', actions: 'keepRequest' },
            'export.zip': { target: 'startingZip', actions: 'keepZipChoice' },
          },
        },
      },
    },
  },
});
