import { lazy, Suspense, useEffect, useState } from 'react';
import { connectUnexpectedError, type UncaughtError } from '../../machines/unexpectedErrorView';
import { currentView, useUnexpectedError, useViewValue } from '../app/actors';
import { listenForUncaught, takeEarlyUncaught } from '../app/uncaughtErrors';

const UnexpectedErrorDialog = lazy(() => import('./UnexpectedErrorDialog'));

/**
 * Relays what escaped the actors and the error boundaries (an unhandled rejection or a script
 * error in an event handler, including one from before the page's first render) to the unexpected-error actor, and shows the 'Unexpected Error' dialog while it
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
    // What escaped before this watch listened (src/main.tsx keeps it) is shown first.
    for (const error of takeEarlyUncaught()) report(error);
    return listenForUncaught(report);
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
