import { assertEvent, assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import { DOCUMENT_ANSWERED, DOCUMENT_POLL_MS } from '../src/catalogue/limits';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { DocumentAnswer, DocumentLink, PresignedUpload } from './api/responses';
import type { AnswersEvent, DocumentEmitted, DocumentEvent, DocumentInspectedEvent } from './events';
import { documentCalls, linkReceived, linkRefused, report, reportLoadFailure, send } from './documentCalls';
import { DOCUMENT_MESSAGES, fileProblem, shown, type DocumentInfo } from './documentFiles';
import { errorMessage, sibling } from './siblings';
import { documentSystemId, SYSTEM_IDS } from './systemIds';

export { DOCUMENT_MESSAGES, fileProblem, formatFileSize, type DocumentInfo } from './documentFiles';
export type { DocumentEvent } from './events';

/** One document question of the applicant's: its document is loaded from the server. */
export interface DocumentInput {
  answerKey: string;
}

interface DocumentContext {
  answerKey: string;
  /** Only between choosing and the end of the upload: a File is not serialisable. */
  file: File | null;
  upload: PresignedUpload | null;
  document: DocumentInfo | null;
  fileProblem: string | null;
  error: string | null;
}

const messageOf = (error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE);
/** The document's name in what the view announces; every state that says it holds a document. */
const fileNameOf = (context: DocumentContext) => context.document?.file_name ?? '';
const byKey = ({ context }: { context: DocumentContext }) => ({ answerKey: context.answerKey });
/** A failed call of the upload: its error says why, a 401 ends the session. */
const FAIL = {
  target: '#document.failed',
  actions: {
    type: 'failUpload',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, reason: event.error ? messageOf(event.error) : '' }),
  },
} as const;
/** Choosing validates first; an empty choice (dialog cancelled) changes nothing. */
const chosen = ({ event }: { event: { files: readonly File[] } }) => event.files;
const CHOOSE = [
  { guard: { type: 'nothingChosen', params: chosen } },
  { guard: { type: 'fileAcceptable', params: chosen }, target: 'uploading', actions: { type: 'keepFile', params: chosen } },
  { target: 'rejected', actions: { type: 'keepFileProblem', params: chosen } },
] as const;

export const documentMachine = setup({
  types: {
    context: {} as DocumentContext,
    events: {} as DocumentEvent,
    input: {} as DocumentInput,
    emitted: {} as DocumentEmitted,
  },
  actors: documentCalls,
  guards: {
    nothingChosen: (_, files: readonly File[]) => files.length === 0,
    fileAcceptable: (_, files: readonly File[]) => fileProblem(files) === null,
    noDocument: (_, output: DocumentAnswer | null) => output === null || output.status === 'not answered',
    isConverting: (_, status: string | undefined) => status === 'unprocessed' || status === 'in progress',
    hasCompleted: (_, status: string | undefined) => status === 'completed',
    hasFailed: (_, status: string | undefined) => status === 'failed',
    /** A link the file can be opened with: the conversion completed and the server gave its address. */
    hasLink: (_, link: DocumentLink) => link.status === 'completed' && Boolean(link.url),
  },
  actions: {
    keepDocument: assign({ document: (_, doc: DocumentInfo | null) => shown(doc) }),
    keepFile: assign((_, [file]: readonly File[]) => ({
      file: file ?? null,
      fileProblem: null,
      error: null,
      document: file ? { file_name: file.name, file_size: file.size } : null,
    })),
    keepFileProblem: assign({ fileProblem: (_, files: readonly File[]) => fileProblem(files) }),
    keepUploadUrl: assign({ upload: (_, upload: PresignedUpload) => upload }),
    forgetFile: assign({ file: null }),
    forgetUpload: assign({ file: null, upload: null }),
    forgetDocument: assign({ document: null, file: null, upload: null }),
    forgetError: assign({ error: null, fileProblem: null }),
    /** An upload saves the answers first, so the server has what was typed: the answers actor saves them and replies. */
    askToSave: sendTo(sibling(SYSTEM_IDS.answers), ({ context }): AnswersEvent => ({
      type: 'answers.save',
      replyTo: documentSystemId(context.answerKey),
    })),
    /** The answer the server set itself (ANSWERED once converted, empty once deleted): saved already. */
    confirmAnswer: sendTo(sibling(SYSTEM_IDS.answers), ({ context }, params: { value: string }): AnswersEvent => ({
      type: 'answers.confirmed',
      answers: { [context.answerKey]: params.value },
    })),
    /** A failed upload or conversion clears the answer and shows an error. */
    failUpload: enqueueActions(({ context, system, enqueue }, params: { reason: string; error?: unknown; sessionLost?: boolean }) => {
      const message = DOCUMENT_MESSAGES.uploadFailed(context.answerKey);
      // The server's reason (an encrypted PDF, answers changed in another tab…) is worth showing next to the question.
      enqueue.assign({ document: null, file: null, upload: null, error: params.reason || message });
      send(enqueue, system, SYSTEM_IDS.answers, { type: 'answers.clear', keys: [context.answerKey] });
      // A save refused for the session: the answers actor has already told the session actor.
      if (!params.sessionLost) report(enqueue, system, params.error, message);
    }),
    /** Its own state, told to the asker: the tags say it (`error`: a failed conversion still on the server). */
    answerInspection: sendTo(
      ({ event, system }) => {
        assertEvent(event, 'document.inspect');
        return sibling(event.replyTo)({ system });
      },
      ({ context, self }): DocumentInspectedEvent => ({
        type: 'document.inspected',
        answerKey: context.answerKey,
        busy: self.getSnapshot().hasTag('busy'),
        attached: self.getSnapshot().hasTag('attached') || self.getSnapshot().hasTag('error'),
      }),
    ),
    failQuietly: assign(({ context }) => ({ document: null, error: DOCUMENT_MESSAGES.uploadFailed(context.answerKey) })),
    /** Without the document answer the question would offer an upload over a stored file: the root's error screen. */
    reportLoadFailure: enqueueActions(({ system, enqueue }, { error }: { error: unknown }) => reportLoadFailure(enqueue, system, error)),
    reportError: enqueueActions(({ system, enqueue }, { error }: { error: unknown }) => report(enqueue, system, error, messageOf(error))),
    deliver: emit((_, status: DocumentLink) => ({ type: 'document.deliver' as const, url: status.url ?? '' })),
    tellUploaded: emit(({ context }) => ({ type: 'document.uploaded' as const, fileName: fileNameOf(context) })),
    tellDeleted: emit(({ context }) => ({ type: 'document.deleted' as const, fileName: fileNameOf(context) })),
    /** No link (the conversion is gone or failed meanwhile) or a failed call: a toast naming the file; a 401 ends the session. */
    reportDownloadFailure: enqueueActions(({ context, system, enqueue }, { error }: { error: unknown }) =>
      report(enqueue, system, error, DOCUMENT_MESSAGES.downloadFailed(fileNameOf(context))),
    ),
  },
  delays: { documentPoll: DOCUMENT_POLL_MS },
}).createMachine({
  id: 'document',
  initial: 'loading',
  context: ({ input }) => ({
    answerKey: input.answerKey,
    file: null,
    upload: null,
    document: null,
    fileProblem: null,
    error: null,
  }),
  on: { 'document.inspect': { actions: 'answerInspection' } },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadDocument',
        src: 'loadDocument',
        input: byKey,
        onDone: [
          { guard: { type: 'noDocument', params: ({ event }) => event.output }, target: 'empty', actions: 'forgetDocument' },
          {
            // An upload of an earlier visit is still being converted: keep watching it.
            guard: { type: 'isConverting', params: ({ event }) => event.output?.status },
            target: 'converting',
            actions: { type: 'keepDocument', params: ({ event }) => event.output },
          },
          // A failure not yet seen stays shown until 'Upload error reset' deletes its conversion.
          { guard: { type: 'hasFailed', params: ({ event }) => event.output?.status }, target: 'failed', actions: 'failQuietly' },
          { target: 'attached', actions: { type: 'keepDocument', params: ({ event }) => event.output } },
        ],
        onError: { target: 'empty', actions: { type: 'reportLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    empty: { on: { 'document.choose': CHOOSE, 'document.reload': 'loading' } },
    rejected: { on: { 'document.choose': CHOOSE, 'document.reload': { target: 'loading', actions: 'forgetError' } } },
    // The answers are saved and the upload URL requested in parallel.
    uploading: {
      tags: 'busy',
      type: 'parallel',
      onDone: 'sending',
      states: {
        answers: {
          initial: 'saving',
          states: {
            saving: {
              entry: 'askToSave',
              on: {
                'answers.saved': 'saved',
                'answers.saveFailed': {
                  target: FAIL.target,
                  actions: {
                    type: 'failUpload',
                    params: ({ event }) => ({ reason: event.message, sessionLost: event.reason === 'unauthorised' }),
                  },
                },
              },
            },
            saved: { type: 'final' },
          },
        },
        url: {
          initial: 'requesting',
          states: {
            requesting: {
              invoke: {
                id: 'requestUploadUrl',
                src: 'requestUploadUrl',
                input: byKey,
                onDone: { target: 'ready', actions: { type: 'keepUploadUrl', params: ({ event }) => event.output } },
                onError: FAIL,
              },
            },
            ready: { type: 'final' },
          },
        },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ upload: context.upload, file: context.file }),
        onDone: { target: 'requestingConversion', actions: 'forgetFile' },
        onError: FAIL,
      },
    },
    requestingConversion: {
      tags: 'busy',
      invoke: {
        id: 'requestConversion',
        src: 'requestConversion',
        // The object key is the server's, never the uploaded name.
        input: ({ context }) => ({
          answerKey: context.answerKey,
          fileKey: context.upload?.fields.key,
          fileName: context.document?.file_name,
        }),
        onDone: { target: 'converting', actions: 'forgetUpload' },
        onError: FAIL,
      },
    },
    converting: {
      tags: 'busy',
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'checkConversion',
            src: 'checkConversion',
            input: byKey,
            onDone: [
              { guard: { type: 'isConverting', params: ({ event }) => event.output.status }, target: 'waiting' },
              {
                guard: { type: 'hasCompleted', params: ({ event }) => event.output.status },
                target: '#document.attached',
                actions: [{ type: 'confirmAnswer', params: { value: DOCUMENT_ANSWERED } }, 'tellUploaded'],
              },
              {
                guard: { type: 'hasFailed', params: ({ event }) => event.output.status },
                target: FAIL.target,
                actions: { type: 'failUpload', params: ({ event }) => ({ reason: event.output.message }) },
              },
              // 'not answered': the server holds no document any more.
              { target: '#document.empty', actions: 'forgetDocument' },
            ],
            onError: FAIL,
          },
        },
        waiting: { after: { documentPoll: 'checking' } },
      },
    },
    failed: {
      tags: 'error',
      on: {
        'document.resetError': 'resetting',
        'document.cleared': { target: 'empty', actions: 'forgetError' },
        'document.reload': { target: 'loading', actions: 'forgetError' },
      },
    },
    resetting: {
      tags: 'busy',
      invoke: {
        id: 'deleteConversion',
        src: 'deleteConversion',
        input: byKey,
        onDone: { target: 'empty', actions: 'forgetError' },
        onError: {
          target: 'empty',
          actions: ['forgetError', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    attached: {
      tags: 'attached',
      initial: 'idle',
      on: { 'document.cleared': { target: 'empty', actions: 'forgetDocument' }, 'document.reload': 'loading' },
      states: {
        idle: { on: { 'document.delete': 'confirmingDelete', 'document.download': 'fetchingLink' } },
        /** A fresh link for each download: links are short-lived and name the current converted file. */
        fetchingLink: {
          tags: 'downloading',
          invoke: {
            id: 'fetchDocumentLink',
            src: 'fetchDocumentLink',
            input: byKey,
            onDone: linkReceived,
            onError: linkRefused,
          },
        },
        confirmingDelete: { on: { 'document.cancelDelete': 'idle', 'document.confirmDelete': 'deleting' } },
        deleting: {
          tags: 'busy',
          invoke: {
            id: 'deleteDocument',
            src: 'deleteDocument',
            input: byKey,
            onDone: {
              target: '#document.empty',
              actions: ['tellDeleted', 'forgetDocument', { type: 'confirmAnswer', params: { value: '' } }],
            },
            onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
