import type { AnyMachineSnapshot } from 'xstate';
import { navigationMachine, type NavigationContext } from '../navigationMachine';
import { callOutcomes } from './fixtures';
import { arrivedBy, type PathModel } from './model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as NavigationContext;
const location = (pathname: string, extra: { search?: string; successMessage?: string } = {}) => ({
  type: 'location.changed',
  pathname,
  search: extra.search ?? '',
  hash: '',
  state: extra.successMessage ? { successMessage: extra.successMessage } : undefined,
});

export const navigationModel: PathModel = {
  name: 'navigation',
  machine: navigationMachine,
  inputs: [{ pathname: '/about', search: '' }],
  events: (snapshot) => [
    location('/about'),
    location('/education', { successMessage: 'Saved.' }),
    location('/completion'),
    location('/login'),
    location('/nowhere', { search: '?token=abc' }),
    { type: 'navigate', to: '/final-steps' },
    { type: 'webStatus.changed', webStatus: null },
    { type: 'webStatus.changed', webStatus: 'started' },
    { type: 'webStatus.changed', webStatus: 'submitted' },
    { type: 'navigation.restore', lastPage: '/education', hasChangedPage: false },
    { type: 'navigation.restore', lastPage: '/education', hasChangedPage: true },
    { type: 'app.context', loggedIn: true, serviceUser: false },
    { type: 'app.context', loggedIn: false, serviceUser: true },
    ...callOutcomes('saveLastPage', context(snapshot).pathname),
  ],
  // The area, the status, staff or not and whether last_page is current, reached by each kind of event.
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      context(snapshot).webStatus,
      context(snapshot).serviceUser,
      context(snapshot).pathname === context(snapshot).savedLastPage,
      arrivedBy(snapshot, event, previous),
    ]),
};
