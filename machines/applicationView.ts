import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { applicationMachine } from './applicationMachine';

type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;
type ApplicationSend = ActorRefFrom<typeof applicationMachine>['send'];

/** What the form area needs from the session's application: whether the page-specific actors have arrived. */
export function connectApplication(snapshot: ApplicationSnapshot, send: ApplicationSend) {
  return {
    /** The documents, tabs, school search, submit sequence and PDF copy exist. */
    pageActorsReady: snapshot.hasTag('pageActorsReady'),
    /** Their code could not be fetched: the page says so, with a retry. */
    pageActorsFailed: snapshot.hasTag('pageActorsFailed'),
    retry: () => send({ type: 'application.retry' }),
  };
}
