import type { AnyEventObject, EventObject } from 'xstate';
import { ApiError } from '../api/httpClient';
import type { ConversionStatus, DocumentAnswer, PresignedUpload } from '../api/responses';
import { documentMachine } from '../documentMachine';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import { FILE_MAX_BYTES } from '../../src/catalogue/limits';
import type { PathModel, SnapshotState } from './model';

/** Outcomes the document paths give to the calls and to the file dialog. */
const documentFixtures = {
  answerKey: DOCUMENT_KEYS[0] ?? 'personal_statement_doc',
  saved: { file_name: 'transcript.pdf', file_size: 2048 } satisfies DocumentAnswer,
  presigned: { url: 'https://storage.test/upload', fields: { key: 'applicants/7/abc', policy: 'p' } } satisfies PresignedUpload,
  file: new File([new Uint8Array(3000)], 'essay.pdf', { type: 'application/pdf' }),
  tooBig: new File([new Uint8Array(FILE_MAX_BYTES + 1)], 'big.pdf', { type: 'application/pdf' }),
  serverError: new ApiError('The server is down.', 'http', 500),
};

const { saved, presigned, file, tooBig, serverError } = documentFixtures;
const status = (value: ConversionStatus['status'], message = '') => ({
  type: 'xstate.done.actor.checkConversion',
  output: { status: value, message },
});

export const documentPathEvents: AnyEventObject[] = [
  { type: 'app.context', loggedIn: true, serviceUser: false },
  { type: 'app.context', loggedIn: false, serviceUser: false },
  { type: 'app.context', loggedIn: false, serviceUser: true },
  { type: 'document.set', document: saved },
  { type: 'document.set', document: null },
  // Staff: the page's service token, to open the converted PDF (issue 13).
  { type: 'document.set', document: saved, serviceToken: 'staff-token' },
  { type: 'xstate.done.actor.loadDocument', output: null },
  { type: 'xstate.done.actor.loadDocument', output: { ...saved, status: 'completed' } },
  { type: 'xstate.done.actor.loadDocument', output: { ...saved, status: 'in progress' } },
  { type: 'xstate.done.actor.loadDocument', output: { ...saved, status: 'failed' } },
  { type: 'xstate.error.actor.loadDocument', error: serverError },
  { type: 'document.choose', files: [file] },
  { type: 'document.choose', files: [tooBig] },
  { type: 'document.choose', files: [] },
  // The answers actor's replies to the upload's `answers.save`.
  { type: 'answers.saved' },
  { type: 'answers.saveFailed', reason: 'error', message: serverError.message },
  { type: 'answers.saveFailed', reason: 'unauthorised', message: 'Your session is invalid.' },
  { type: 'xstate.done.actor.requestUploadUrl', output: presigned },
  { type: 'xstate.error.actor.requestUploadUrl', error: serverError },
  { type: 'xstate.done.actor.uploadFile' },
  { type: 'xstate.error.actor.uploadFile', error: serverError },
  { type: 'xstate.done.actor.requestConversion' },
  { type: 'xstate.error.actor.requestConversion', error: serverError },
  status('unprocessed'),
  status('in progress'),
  status('completed'),
  status('failed', 'The PDF is encrypted.'),
  status('not answered'),
  { type: 'xstate.error.actor.checkConversion', error: serverError },
  { type: 'xstate.done.actor.deleteDocument' },
  { type: 'xstate.error.actor.deleteDocument', error: serverError },
  { type: 'xstate.done.actor.fetchDocumentLink', output: { status: 'completed', url: '/files/document?ticket=t' } },
  { type: 'xstate.done.actor.fetchDocumentLink', output: { status: 'not answered', url: null } },
  { type: 'xstate.error.actor.fetchDocumentLink', error: serverError },
  { type: 'xstate.done.actor.fetchServiceDocumentLink', output: { status: 'completed', url: '/files/document?ticket=t&service_token=s' } },
  { type: 'xstate.error.actor.fetchServiceDocumentLink', error: serverError },
  { type: 'xstate.done.actor.deleteConversion' },
  { type: 'xstate.error.actor.deleteConversion', error: serverError },
];

/** JSON that tells File objects apart (JSON.stringify makes each one `{}`). */
export function serialiseWithFiles(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof File ? { file: item.name, size: item.size, type: item.type } : item,
  );
}

/**
 * A state is its value, its context and the type of the event that led there, so the shortest
 * paths take every transition once, not only reach every state.
 */
export const serialiseStateVia = (snapshot: SnapshotState, event: EventObject | undefined) =>
  serialiseWithFiles({ value: snapshot.value, context: snapshot.context, via: event?.type });

export const documentModel: PathModel = {
  name: 'document',
  machine: documentMachine,
  inputs: [{ answerKey: documentFixtures.answerKey }],
  events: documentPathEvents,
  serializeState: serialiseStateVia,
};
