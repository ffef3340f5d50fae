import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { pdfCopyMachine } from './pdfCopyMachine';

type PdfCopySnapshot = SnapshotFrom<typeof pdfCopyMachine>;
type PdfCopySend = ActorRefFrom<typeof pdfCopyMachine>['send'];

/** What the PDF copy's link and button need from the PDF copy actor. */
export function connectPdfCopy(snapshot: PdfCopySnapshot, send: PdfCopySend) {
  return {
    /** The submitted application's copy, once it is made. */
    url: snapshot.context.url,
    /** The copy is being made (or the actor waits to ask again). */
    preparing: snapshot.hasTag('busy') || snapshot.matches({ active: 'waiting' }),
    /** The copy is not available right now: the page offers to try again. */
    failed: snapshot.hasTag('error'),
    /** Final Steps' "download a PDF copy" is on its way. */
    downloading: snapshot.hasTag('downloading'),
    refresh: () => send({ type: 'pdfCopy.refresh' }),
    retry: () => send({ type: 'pdfCopy.retry' }),
    download: () => send({ type: 'pdfCopy.download' }),
  };
}
