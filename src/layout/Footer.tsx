import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { overlaysMachine } from '../../machines/overlaysMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { useCollege } from '../app/useApp';
import type { FooterDialogName } from './FooterDialogs';

export type OverlaysActor = ActorRefFrom<typeof overlaysMachine>;

// Ark's Dialog (and the contact texts) load on the first click, not with every page.
const FooterDialogs = lazy(() => import('./FooterDialogs'));

/**
 * Section 1's footer: the Help modal and the privacy and cookie notice, opened and closed by the
 * overlays actor.
 */
export function Footer() {
  const college = useCollege();
  const overlays = useSystemActor<OverlaysActor>(SYSTEM_IDS.overlays);
  const open = useSelector(overlays, (snapshot): FooterDialogName | null =>
    snapshot.matches('help') ? 'help' : snapshot.matches('privacy') ? 'privacy' : null,
  );
  // The dialogs' code loads the first time one is asked for, then stays so it can close gracefully.
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);
  const show = (name: FooterDialogName) => overlays.send({ type: 'overlay.open', name });
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__college">
          © {new Date().getFullYear()} {college?.name}
        </p>
        <ul className="site-footer__links">
          <li>
            <button type="button" className="link-button" onClick={() => show('help')} aria-haspopup="dialog">
              Help
            </button>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => show('privacy')} aria-haspopup="dialog">
              Privacy and Cookie Notice
            </button>
          </li>
        </ul>
      </div>
      {needed ? (
        <Suspense fallback={null}>
          <FooterDialogs open={open} onClose={() => overlays.send({ type: 'overlay.close' })} />
        </Suspense>
      ) : null}
    </footer>
  );
}
