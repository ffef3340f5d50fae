import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { consoleDashboardMachine } from './consoleDashboardMachine';

type DashboardSnapshot = SnapshotFrom<typeof consoleDashboardMachine>;
type DashboardSend = ActorRefFrom<typeof consoleDashboardMachine>['send'];

/** Where the dashboard stands, as its page shows it. */
export type ConsoleDashboardPhase = 'loading' | 'failed' | 'loaded';

function phaseOf(snapshot: DashboardSnapshot): ConsoleDashboardPhase {
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('loaded')) return 'loaded';
  return 'loading';
}

/** What the dashboard page needs from the dashboard actor. */
export function connectConsoleDashboard(snapshot: DashboardSnapshot, send: DashboardSend) {
  const phase = phaseOf(snapshot);
  return {
    phase,
    /** The figures, once read (null while loading or after a failure). */
    dashboard: phase === 'loaded' ? snapshot.context.dashboard : null,
    message: phase === 'failed' ? snapshot.context.message : null,
    /** The page opened: read the figures. */
    load: () => send({ type: 'dashboard.load' }),
    retry: () => send({ type: 'dashboard.retry' }),
  };
}
