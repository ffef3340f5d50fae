import { INACTIVITY_TIMEOUT_MS } from '../../src/catalogue/limits';
import { inactivityMachine } from '../inactivityMachine';
import { callOutcomes, failures } from './fixtures';
import type { PathModel } from './model';

/** Wall-clock times of the view's activity events: a recent one, and one a full limit later. */
const SOON = 1000;
const LATE = SOON + INACTIVITY_TIMEOUT_MS;

export const inactivityModel: PathModel = {
  name: 'inactivity',
  machine: inactivityMachine,
  events: [
    { type: 'app.context', loggedIn: true, serviceUser: false },
    { type: 'app.context', loggedIn: false, serviceUser: false },
    { type: 'app.context', loggedIn: false, serviceUser: true },
    { type: 'activity', at: SOON },
    { type: 'activity', at: LATE },
    { type: 'continue', at: SOON + 1000 },
    { type: 'continue', at: LATE },
    { type: 'logout' },
    ...callOutcomes('touchSession', {}, [failures.network, failures.unauthorised]),
  ],
};
