import { lazy, Suspense } from 'react';
import { BrowserRouter, Link, NavLink, Route, Routes } from 'react-router-dom';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useView, useViewValue } from '../app/viewApi';
import { InactivityWatch } from '../layout/InactivityWatch';
import { useApplicationTitle, useConsoleApplication, useConsoleHost, useConsoleSession } from './consoleActors';
import { FormHostProvider } from '../app/actors';
import { ApplicationListPage } from './ApplicationListPage';
import { ConsoleAddressBridge } from './ConsoleAddressBridge';
import { InvitationPage } from './InvitationPage';
import { AccessLogPage } from './AccessLogPage';
import { AccountsPage } from './AccountsPage';
import { ReleasesPage } from './ReleasesPage';
import { ReviewQueuePage } from './ReviewQueuePage';
import { SettingsPage } from './SettingsPage';
import { SignInPage } from './SignInPage';

/** An application's page, with the form's question views it prints, loads only when one opens. */
const ApplicationPage = lazy(() => import('./ApplicationPage').then((module) => ({ default: module.ApplicationPage })));
/** The dashboard, with its chart library, loads only when its page opens. */
const DashboardPage = lazy(() => import('./DashboardPage').then((module) => ({ default: module.DashboardPage })));

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
  const { staff, isAdmin, reviews, busy, signOut } = useView(useConsoleSession(), connectConsoleSession);
  return (
    <header className="console-header">
      <p className="console-header__title">Admissions office</p>
      {staff ? (
        <nav className="console-nav" aria-label="Console">
          <NavLink to={CONSOLE_ROUTES.home} end>
            Applications
          </NavLink>
          {reviews ? <NavLink to={CONSOLE_ROUTES.reviews}>Reviews</NavLink> : null}
          <NavLink to={CONSOLE_ROUTES.dashboard}>Dashboard</NavLink>
          {isAdmin ? <NavLink to={CONSOLE_ROUTES.accessLog}>Access log</NavLink> : null}
          {isAdmin ? <NavLink to={CONSOLE_ROUTES.accounts}>Staff accounts</NavLink> : null}
          {isAdmin ? <NavLink to={CONSOLE_ROUTES.releases}>Releases</NavLink> : null}
          {isAdmin ? <NavLink to={CONSOLE_ROUTES.settings}>Settings</NavLink> : null}
        </nav>
      ) : null}
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
  return (
    <>
      <ConsoleAddressBridge />
      <Routes>
        <Route path={CONSOLE_ROUTES.home} element={<ApplicationListPage />} />
        <Route path={CONSOLE_ROUTES.application} element={<ApplicationRoute />} />
        <Route
          path={CONSOLE_ROUTES.dashboard}
          element={
            <Suspense fallback={<Spinner label="Loading the dashboard…" />}>
              <DashboardPage />
            </Suspense>
          }
        />
        <Route path={CONSOLE_ROUTES.accessLog} element={<AccessLogPage />} />
        <Route path={CONSOLE_ROUTES.accounts} element={<AccountsPage />} />
        <Route path={CONSOLE_ROUTES.settings} element={<SettingsPage />} />
        <Route path={CONSOLE_ROUTES.releases} element={<ReleasesPage />} />
        <Route path={CONSOLE_ROUTES.reviews} element={<ReviewQueuePage />} />
        <Route path="*" element={<ConsoleNotFound />} />
      </Routes>
    </>
  );
}

/** An application's page, once the session runs its actor (the address bridge tells it which). */
function ApplicationRoute() {
  const actor = useConsoleApplication();
  const host = useConsoleHost();
  const title = useApplicationTitle();
  if (!actor) return <Spinner label="Loading the application…" />;
  return (
    <FormHostProvider host={host}>
      <Suspense fallback={<Spinner label="Loading the application…" />}>
        <ApplicationPage actor={actor} title={title} />
      </Suspense>
    </FormHostProvider>
  );
}

function ConsoleNotFound() {
  return (
    <section className="console-card" aria-labelledby="console-not-found">
      <h1 id="console-not-found">This page does not exist</h1>
      <p>
        <Link to={CONSOLE_ROUTES.home}>Go to the list of applications</Link>
      </p>
    </section>
  );
}
