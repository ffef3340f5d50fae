import { useRef, type PointerEvent } from 'react';
import type { Toast } from '../../machines/toastsMachine';
import { SWIPE_THRESHOLD_PX } from '../catalogue/limits';
import { CloseIcon } from '../ui/CloseIcon';

/** One toast: closes with its button, Escape on that button, or a swipe right of SWIPE_THRESHOLD_PX (loaded with the first toast). */
export default function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
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
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.severity === 'error' ? '!' : '✓'}
      </span>
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.message ? <p className="toast__message">{toast.message}</p> : null}
      </div>
      {/* Escape is heard where the keyboard can be in a toast: its one focusable element. */}
      <button
        type="button"
        className="close-button"
        aria-label={`Dismiss notification: ${toast.title}`}
        onClick={onDismiss}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDismiss();
          }
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
