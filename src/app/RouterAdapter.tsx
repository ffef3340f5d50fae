import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { NavigateEmitted, NavigationState } from '../../machines/events';
import type { navigationMachine } from '../../machines/navigationMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from './actors';

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;

/**
 * The one bridge between the browser's location and the navigation actor: the actor asks for
 * route changes (`navigate`, emitted) and is told of every location change (`location.changed`).
 * Layout effects, so that a redirect or a guard decision lands before the browser paints.
 */
export function RouterAdapter() {
  const navigation = useSystemActor<NavigationActor>(SYSTEM_IDS.navigation);
  const navigate = useNavigate();
  const location = useLocation();
  // useNavigate's function changes with the location; the subscription should not.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const reportedKey = useRef<string | null>(null);
  // The router starts listening to history in its own layout effect, which runs after this child's:
  // a redirect asked for during the very first commit waits for the first passive effect.
  const routerListening = useRef(false);
  const waiting = useRef<NavigateEmitted | null>(null);

  // Declared first: it must listen before the first report can trigger a redirect.
  useLayoutEffect(() => {
    const subscription = navigation.on('navigate', (event) => {
      if (!routerListening.current) waiting.current = event;
      else navigateRef.current(event.to, { state: event.state, replace: event.replace });
    });
    return () => subscription.unsubscribe();
  }, [navigation]);

  useEffect(() => {
    routerListening.current = true;
    const event = waiting.current;
    waiting.current = null;
    if (event) navigateRef.current(event.to, { state: event.state, replace: event.replace });
  }, []);

  useLayoutEffect(() => {
    // StrictMode runs effects twice; a success message must not become two toasts.
    if (reportedKey.current === location.key) return;
    reportedKey.current = location.key;
    navigation.send({
      type: 'location.changed',
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      state: (location.state ?? undefined) as NavigationState | undefined,
    });
  }, [navigation, location]);

  return null;
}
