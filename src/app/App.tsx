import { useSelector } from '@xstate/react';
import { Spinner } from '../ui/Spinner';
import { useAppActor } from './actors';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';

/**
 * The page: the root actor's three faces — the root error screen (`error` tag, or the actor itself
 * failed), the loading layer (college and profile) and the routes.
 */
export function App() {
  return (
    <ErrorBoundary>
      <AppGate />
    </ErrorBoundary>
  );
}

function AppGate() {
  const actor = useAppActor();
  const failed = useSelector(actor, (snapshot) => snapshot.hasTag('error') || snapshot.status === 'error');
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  if (failed) return <ErrorScreen />;
  if (loading) return <Spinner overlay size="large" label="Loading your application…" />;
  return <AppRoutes />;
}
