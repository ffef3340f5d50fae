import { useEffect } from 'react';
import { useBrowserLocation } from '../app/useBrowserLocation';

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

/** Scrolls to the question whose id is `id` and focuses its first field; false while it is not rendered yet. */
function focusQuestion(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const field = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  target.scrollIntoView({ block: 'center' });
  if (field) field.focus({ preventScroll: true });
  else {
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }
  return true;
}

/**
 * The page scrolls to the top on a page change, and a link to /{page}#{key} scrolls to
 * that question and focuses it. The page may still be loading (lazy), so the question is awaited.
 */
export function useQuestionFocus() {
  const { pathname, hash, visit } = useBrowserLocation();

  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id || focusQuestion(id)) return;
    const observer = new MutationObserver(() => {
      if (focusQuestion(id)) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
    // The visit too: following the same link twice should scroll again.
  }, [hash, visit]);
}
