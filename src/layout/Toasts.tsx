import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SYSTEM_IDS } from '../../machines/systemIds';
import type { toastsMachine } from '../../machines/toastsMachine';
import { useSystemActor } from '../app/actors';
import { ChunkBoundary, lazyChunk } from '../app/chunks';
import './Toasts.css';

// A toast's own code (its swipe) loads when the page is idle (src/app/preload.ts) or with the
// first toast; the live regions are here from the start.
export const ToastItem = lazyChunk(() => import('./ToastItem'));

type ToastsActor = ActorRefFrom<typeof toastsMachine>;

/**
 * The toasts of the toasts actor, newest last. The actor closes them on time; the view sends
 * `toast.dismiss` for the close button, Escape and a swipe right. Errors are alerts (announced at
 * once), the rest polite status messages.
 */
export function Toasts() {
  const toastsActor = useSystemActor<ToastsActor>(SYSTEM_IDS.toasts);
  const toasts = useSelector(toastsActor, (snapshot) => snapshot.context.toasts);
  const newest = toasts.at(-1)?.id;

  useEffect(() => {
    if (!newest) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Escape belongs to an open modal first; a toast the focus is in is dismissed by its own handler.
      if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')) return;
      if ((event.target as Element | null)?.closest?.('.toast')) return;
      toastsActor.send({ type: 'toast.dismiss', id: newest });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [newest, toastsActor]);

  return (
    <section className="toasts" aria-label="Notifications">
      {/* The live regions exist before any toast arrives, so screen readers announce new ones. */}
      <div role="alert" className="toasts__stack">
        <ChunkBoundary compact>
          <Suspense fallback={null}>
            {toasts
              .filter((toast) => toast.severity === 'error')
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} onDismiss={() => toastsActor.send({ type: 'toast.dismiss', id: toast.id })} />
              ))}
          </Suspense>
        </ChunkBoundary>
      </div>
      <div role="status" className="toasts__stack">
        <ChunkBoundary compact>
          <Suspense fallback={null}>
            {toasts
              .filter((toast) => toast.severity !== 'error')
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} onDismiss={() => toastsActor.send({ type: 'toast.dismiss', id: toast.id })} />
              ))}
          </Suspense>
        </ChunkBoundary>
      </div>
    </section>
  );
}
