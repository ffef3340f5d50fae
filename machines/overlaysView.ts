import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { overlaysMachine } from './overlaysMachine';

type OverlaysSnapshot = SnapshotFrom<typeof overlaysMachine>;
type OverlaysSend = ActorRefFrom<typeof overlaysMachine>['send'];
export type OverlayName = 'help' | 'privacy' | 'account';

/** Which of the frame's overlays (Help, the privacy notice, the Account popover) is open. */
export function connectOverlays(snapshot: OverlaysSnapshot, send: OverlaysSend) {
  const open: OverlayName | null = snapshot.matches('help')
    ? 'help'
    : snapshot.matches('privacy')
      ? 'privacy'
      : snapshot.matches('account')
        ? 'account'
        : null;
  return {
    open,
    /** A footer dialog, the one open (the Account popover is not one). */
    footerDialog: open === 'account' ? null : open,
    /** Any overlay at all holds the applicant's attention. */
    anyOpen: snapshot.hasTag('open'),
    show: (name: OverlayName) => send({ type: 'overlay.open', name }),
    close: () => send({ type: 'overlay.close' }),
  };
}
