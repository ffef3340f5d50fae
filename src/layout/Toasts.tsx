import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useToasts } from '../app/actors';
import { ChunkBoundary, lazyChunk } from '../app/chunks';
import './Toasts.css';

// A toast's own code (its swipe) loads when the page is idle (src/app/preload.ts) or with the
// first toast; the live regions are here from the start.
export const ToastItem = lazyChunk(() => import('./ToastItem'));

/** What a toast must never cover: the Account button, the step tabs, and the field being used. */
const KEEP_CLEAR = ['.account-button', '.steps'];
const GAP = 16;

const overlaps = (a: { top: number; bottom: number; left: number; right: number }, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Puts the toasts where they hide no control: the bottom of the window first, else the top, else
 * just below or above whatever they must keep clear of, and the bottom when nothing fits.
 * Horizontally the stylesheet places them (the right edge; the full width on a phone).
 */
function placeToasts(region: HTMLElement): void {
  const keepClear = KEEP_CLEAR.flatMap((selector) =>
    Array.from(document.querySelectorAll(selector), (element) => element.getBoundingClientRect()),
  );
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !region.contains(active) && active.id !== 'main') {
    keepClear.push(active.getBoundingClientRect());
  }
  const height = region.offsetHeight;
  const { left, right } = region.getBoundingClientRect();
  const viewport = window.innerHeight;
  const tops = [
    viewport - height - GAP,
    GAP,
    ...keepClear.map((rect) => rect.bottom + GAP),
    ...keepClear.map((rect) => rect.top - height - GAP),
  ];
  const fits = (top: number) =>
    top >= 0 &&
    top + height <= viewport &&
    !keepClear.some((rect) => rect.height > 0 && overlaps({ top, bottom: top + height, left, right }, rect));
  const top = tops.find(fits) ?? viewport - height - GAP;
  region.style.top = `${Math.max(0, top)}px`;
  region.style.bottom = 'auto';
}

/**
 * The toasts of the toasts actor, newest last. The actor closes them on time; the view sends
 * `toast.dismiss` for the close button, Escape and a swipe right. Errors are alerts (announced at
 * once), the rest polite status messages.
 */
export function Toasts() {
  const toastsActor = useToasts();
  const toasts = useSelector(toastsActor, (snapshot) => snapshot.context.toasts);
  const newest = toasts.at(-1)?.id;
  const region = useRef<HTMLElement>(null);

  // Placed when a toast comes or goes, and again whenever the page moves or focus does.
  useLayoutEffect(() => {
    const element = region.current;
    if (!element || toasts.length === 0) return;
    const place = () => placeToasts(element);
    place();
    // A toast's own code loads with the first one: its height is known a moment later.
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    document.addEventListener('focusin', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      document.removeEventListener('focusin', place);
    };
  }, [toasts]);

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
    <section ref={region} className="toasts" aria-label="Notifications">
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
