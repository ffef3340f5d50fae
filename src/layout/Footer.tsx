import { lazy, Suspense, useState } from 'react';
import { connectOverlays } from '../../machines/overlaysView';
import { useOverlays, useView } from '../app/actors';
import { useCollege } from '../app/useApp';

// Ark's Dialog (and the contact texts) load on the first click, not with every page.
const FooterDialogs = lazy(() => import('./FooterDialogs'));

/**
 * The footer: the Help modal and the privacy and cookie notice, opened and closed by the
 * overlays actor.
 */
export function Footer() {
  const college = useCollege();
  const { footerDialog: open, show, close } = useView(useOverlays(), connectOverlays);
  // The dialogs' code loads the first time one is asked for, then stays so it can close gracefully.
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);
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
          <FooterDialogs open={open} onClose={close} />
        </Suspense>
      ) : null}
    </footer>
  );
}
