import { useSelector } from '@xstate/react';
import type { BrowserLocation } from '../../machines/navigationMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from './actors';
import type { NavigationActor } from './browserHistory';

export type { BrowserLocation };

/**
 * The location the browser shows, as the navigation actor last heard it. The root layout renders
 * a route only once that location exists, so the views below it always get one.
 */
export function useBrowserLocation(): BrowserLocation {
  const navigation = useSystemActor<NavigationActor>(SYSTEM_IDS.navigation);
  const location = useSelector(navigation, (snapshot) => snapshot.context.location);
  if (!location) throw new Error('useBrowserLocation is used before the first location was reported.');
  return location;
}
