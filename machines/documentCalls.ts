import { fromPromise, type AnyActorRef } from 'xstate';
import { api, uploadToPresignedUrl, type StaffAccess } from './api/endpoints';
import { GENERIC_ERROR_MESSAGE, isUnauthorised } from './api/httpClient';
import type { ConversionStatus, DocumentAnswer, DocumentLink, PresignedUpload } from './api/responses';
import type { PageFailedEvent } from './coreEvents';
import { DOCUMENT_MESSAGES } from './documentFiles';
import type { AnswersEvent, SessionEvent, ToastEvent } from './events';
import { enqueueTo, pageFailed, type SystemActors } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/*
 * What the document actor (./documentMachine) asks the server, as named `fromPromise` actors the
 * tests replace with `.provide()`, and where the failure of a call goes.
 */

type Key = { answerKey: string };

export const documentCalls = {
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
  /** The converted PDF's link, asked for afresh each time: links are short-lived. */
  fetchDocumentLink: fromPromise<DocumentLink, Key>(({ input, signal }) => api.documentLink(input.answerKey, signal)),
  /** Staff open the converted PDF through their staff link or their console session. */
  fetchStaffDocumentLink: fromPromise<DocumentLink, Key & { access: StaffAccess }>(({ input, signal }) =>
    api.staffDocumentLink(input.answerKey, input.access, signal),
  ),
};

/**
 * A download's link (the applicant's or staff's), as both document machines go on from it: the
 * file opens (`deliver`), or the failure is said (`reportDownloadFailure`).
 */
export const linkReceived = [
  {
    guard: { type: 'hasLink', params: ({ event }: { event: { output: DocumentLink } }) => event.output },
    target: 'idle',
    actions: { type: 'deliver', params: ({ event }: { event: { output: DocumentLink } }) => event.output },
  },
  { target: 'idle', actions: { type: 'reportDownloadFailure', params: { error: undefined } } },
] as const;
export const linkRefused = {
  target: 'idle',
  actions: { type: 'reportDownloadFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

type Sent = ToastEvent | AnswersEvent | SessionEvent | PageFailedEvent;
type Enqueue = { sendTo: (to: AnyActorRef, event: Sent) => void };

/** In an `enqueueActions` body: queues `event` for the actor under `systemId`. */
export const send = (enqueue: Enqueue, system: SystemActors, systemId: string, event: Sent) => enqueueTo(enqueue, system, systemId, event);

/** A failed call: a 401 ends the session (the session actor clears it); anything else is an error toast. */
export function report(enqueue: Enqueue, system: SystemActors, error: unknown, message: string): void {
  if (isUnauthorised(error)) send(enqueue, system, SYSTEM_IDS.session, { type: 'session.unauthorised' });
  else
    send(enqueue, system, SYSTEM_IDS.toasts, {
      type: 'toast.show',
      toast: { severity: 'error', title: DOCUMENT_MESSAGES.errorTitle, message },
    });
}

/** The document answer could not be loaded: a 401 ends the session, anything else is the root's error screen. */
export function reportLoadFailure(enqueue: Enqueue, system: SystemActors, error: unknown): void {
  if (isUnauthorised(error)) send(enqueue, system, SYSTEM_IDS.session, { type: 'session.unauthorised' });
  else send(enqueue, system, SYSTEM_IDS.app, pageFailed(error));
}
