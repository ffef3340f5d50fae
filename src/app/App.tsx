import { BrowserRouter } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import { connectApp } from '../../machines/appView';
import { useAppActor, useViewValue } from './actors';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';
import { NavigationBridge } from './NavigationBridge';

/**
 * The page: the router and its bridge to the navigation actor from the first render (the actor
 * may have decided something before the profile even loaded), then the root actor's three faces —
 * the root error screen (`error` tag, or the actor itself failed), the loading layer (college and
 * profile) and the routes.
 */
export function App() {
  return (
    <ErrorBoundary>
      {/* No transitions: the navigation actor hears of every move in the turn it happens. */}
      <BrowserRouter useTransitions={false}>
        <AppInRouter />
      </BrowserRouter>
    </ErrorBoundary>
  );
}

/** What sits inside the router: the server renders the first screen with its own router around it (src/serverEntry.tsx). */
export function AppInRouter() {
  return (
    <>
      <NavigationBridge />
      <AppGate />
    </>
  );
}

function AppGate() {
  const actor = useAppActor();
  const failed = useViewValue(actor, connectApp, (view) => view.failed);
  const loading = useViewValue(actor, connectApp, (view) => view.loading);
  if (failed) return <ErrorScreen />;
  if (loading) return <Spinner overlay size="large" label="Loading your application…" />;
  return <AppRoutes />;
}
