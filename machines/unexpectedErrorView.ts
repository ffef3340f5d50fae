import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { unexpectedErrorMachine } from './unexpectedErrorMachine';

type UnexpectedErrorSnapshot = SnapshotFrom<typeof unexpectedErrorMachine>;
type UnexpectedErrorSend = ActorRefFrom<typeof unexpectedErrorMachine>['send'];

/** What the 'Unexpected Error' dialog needs from its actor. */
export function connectUnexpectedError(snapshot: UnexpectedErrorSnapshot, send: UnexpectedErrorSend) {
  return {
    open: snapshot.hasTag('open'),
    /** A script error or an unhandled rejection that escaped everything else. */
    report: (error: { kind: 'error' | 'rejection'; message: string; aborted?: boolean }) => send({ type: 'error.uncaught', ...error }),
    close: () => send({ type: 'dialog.close' }),
  };
}
