import type { AnyEventObject } from 'xstate';
import { ApiError } from '../api/httpClient';
import type { PdfCopy } from '../api/responses';
import { pdfCopyMachine } from '../pdfCopyMachine';
import { serialiseStateVia } from './document';
import type { PathModel } from './model';

const copy = (status: PdfCopy['status'], url: string | null = null): PdfCopy => ({ status, url });
const outcomes = (id: string): AnyEventObject[] => [
  { type: `xstate.done.actor.${id}`, output: copy('in progress') },
  { type: `xstate.done.actor.${id}`, output: copy('completed', 'https://admissions.test/api/pdf/download/one') },
  { type: `xstate.done.actor.${id}`, output: copy('not answered') },
  { type: `xstate.done.actor.${id}`, output: copy('failed') },
  { type: `xstate.error.actor.${id}`, error: new ApiError('The server is down.', 'http', 500) },
];

export const pdfCopyPathEvents: AnyEventObject[] = [
  { type: 'app.context', loggedIn: true, serviceUser: false },
  { type: 'app.context', loggedIn: false, serviceUser: false },
  { type: 'app.context', loggedIn: false, serviceUser: true },
  ...outcomes('fetchPdfCopy'),
  ...outcomes('refreshPdfCopy'),
  ...outcomes('preparePdfCopy'),
  ...outcomes('downloadPdfCopy'),
  // The answers actor's replies to a download's `answers.save`.
  { type: 'answers.saved' },
  { type: 'answers.saveFailed', reason: 'error', message: 'The server is down.' },
  { type: 'answers.saveFailed', reason: 'unauthorised', message: 'Your session is invalid.' },
];

/** Shortest paths: every transition once (states told apart by the event that led there too). */
export const pdfCopyModel: PathModel = {
  name: 'pdfCopy',
  machine: pdfCopyMachine,
  events: pdfCopyPathEvents,
  serializeState: serialiseStateVia,
};

/**
 * The polling alone, without the form area's download (whose saves and retries multiply the walks
 * by hundreds): the events of the simple paths.
 */
export const pdfCopyPollingEvents: AnyEventObject[] = [
  ...pdfCopyPathEvents.filter((event) => !event.type.startsWith('answers.') && !event.type.endsWith('.downloadPdfCopy')),
  { type: 'pdfCopy.refresh' },
  { type: 'pdfCopy.retry' },
];

/** Simple paths: every loop-free walk of the polling; by value and context only, or their number explodes. */
export const pdfCopySimpleModel: PathModel = {
  ...pdfCopyModel,
  events: pdfCopyPollingEvents,
  onlyListed: true,
  serializeState: undefined,
};
