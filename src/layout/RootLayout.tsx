import { Suspense, useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { useInactivity } from '../app/actors';
import { preloadErrorPaths } from '../app/preload';
import { Spinner } from '../ui/Spinner';
import { Announcer } from './Announcer';
import { InactivityWatch } from './InactivityWatch';
import { Toasts } from './Toasts';
import { UnexpectedErrorWatch } from './UnexpectedErrorWatch';

/**
 * Everything every route shares: the route error boundary (a new path gets a fresh try) and what
 * may appear over any page (toasts, the inactivity modal, the unexpected-error dialog).
 */
export function RootLayout({ pathname, children }: { pathname: string | null; children: ReactNode }) {
  // The toast and the login card load while nothing else happens: an error path must not need the network.
  useEffect(() => preloadErrorPaths(), []);
  return (
    <>
      <ErrorBoundary resetKey={pathname ?? ''}>
        <Suspense fallback={<Spinner overlay size="large" label="Loading the page…" />}>{children}</Suspense>
      </ErrorBoundary>
      <Announcer />
      <Toasts />
      <InactivityWatch inactivity={useInactivity()} audience="applicant" />
      <UnexpectedErrorWatch />
    </>
  );
}
