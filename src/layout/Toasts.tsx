import { useSelector } from '@xstate/react';
import { useEffect, useRef, type PointerEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SYSTEM_IDS } from '../../machines/systemIds';
import type { Toast, toastsMachine } from '../../machines/toastsMachine';
import { useSystemActor } from '../app/actors';
import './Toasts.css';

type ToastsActor = ActorRefFrom<typeof toastsMachine>;

/** Section 9: a swipe right this far dismisses a toast. */
export const SWIPE_THRESHOLD_PX = 50;

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
        {toasts.filter((toast) => toast.severity === 'error').map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => toastsActor.send({ type: 'toast.dismiss', id: toast.id })} />
        ))}
      </div>
      <div role="status" className="toasts__stack">
        {toasts.filter((toast) => toast.severity !== 'error').map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => toastsActor.send({ type: 'toast.dismiss', id: toast.id })} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const element = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; pointerId: number } | null>(null);

  // The drag moves the element directly: a re-render per pointer move buys nothing.
  const move = (dx: number) => {
    if (!element.current) return;
    element.current.style.transform = dx > 0 ? `translateX(${dx}px)` : '';
    element.current.style.opacity = dx > 0 ? String(Math.max(0.3, 1 - dx / 200)) : '';
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button, a')) return;
    start.current = { x: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId === event.pointerId) move(event.clientX - start.current.x);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    start.current = null;
    if (dx >= SWIPE_THRESHOLD_PX) onDismiss();
    else move(0);
  };

  return (
    <div
      ref={element}
      className={`toast toast--${toast.severity}`}
      data-testid="toast"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDismiss();
        }
      }}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.severity === 'error' ? '!' : '✓'}
      </span>
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.message ? <p className="toast__message">{toast.message}</p> : null}
      </div>
      <button type="button" className="toast__close" aria-label={`Dismiss notification: ${toast.title}`} onClick={onDismiss}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
