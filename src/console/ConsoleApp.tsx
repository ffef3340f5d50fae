import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useView, useViewValue } from '../app/viewApi';
import { InactivityWatch } from '../layout/InactivityWatch';
import { useConsoleSession } from './consoleActors';
import { ConsoleHome } from './ConsoleHome';
import { InvitationPage } from './InvitationPage';
import { SignInPage } from './SignInPage';

/** The console's frame: its header with who is signed in, and its pages. */
export function ConsoleApp() {
  return (
    <BrowserRouter>
      <a className="skip-link" href="#console-main">
        Skip to main content
      </a>
      <ConsoleHeader />
      <main id="console-main" className="console-main" tabIndex={-1}>
        <Routes>
          <Route path={CONSOLE_ROUTES.invitation} element={<InvitationPage />} />
          <Route path="*" element={<ConsolePage />} />
        </Routes>
      </main>
      <ConsoleInactivity />
    </BrowserRouter>
  );
}

function ConsoleHeader() {
  const { staff, busy, signOut } = useView(useConsoleSession(), connectConsoleSession);
  return (
    <header className="console-header">
      <p className="console-header__title">Admissions office</p>
      {staff ? (
        <div className="console-header__who">
          <span>
            {staff.email} <span className="console-header__role">({staff.role})</span>
          </span>
          <Button variant="secondary" busy={busy} onClick={signOut}>
            Sign out
          </Button>
        </div>
      ) : null}
    </header>
  );
}

/** 'Still working?' while a staff member is signed in: 15 minutes without activity sign them out. */
function ConsoleInactivity() {
  const inactivity = useViewValue(useConsoleSession(), connectConsoleSession, (view) => view.inactivity);
  return <InactivityWatch inactivity={inactivity} audience="staff" />;
}

/**
 * Every console page but the invitation's: the sign-in form in its place until a staff member is
 * signed in (the address stays, so a link to a page of the console works once signed in).
 */
function ConsolePage() {
  const { phase, message, retry } = useView(useConsoleSession(), connectConsoleSession);
  if (phase === 'checking') return <Spinner label="Loading the console…" />;
  if (phase === 'failed')
    return (
      <section className="console-card" aria-labelledby="console-failed">
        <h1 id="console-failed">The console could not be loaded</h1>
        <p role="alert">{message}</p>
        <Button onClick={retry}>Try again</Button>
      </section>
    );
  if (phase !== 'signedIn') return <SignInPage />;
  return <ConsoleHome />;
}
