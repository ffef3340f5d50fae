import './frame.css';
import type { ReactNode } from 'react';
import { useCollege } from '../app/useApp';

/** The logo and the application title; `actions` holds the Account popover where it belongs. */
export function Header({ actions }: { actions?: ReactNode }) {
  const college = useCollege();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="site-header__brand">
          {college ? <img className="site-header__logo" src={college.logo} alt={`${college.name} logo`} width="48" height="48" /> : null}
          <p className="site-header__title">{college?.applicationTitle ?? 'Application for Admission'}</p>
        </div>
        {actions ? <div className="site-header__actions">{actions}</div> : null}
      </div>
    </header>
  );
}
