import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { unexpectedErrorMachine } from './unexpectedErrorMachine';

type UnexpectedErrorSnapshot = SnapshotFrom<typeof unexpectedErrorMachine>;
type UnexpectedErrorSend = ActorRefFrom<typeof unexpectedErrorMachine>['send'];

/** A script error or an unhandled rejection that escaped everything else (`aborted`: a cancelled call's). */
export interface UncaughtError {
  kind: 'error' | 'rejection';
  message: string;
  aborted?: boolean;
}

/** What the 'Unexpected Error' dialog needs from its actor. */
export function connectUnexpectedError(snapshot: UnexpectedErrorSnapshot, send: UnexpectedErrorSend) {
  return {
    open: snapshot.hasTag('open'),
    report: (error: UncaughtError) => send({ type: 'error.uncaught', ...error }),
    close: () => send({ type: 'dialog.close' }),
  };
}
