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
    /** Where its PDF copy downloads (the server records the download). */
    pdfCopyUrl: pdfCopyUrl(context.id),
    /** The read-only link made for someone without a console account, once made. */
    sharedLink: context.shared,
    sharing: snapshot.matches({ ready: 'sharing' }),
    /** Why the page or the link could not be made. */
    message: phase === 'notFound' ? CONSOLE_APPLICATION_MESSAGES.notFound : context.message,
    retry: () => send({ type: 'application.retry' }),
    share: () => send({ type: 'application.share' }),
  };
}
