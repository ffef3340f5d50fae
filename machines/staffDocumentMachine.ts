import { emit, enqueueActions, setup } from 'xstate';
import { documentCalls, linkReceived, linkRefused, report } from './documentCalls';
import { DOCUMENT_MESSAGES, shown, type DocumentInfo } from './documentFiles';
import { documentPagesMachine } from './documentPages';
import type { StaffDocumentEvent } from './events';
import type { DocumentLink } from './api/responses';
import type { StaffAccess } from './api/endpoints';

/**
 * A document question as staff read it, through a staff link or the console: the document the
 * staff copy names (or none), and how staff reach its converted PDF.
 */
export interface StaffDocumentInput {
  answerKey: string;
  document: DocumentInfo | null;
  access: StaffAccess;
}

interface StaffDocumentContext {
  answerKey: string;
  document: DocumentInfo | null;
  access: StaffAccess;
}

/**
 * Staff read someone else's document question: a 'document attached' note when a document
 * exists, which they can open, and whose pages the printed view carries, as the applicant's PDF
 * copy holds them. Nothing they do changes it.
 */
export const staffDocumentMachine = setup({
  types: {
    context: {} as StaffDocumentContext,
    events: {} as StaffDocumentEvent,
    input: {} as StaffDocumentInput,
    emitted: {} as { type: 'document.deliver'; url: string },
    children: {} as { documentPages: 'documentPages'; fetchStaffDocumentLink: 'fetchStaffDocumentLink' },
  },
  actors: {
    fetchStaffDocumentLink: documentCalls.fetchStaffDocumentLink,
    /** The document's pages drawn for the printed view, from the same link. */
    documentPages: documentPagesMachine,
  },
  guards: {
    hasDocument: ({ context }) => context.document !== null,
    /** A link the file can be opened with: the conversion completed and the server gave its address. */
    hasLink: (_, link: DocumentLink) => link.status === 'completed' && Boolean(link.url),
  },
  actions: {
    deliver: emit((_, link: DocumentLink) => ({ type: 'document.deliver' as const, url: link.url ?? '' })),
    /** No link (the conversion is gone or failed meanwhile) or a failed call: a toast naming the file. */
    reportDownloadFailure: enqueueActions(({ context, system, enqueue }, { error }: { error: unknown }) =>
      report(enqueue, system, error, DOCUMENT_MESSAGES.downloadFailed(context.document?.file_name ?? '')),
    ),
  },
}).createMachine({
  id: 'staffDocument',
  context: ({ input }) => ({ answerKey: input.answerKey, document: shown(input.document), access: input.access }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasDocument', target: 'attached' }, { target: 'empty' }] },
    /** No document was uploaded. */
    empty: {},
    attached: {
      tags: 'attached',
      initial: 'idle',
      // Printing the staff view prints the document's pages too, as the applicant's PDF copy holds them.
      invoke: {
        id: 'documentPages',
        src: 'documentPages',
        input: ({ context }) => ({ answerKey: context.answerKey, access: context.access }),
      },
      states: {
        idle: { on: { 'document.download': 'fetchingLink' } },
        /** A fresh link for each opening: links are short-lived and name the current converted file. */
        fetchingLink: {
          tags: 'downloading',
          invoke: {
            id: 'fetchStaffDocumentLink',
            src: 'fetchStaffDocumentLink',
            input: ({ context }) => ({ answerKey: context.answerKey, access: context.access }),
            onDone: linkReceived,
            onError: linkRefused,
          },
        },
      },
    },
  },
});
