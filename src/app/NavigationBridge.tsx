import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType, type Location } from 'react-router-dom';
import type { HistoryAction, NavigationState } from '../../machines/events';
import { useNavigation } from './actors';

const ACTIONS = { POP: 'pop', PUSH: 'push', REPLACE: 'replace' } as const satisfies Record<string, HistoryAction>;

/**
 * The router (react-router-dom) owns the address bar; the navigation actor decides where the
 * applicant may be. This bridge tells the actor of every location the router reaches (the page's
 * first, a Link, Back and Forward, the moves the actor asked for) and performs the moves the actor
 * asks for (`navigate`, emitted). The routes show a location only once the actor accepted it
 * (./AppRoutes). Both run as passive effects, after the router listens to the history.
 */
export function NavigationBridge() {
  const navigation = useNavigation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const reported = useRef<Location | null>(null);

  // Subscribed before the first report below: the answer to it may be a redirect.
  useEffect(() => {
    const subscription = navigation.on('navigate', ({ to, state, replace }) => void navigate(to, { state, replace }));
    return () => subscription.unsubscribe();
  }, [navigation, navigate]);

  useEffect(() => {
    // Once per location the router reached (React's development double effects included).
    if (reported.current === location) return;
    const action = reported.current === null ? 'initial' : ACTIONS[navigationType];
    reported.current = location;
    const { pathname, search, hash } = location;
    // The router types history state as `any`; only the navigation actor's own moves put state there.
    const state = location.state as NavigationState | null;
    navigation.send({ type: 'location.changed', pathname, search, hash, state: state ?? undefined, action });
  }, [navigation, location, navigationType]);

  return null;
}
