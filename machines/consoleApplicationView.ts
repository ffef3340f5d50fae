import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { pdfCopyUrl } from './api/consoleEndpoints';
import { CONSOLE_APPLICATION_MESSAGES, type consoleApplicationMachine } from './consoleApplicationMachine';

type ApplicationSnapshot = SnapshotFrom<typeof consoleApplicationMachine>;
type ApplicationSend = ActorRefFrom<typeof consoleApplicationMachine>['send'];

/** Where the page stands: its application loading, shown, not loaded (with a retry), or unknown. */
export type ConsoleApplicationPhase = 'loading' | 'ready' | 'failed' | 'notFound';

function phaseOf(snapshot: ApplicationSnapshot): ConsoleApplicationPhase {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('notFound')) return 'notFound';
  return 'loading';
}

/** Where the PDF copy stands, as the page says it: a download link, a notice while it is made, why it failed, or nothing to print. */
export type PdfCopyPhase = 'available' | 'preparing' | 'failed' | 'nothingToPrint';

function copyPhaseOf(snapshot: ApplicationSnapshot): PdfCopyPhase {
  if (snapshot.matches({ ready: { copy: 'available' } })) return 'available';
  if (snapshot.matches({ ready: { copy: 'failed' } })) return 'failed';
  if (snapshot.matches({ ready: { copy: 'nothingToPrint' } })) return 'nothingToPrint';
  return 'preparing';
}

/** What the console's application page needs from its actor. */
export function connectConsoleApplication(snapshot: ApplicationSnapshot, send: ApplicationSend) {
  const { context } = snapshot;
  const phase = phaseOf(snapshot);
  return {
    phase,
    /** The application's name, e-mail, reference number, status, step and dates, once loaded. */
    summary: context.summary,
    /** Whether and when it was submitted, with its reference number, as the print shows it. */
    submission: context.submission,
    /** Who read, downloaded or shared it, newest first: this page's own view included. */
    history: context.history,
    /** Where its PDF copy downloads (the server records the download), once it is made. */
    pdfCopyUrl: pdfCopyUrl(context.id),
    pdfCopy: copyPhaseOf(snapshot),
    /** Why the PDF copy failed, or why its state could not be asked. */
    pdfCopyMessage: context.copyMessage ?? (context.pdfCopy?.message || null),
    checkCopyAgain: () => send({ type: 'application.checkCopy' }),
    /** The read-only link made for someone without a console account, once made. */
    sharedLink: context.shared,
    sharing: snapshot.matches({ ready: { share: 'sharing' } }),
    /** Why the page or the link could not be made. */
    message: phase === 'notFound' ? CONSOLE_APPLICATION_MESSAGES.notFound : context.message,
    retry: () => send({ type: 'application.retry' }),
    share: () => send({ type: 'application.share' }),
  };
}
