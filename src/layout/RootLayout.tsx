import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { ErrorBoundary } from '../app/ErrorBoundary';
import type { NavigationActor } from '../app/RouterAdapter';
import { Spinner } from '../ui/Spinner';
import { InactivityWatch } from './InactivityWatch';
import { Toasts } from './Toasts';
import { UnexpectedErrorWatch } from './UnexpectedErrorWatch';

/**
 * Everything every route shares: the location guard, the route error boundary
 * and what may appear over any page (toasts, the inactivity modal, the unexpected-error dialog).
 */
export function RootLayout() {
  const location = useLocation();
  const navigation = useSystemActor<NavigationActor>(SYSTEM_IDS.navigation);
  // The location validator: a route shows only once the navigation actor has judged that very
  // path; while it redirects (unknown path, submitted, completion too early) nothing flashes.
  const judgedPath = useSelector(navigation, (snapshot) => snapshot.context.pathname);
  const allowed = judgedPath === location.pathname;
  return (
    <>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<Spinner overlay size="large" label="Loading the page…" />}>{allowed ? <Outlet /> : null}</Suspense>
      </ErrorBoundary>
      <Toasts />
      <InactivityWatch />
      <UnexpectedErrorWatch />
    </>
  );
}
