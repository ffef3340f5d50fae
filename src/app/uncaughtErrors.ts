import type { UncaughtError } from '../../machines/unexpectedErrorView';

/**
 * Listens for what escaped the actors and the error boundaries (a script error, an unhandled
 * rejection) and hands each to `report`; returns the function that stops listening.
 */
export function listenForUncaught(report: (error: UncaughtError) => void): () => void {
  const onError = (event: ErrorEvent) => report({ kind: 'error', message: event.message ?? '' });
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    report({
      kind: 'rejection',
      message: reason instanceof Error ? reason.message : String(reason),
      aborted: reason instanceof DOMException && reason.name === 'AbortError',
    });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

let early: UncaughtError[] = [];
let stopKeeping: (() => void) | undefined;

/**
 * Keeps what escapes from the moment the page's script starts until the unexpected-error watch
 * listens (the page may wait for its code and data, or hydrate the server's first screen, first):
 * an error in that time is shown too, not lost.
 */
export function keepEarlyUncaught(): void {
  stopKeeping ??= listenForUncaught((error) => early.push(error));
}

/** What escaped before the watch listened, in order; from now on the watch listens itself. */
export function takeEarlyUncaught(): UncaughtError[] {
  stopKeeping?.();
  stopKeeping = undefined;
  const taken = early;
  early = [];
  return taken;
}
