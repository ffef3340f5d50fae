import { lazy, Suspense, useState } from 'react';

// Ark's Popover (with its positioning code) loads on the first click, not with every page.
const AccountPopover = lazy(() => import('./AccountPopover'));

/**
 * Section 2's Account popover. Until it is first opened this is a plain button; the popover's
 * own trigger replaces it then and takes over. The open state has no machine: plain React state.
 */
export function AccountMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const plainButton = (busy: boolean) => (
    <button
      type="button"
      className="account-button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={busy || undefined}
      onClick={() => {
        setLoaded(true);
        setOpen(true);
      }}
    >
      <AccountIcon />
      Account
    </button>
  );
  if (!loaded) return plainButton(false);
  return (
    <Suspense fallback={plainButton(true)}>
      <AccountPopover open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}

export function AccountIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
