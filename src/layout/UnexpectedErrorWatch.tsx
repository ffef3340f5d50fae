import { lazy, Suspense, useEffect, useState } from 'react';

const UnexpectedErrorDialog = lazy(() => import('./UnexpectedErrorDialog'));

/** Browser noise that is not the application's error. */
const IGNORED = [/ResizeObserver loop/i];

/**
 * Section 8's 'Unexpected Error' dialog, for whatever escapes the actors and the error
 * boundaries (an unhandled rejection or a script error in an event handler). No machine owns
 * this, so the open state is the view's own; the dialog's code loads when first needed.
 */
export function UnexpectedErrorWatch() {
  const [open, setOpen] = useState(false);
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    const show = (message: string) => {
      if (IGNORED.some((pattern) => pattern.test(message))) return;
      setNeeded(true);
      setOpen(true);
    };
    const onError = (event: ErrorEvent) => show(event.message ?? '');
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      // A cancelled request is not an error anyone needs to hear about.
      if (reason instanceof DOMException && reason.name === 'AbortError') return;
      show(reason instanceof Error ? reason.message : String(reason));
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <UnexpectedErrorDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
