import { assertEvent, assign, emit, enqueueActions, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import { DOCUMENT_ANSWERED, DOCUMENT_POLL_MS } from '../src/catalogue/limits';
import { api, uploadToPresignedUrl } from './api/endpoints';
import { GENERIC_ERROR_MESSAGE, isUnauthorised } from './api/httpClient';
import type { PageFailedEvent } from './coreEvents';
import type { ConversionStatus, DocumentAnswer, DocumentLink, PresignedUpload } from './api/responses';
import type { AnswersEvent, AnswersSaveReply, DocumentInspectEvent, DocumentInspectedEvent, SessionEvent, ToastEvent } from './events';
import { DOCUMENT_MESSAGES, fileProblem, type DocumentInfo } from './documentFiles';
import { enqueueTo, errorMessage, pageFailed, sibling, type SystemActors } from './siblings';
import { documentSystemId, SYSTEM_IDS } from './systemIds';
import { documentPagesMachine } from './documentPages';
import type { Role } from './roles';

export { DOCUMENT_MESSAGES, fileProblem, formatFileSize, type DocumentInfo } from './documentFiles';

/**
 * One document question. Staff are given the staff copy's document (or none) and the staff link's
 * token, to open the converted PDF; an applicant's is loaded; a visitor has none.
 */
export interface DocumentInput {
  answerKey: string;
  role: Role;
  document?: DocumentInfo | null;
  serviceToken?: string;
}

export type DocumentEvent =
  | { type: 'document.choose'; files: readonly File[] }
  | { type: 'document.delete' }
  | { type: 'document.cancelDelete' }
  | { type: 'document.confirmDelete' }
  /** 'Upload error reset': the error is seen, its conversion deleted. */
  | { type: 'document.resetError' }
  /** The cached document answer is stale (tabs failure reset): fetch it again. */
  | { type: 'document.reload' }
  /** Someone else (the tabs actor) deleted the document and its conversion on the server. */
  | { type: 'document.cleared' }
  /** The answers actor's outcome of the save this actor asked for when an upload started. */
  | AnswersSaveReply
  /** The tabs actor's check before a switch. */
  | DocumentInspectEvent
  /** Download the converted PDF of the document: a fresh link is asked for each time. */
  | { type: 'document.download' };

/** For the view that asked for a download: the link to open now. */
export type DocumentEmitted =
  | { type: 'document.deliver'; url: string }
  /**
   * For the view to move focus and announce it: an upload of this visit finished (its
   * conversion completed), or the applicant's deletion went through. Never on a load.
   */
  | { type: 'document.uploaded'; fileName: string }
  | { type: 'document.deleted'; fileName: string };

interface DocumentContext {
  answerKey: string;
  role: Role;
  /** Only between choosing and the end of the upload: a File is not serialisable. */
  file: File | null;
  upload: PresignedUpload | null;
  document: DocumentInfo | null;
  fileProblem: string | null;
  error: string | null;
  /** Staff: the service token of the page, to ask for the document's link. */
  serviceToken: string | null;
}

const messageOf = (error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE);
/** The document's name in what the view announces; every state that says it holds a document. */
const fileNameOf = (context: DocumentContext) => context.document?.file_name ?? '';

type Key = { answerKey: string };
type Sent = ToastEvent | AnswersEvent | SessionEvent | PageFailedEvent;

const byKey = ({ context }: { context: DocumentContext }) => ({ answerKey: context.answerKey });
/** A failed call of the upload: its error says why, a 401 ends the session. */
const FAIL = {
  target: '#document.applicant.failed',
  actions: {
    type: 'failUpload',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, reason: event.error ? messageOf(event.error) : '' }),
  },
} as const;
/** Choosing validates first; an empty choice (dialog cancelled) changes nothing. */
const CHOOSE = [
  { guard: 'nothingChosen' },
  { guard: 'fileAcceptable', target: 'uploading', actions: 'keepFile' },
  { target: 'rejected', actions: 'keepFileProblem' },
] as const;

/** A download's link, for the applicant's own document or a service user's: the file opens, or the failure is said. */
const linkReceived = [
  {
    guard: { type: 'hasLink', params: ({ event }: { event: { output: DocumentLink } }) => event.output },
    target: 'idle',
    actions: { type: 'deliver', params: ({ event }: { event: { output: DocumentLink } }) => event.output },
  },
  { target: 'idle', actions: { type: 'reportDownloadFailure', params: { error: undefined } } },
] as const;
const linkRefused = {
  target: 'idle',
  actions: { type: 'reportDownloadFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

export const documentMachine = setup({
  types: {
    context: {} as DocumentContext,
    events: {} as DocumentEvent,
    input: {} as DocumentInput,
    emitted: {} as DocumentEmitted,
    children: {} as { documentPages: 'documentPages' },
  },
  actors: {
    loadDocument: fromPromise<DocumentAnswer | null, Key>(
      async ({ input, signal }) => (await api.documentAnswers(signal))[input.answerKey] ?? null,
    ),
    requestUploadUrl: fromPromise<PresignedUpload, Key>(({ input, signal }) => api.presignedUrl(input.answerKey, signal)),
    uploadFile: fromPromise<void, { upload: PresignedUpload | null; file: File | null }>(async ({ input, signal }) => {
      if (!input.upload || !input.file) throw new Error(GENERIC_ERROR_MESSAGE);
      await uploadToPresignedUrl(input.upload, input.file, signal);
    }),
    requestConversion: fromPromise<void, { answerKey: string; fileKey: string | undefined; fileName: string | undefined }>(
      async ({ input, signal }) => {
        if (!input.fileKey || !input.fileName) throw new Error(GENERIC_ERROR_MESSAGE);
        await api.requestConversion(input.answerKey, { file_key: input.fileKey, file_name: input.fileName }, signal);
      },
    ),
    checkConversion: fromPromise<ConversionStatus, Key>(({ input, signal }) => api.conversionStatus(input.answerKey, signal)),
    deleteDocument: fromPromise<unknown, Key>(({ input, signal }) => api.deleteDocument(input.answerKey, signal)),
    deleteConversion: fromPromise<unknown, Key>(({ input, signal }) => api.deleteConversion(input.answerKey, signal)),
    // The conversion's status carries the link once it completed (GET /api/pdf/document-answer/{key}).
    fetchDocumentLink: fromPromise<DocumentLink, Key>(({ input, signal }) => api.documentLink(input.answerKey, signal)),
    // Staff open the converted PDF with their token, for the applicant it names only.
    fetchServiceDocumentLink: fromPromise<DocumentLink, Key & { serviceToken: string }>(({ input, signal }) =>
      api.serviceDocumentLink(input.answerKey, input.serviceToken, signal),
    ),
    /** Staff: the document's pages drawn for the printed view, from the same link. */
    documentPages: documentPagesMachine,
  },
  guards: {
    isApplicant: ({ context }) => context.role === 'applicant',
    isStaff: ({ context }) => context.role === 'staff',
    staffWithDocument: ({ context }) => context.role === 'staff' && context.document !== null,
    nothingChosen: ({ event }) => {
      assertEvent(event, 'document.choose');
      return event.files.length === 0;
    },
    fileAcceptable: ({ event }) => {
      assertEvent(event, 'document.choose');
      return fileProblem(event.files) === null;
    },
    noDocument: (_, output: DocumentAnswer | null) => output === null || output.status === 'not answered',
    isConverting: (_, status: string | undefined) => status === 'unprocessed' || status === 'in progress',
    hasCompleted: (_, status: string | undefined) => status === 'completed',
    hasFailed: (_, status: string | undefined) => status === 'failed',
    hasServiceToken: ({ context }) => context.serviceToken !== null,
    hasLink: (_, status: DocumentLink) => status.status === 'completed' && Boolean(status.url),
  },
  actions: {
    // Only what the question shows: the server's answer may carry more (its status…).
    keepDocument: assign({
      document: (_, doc: DocumentInfo | null) => (doc ? { file_name: doc.file_name, file_size: doc.file_size } : null),
    }),
    keepFile: assign(({ event }) => {
      assertEvent(event, 'document.choose');
      const file = event.files[0] ?? null;
      return { file, fileProblem: null, error: null, document: file ? { file_name: file.name, file_size: file.size } : null };
    }),
    keepFileProblem: assign({
      fileProblem: ({ event }) => {
        assertEvent(event, 'document.choose');
        return fileProblem(event.files);
      },
    }),
    keepUploadUrl: assign({ upload: (_, upload: PresignedUpload) => upload }),
    forgetFile: assign({ file: null }),
    forgetUpload: assign({ file: null, upload: null }),
    forgetDocument: assign({ document: null, file: null, upload: null }),
    forgetError: assign({ error: null, fileProblem: null }),
    /**
     * An upload saves the answers, so the server has what the applicant typed
     * before leaving the page. The answers actor saves them (only the changed ones, with
     * If-Match) and replies with the outcome.
     */
    askToSave: sendTo(sibling(SYSTEM_IDS.answers), ({ context }): AnswersEvent => ({
      type: 'answers.save',
      replyTo: documentSystemId(context.answerKey),
    })),
    /** A completed conversion marks the document's answer ANSWERED: the server set it, so it is saved already. */
    markAnswered: enqueueActions(({ context, system, enqueue }) => {
      send(enqueue, system, SYSTEM_IDS.answers, { type: 'answers.confirmed', answers: { [context.answerKey]: DOCUMENT_ANSWERED } });
    }),
    /** A deleted document's answer, which the server has emptied with it. */
    clearAnswer: enqueueActions(({ context, system, enqueue }) => {
      send(enqueue, system, SYSTEM_IDS.answers, { type: 'answers.confirmed', answers: { [context.answerKey]: '' } });
    }),
    /** A failed upload or conversion clears the answer and shows an error. */
    failUpload: enqueueActions(({ context, system, enqueue }, params: { reason: string; error?: unknown; sessionLost?: boolean }) => {
      const message = DOCUMENT_MESSAGES.uploadFailed(context.answerKey);
      // The server's reason (an encrypted PDF, answers changed in another tab…) is worth showing next to the question.
      enqueue.assign({ document: null, file: null, upload: null, error: params.reason || message });
      send(enqueue, system, SYSTEM_IDS.answers, { type: 'answers.clear', keys: [context.answerKey] });
      // A save refused for the session: the answers actor has already told the session actor.
      if (!params.sessionLost) report(enqueue, system, params.error, message);
    }),
    /**
     * Its own state, told to the asker. The question changes no state, so the actor's own tags say
     * it (`error`: a failed conversion still on the server). A graph traversal's stand-in self has none.
     */
    answerInspection: sendTo(
      ({ event, system }) => {
        assertEvent(event, 'document.inspect');
        return sibling(event.replyTo)({ system });
      },
      ({ context, self }): DocumentInspectedEvent => {
        const tags: ReadonlySet<string> = (self.getSnapshot() as { tags?: Set<string> }).tags ?? new Set();
        return {
          type: 'document.inspected',
          answerKey: context.answerKey,
          busy: tags.has('busy'),
          attached: tags.has('attached') || tags.has('error'),
        };
      },
    ),
    failQuietly: assign(({ context }) => ({ document: null, error: DOCUMENT_MESSAGES.uploadFailed(context.answerKey) })),
    /** Without the document answer the question would offer an upload over a stored file: the root's error screen. */
    reportLoadFailure: enqueueActions(({ system, enqueue }, params: { error: unknown }) => {
      if (isUnauthorised(params.error)) send(enqueue, system, SYSTEM_IDS.session, { type: 'session.unauthorised' });
      else send(enqueue, system, SYSTEM_IDS.app, pageFailed(params.error));
    }),
    reportError: enqueueActions(({ system, enqueue }, params: { error: unknown }) => {
      report(enqueue, system, params.error, messageOf(params.error));
    }),
    deliver: emit((_, status: DocumentLink) => ({ type: 'document.deliver' as const, url: status.url ?? '' })),
    tellUploaded: emit(({ context }) => ({ type: 'document.uploaded' as const, fileName: fileNameOf(context) })),
    tellDeleted: emit(({ context }) => ({ type: 'document.deleted' as const, fileName: fileNameOf(context) })),
    /** No link (the conversion is gone or failed meanwhile) or a failed call: a toast naming the file; a 401 ends the session. */
    reportDownloadFailure: enqueueActions(({ context, system, enqueue }, params: { error: unknown }) => {
      report(enqueue, system, params.error, DOCUMENT_MESSAGES.downloadFailed(fileNameOf(context)));
    }),
  },
  delays: { documentPoll: DOCUMENT_POLL_MS },
}).createMachine({
  id: 'document',
  initial: 'start',
  context: ({ input }) => ({
    answerKey: input.answerKey,
    role: input.role,
    file: null,
    upload: null,
    document: input.document ? { file_name: input.document.file_name, file_size: input.document.file_size } : null,
    fileProblem: null,
    error: null,
    serviceToken: input.serviceToken ?? null,
  }),
  on: { 'document.inspect': { actions: 'answerInspection' } },
  states: {
    start: {
      always: [
        { guard: 'isApplicant', target: 'applicant' },
        { guard: 'staffWithDocument', target: 'readOnly.attached' },
        { guard: 'isStaff', target: 'readOnly.empty' },
        { target: 'anonymous' },
      ],
    },
    // A visitor: nothing may be called without a session.
    anonymous: {},
    // Service users: a 'document attached' note when a document exists, nothing to act on.
    readOnly: {
      initial: 'empty',
      states: {
        empty: {},
        attached: {
          tags: 'attached',
          initial: 'idle',
          // Printing the staff view prints the document's pages too, as the applicant's PDF copy holds them.
          invoke: {
            id: 'documentPages',
            src: 'documentPages',
            input: ({ context }) => ({ answerKey: context.answerKey, serviceToken: context.serviceToken }),
          },
          states: {
            idle: { on: { 'document.download': { guard: 'hasServiceToken', target: 'fetchingLink' } } },
            fetchingLink: {
              tags: 'downloading',
              invoke: {
                id: 'fetchServiceDocumentLink',
                src: 'fetchServiceDocumentLink',
                input: ({ context }) => ({ answerKey: context.answerKey, serviceToken: context.serviceToken ?? '' }),
                onDone: linkReceived,
                onError: linkRefused,
              },
            },
          },
        },
      },
    },
    applicant: {
      initial: 'loading',
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
                    target: '#document.applicant.attached',
                    actions: ['markAnswered', 'tellUploaded'],
                  },
                  {
                    guard: { type: 'hasFailed', params: ({ event }) => event.output.status },
                    target: FAIL.target,
                    actions: { type: 'failUpload', params: ({ event }) => ({ reason: event.output.message }) },
                  },
                  // 'not answered': the server holds no document any more.
                  { target: '#document.applicant.empty', actions: 'forgetDocument' },
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
                onDone: { target: '#document.applicant.empty', actions: ['tellDeleted', 'forgetDocument', 'clearAnswer'] },
                onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

type Enqueue = { sendTo: (to: AnyActorRef, event: Sent) => void };

const send = (enqueue: Enqueue, system: SystemActors, systemId: string, event: Sent) => enqueueTo(enqueue, system, systemId, event);

/** A 401 ends the session (the session actor clears it); anything else is an error toast. */
function report(enqueue: Enqueue, system: SystemActors, error: unknown, message: string): void {
  if (isUnauthorised(error)) {
    send(enqueue, system, SYSTEM_IDS.session, { type: 'session.unauthorised' });
    return;
  }
  send(enqueue, system, SYSTEM_IDS.toasts, {
    type: 'toast.show',
    toast: { severity: 'error', title: DOCUMENT_MESSAGES.errorTitle, message },
  });
}
