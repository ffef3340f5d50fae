import { useEffect, useRef } from 'react';

/**
 * Runs `open` once each time a console page opens: its actor reads the page's data afresh. The
 * view's functions are new with every snapshot, so the effect's own dependency cannot say "once".
 */
export function useOnOpen(open: () => void): void {
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    open();
  }, [open]);
}
