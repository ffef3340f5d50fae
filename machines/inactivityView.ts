import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { inactivityMachine } from './inactivityMachine';

type InactivitySnapshot = SnapshotFrom<typeof inactivityMachine>;
type InactivitySend = ActorRefFrom<typeof inactivityMachine>['send'];

/** What 'Still working?' needs from the inactivity actor. */
export function connectInactivity(snapshot: InactivitySnapshot, send: InactivitySend) {
  return {
    /** 'Still working?' is shown. */
    warning: snapshot.hasTag('warning'),
    reportActivity: (at: number) => send({ type: 'activity', at }),
    keepWorking: (at: number) => send({ type: 'continue', at }),
    logOut: () => send({ type: 'logout' }),
  };
}
