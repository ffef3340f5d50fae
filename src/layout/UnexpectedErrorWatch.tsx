import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SYSTEM_IDS } from '../../machines/systemIds';
import type { unexpectedErrorMachine } from '../../machines/unexpectedErrorMachine';
import { useSystemActor } from '../app/actors';

type UnexpectedErrorActor = ActorRefFrom<typeof unexpectedErrorMachine>;

const UnexpectedErrorDialog = lazy(() => import('./UnexpectedErrorDialog'));

/**
 * Relays what escaped the actors and the error boundaries (an unhandled rejection or a script
 * error in an event handler) to the unexpected-error actor, and shows section 8's dialog while it
 * says `open`. The dialog's code loads the first time it is needed.
 */
export function UnexpectedErrorWatch() {
  const unexpected = useSystemActor<UnexpectedErrorActor>(SYSTEM_IDS.unexpectedError);
  const open = useSelector(unexpected, (snapshot) => snapshot.hasTag('open'));
  // The dialog's code loads the first time it is needed, then stays so that it can close gracefully.
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);

  useEffect(() => {
    const onError = (event: ErrorEvent) => unexpected.send({ type: 'error.uncaught', kind: 'error', message: event.message ?? '' });
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      unexpected.send({
        type: 'error.uncaught',
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
      <UnexpectedErrorDialog open={open} onOpenChange={(next) => (next ? undefined : unexpected.send({ type: 'dialog.close' }))} />
    </Suspense>
  );
}
