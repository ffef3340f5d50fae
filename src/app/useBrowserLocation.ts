import { useSelector } from '@xstate/react';
import type { BrowserLocation } from '../../machines/navigationMachine';
import { useNavigation } from './actors';
import { useFirstLocation } from './firstScreen';

export type { BrowserLocation };

/**
 * The router's location as the navigation actor last heard it, with how it came (`action`) and
 * which visit it is. The routes render only once the actor allowed a location, so the views
 * below them always get one.
 */
export function useBrowserLocation(): BrowserLocation {
  const navigation = useNavigation();
  const first = useFirstLocation();
  // Until the router reports, the location the server rendered (a hydrating page): the same route on both sides.
  const location = useSelector(navigation, (snapshot) => snapshot.context.location) ?? first;
  if (!location) throw new Error('useBrowserLocation is used before the first location was reported.');
  return location;
}
