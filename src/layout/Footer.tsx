import { lazy, Suspense, useState } from 'react';
import { useCollege } from '../app/useApp';
import type { FooterDialogName } from './FooterDialogs';

// Ark's Dialog (and the contact texts) load on the first click, not with every page.
const FooterDialogs = lazy(() => import('./FooterDialogs'));

/**
 * Section 1's footer: the Help modal and the privacy and cookie notice. Purely presentational
 * open state with no machine behind it, so plain React state.
 */
export function Footer() {
  const college = useCollege();
  const [open, setOpen] = useState<FooterDialogName | null>(null);
  const [needed, setNeeded] = useState(false);
  const show = (name: FooterDialogName) => {
    setNeeded(true);
    setOpen(name);
  };
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
          <FooterDialogs open={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
