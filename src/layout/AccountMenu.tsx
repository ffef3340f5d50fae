import { lazy, Suspense, useState } from 'react';
import { connectOverlays } from '../../machines/overlaysView';
import { connectSession } from '../../machines/sessionView';
import { useOverlays, useSession, useView, useViewValue } from '../app/actors';

// Ark's Popover (with its positioning code) loads on the first click, not with every page.
const AccountPopover = lazy(() => import('./AccountPopover'));
// Log Out with answers not saved yet asks first; its code loads when it is needed.
const LogoutDialog = lazy(() => import('./LogoutDialog'));

/**
 * The Account popover, opened and closed by the overlays actor. Until it is first opened
 * this is a plain button; the popover's own trigger replaces it then and takes over.
 */
export function AccountMenu() {
  const overlays = useView(useOverlays(), connectOverlays);
  const open = overlays.open === 'account';
  const asking = useViewValue(useSession(), connectSession, (view) => view.askingLogout);
  // The popover's code loads with the first click, then stays; so does the dialog's, so it can close gracefully.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (asking && !dialogLoaded) setDialogLoaded(true);
  const dialog = dialogLoaded ? (
    <Suspense fallback={null}>
      <LogoutDialog open={asking} />
    </Suspense>
  ) : null;
  const plainButton = (busy: boolean) => (
    <button
      type="button"
      className="account-button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={busy || undefined}
      onClick={() => overlays.show('account')}
    >
      <AccountIcon />
      Account
    </button>
  );
  if (!loaded) return plainButton(false);
  return (
    <>
      <Suspense fallback={plainButton(true)}>
        <AccountPopover open={open} onOpenChange={(next) => (next ? overlays.show('account') : overlays.close())} />
      </Suspense>
      {dialog}
    </>
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
