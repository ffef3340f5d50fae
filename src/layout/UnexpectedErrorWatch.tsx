import { lazy, Suspense, useEffect, useState } from 'react';
import { connectUnexpectedError, type UncaughtError } from '../../machines/unexpectedErrorView';
import { currentView, useUnexpectedError, useViewValue } from '../app/actors';

const UnexpectedErrorDialog = lazy(() => import('./UnexpectedErrorDialog'));

/**
 * Relays what escaped the actors and the error boundaries (an unhandled rejection or a script
 * error in an event handler) to the unexpected-error actor, and shows the 'Unexpected Error' dialog while it
 * says `open`. The dialog's code loads the first time it is needed.
 */
export function UnexpectedErrorWatch() {
  const unexpected = useUnexpectedError();
  const open = useViewValue(unexpected, connectUnexpectedError, (view) => view.open);
  // The dialog's code loads the first time it is needed, then stays so that it can close gracefully.
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);

  useEffect(() => {
    const report = (error: UncaughtError) => currentView(unexpected, connectUnexpectedError).report(error);
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
  }, [unexpected]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <UnexpectedErrorDialog
        open={open}
        onOpenChange={(next) => (next ? undefined : currentView(unexpected, connectUnexpectedError).close())}
      />
    </Suspense>
  );
}
