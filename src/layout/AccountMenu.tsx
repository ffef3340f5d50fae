import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/sessionMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import type { OverlaysActor } from './Footer';

// Ark's Popover (with its positioning code) loads on the first click, not with every page.
const AccountPopover = lazy(() => import('./AccountPopover'));
// Log Out with answers not saved yet asks first (issue 12); its code loads when it is needed.
const LogoutDialog = lazy(() => import('./LogoutDialog'));

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * Section 2's Account popover, opened and closed by the overlays actor. Until it is first opened
 * this is a plain button; the popover's own trigger replaces it then and takes over.
 */
export function AccountMenu() {
  const overlays = useSystemActor<OverlaysActor>(SYSTEM_IDS.overlays);
  const session = useSystemActor<SessionActor>(SYSTEM_IDS.session);
  const open = useSelector(overlays, (snapshot) => snapshot.matches('account'));
  const asking = useSelector(session, (snapshot) => snapshot.hasTag('confirmingLogout'));
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
      onClick={() => overlays.send({ type: 'overlay.open', name: 'account' })}
    >
      <AccountIcon />
      Account
    </button>
  );
  if (!loaded) return plainButton(false);
  return (
    <>
      <Suspense fallback={plainButton(true)}>
        <AccountPopover
          open={open}
          onOpenChange={(next) => overlays.send(next ? { type: 'overlay.open', name: 'account' } : { type: 'overlay.close' })}
        />
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
