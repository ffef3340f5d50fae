import type { ActorRefFrom } from 'xstate';
import type { HistoryAction, NavigationState } from '../../machines/events';
import type { navigationMachine } from '../../machines/navigationMachine';

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;

/** What this adapter keeps in `history.state`, beside anything another script put there. */
interface HistoryEntry {
  navigation?: NavigationState;
}

/**
 * The one bridge between the browser's location and the navigation actor, with no router in
 * between: the actor asks for route changes (`navigate`, emitted) and is told of every location
 * change (`location.changed`): the page's first location, the ones it asked for, Back and Forward.
 * The actor owns the rules; this only moves the address bar. Returns the disconnect function.
 */
export function connectBrowserHistory(navigation: NavigationActor, win: Window = window): () => void {
  const report = (action: HistoryAction) => {
    const { pathname, search, hash } = win.location;
    const entry = (win.history.state ?? {}) as HistoryEntry;
    navigation.send({ type: 'location.changed', pathname, search, hash, state: entry.navigation, action });
  };

  const subscription = navigation.on('navigate', ({ to, state, replace }) => {
    const url = new URL(to, win.location.href);
    const entry: HistoryEntry = { navigation: state };
    if (replace) win.history.replaceState(entry, '', url);
    else win.history.pushState(entry, '', url);
    report(replace ? 'replace' : 'push');
  });
  const onPopState = () => report('pop');
  win.addEventListener('popstate', onPopState);
  report('initial');

  return () => {
    subscription.unsubscribe();
    win.removeEventListener('popstate', onPopState);
  };
}
