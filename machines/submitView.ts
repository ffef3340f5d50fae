import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { submitMachine } from './submitMachine';

type SubmitSnapshot = SnapshotFrom<typeof submitMachine>;
type SubmitSend = ActorRefFrom<typeof submitMachine>['send'];

/** What the Submit button, the words beside it and the summary of what is missing need from the submit actor. */
export function connectSubmit(snapshot: SubmitSnapshot, send: SubmitSend) {
  return {
    canSubmit: snapshot.can({ type: 'submit' }),
    busy: snapshot.hasTag('busy'),
    /** The server's words when it refused the submission for now, until the next try. */
    notice: snapshot.context.notice,
    /** The submission found answers missing: the reader is taken to the list of them. */
    rejected: snapshot.matches('invalid'),
    /** The submission met answers another tab changed. */
    conflicted: snapshot.matches('conflicted'),
    submit: () => send({ type: 'submit' }),
  };
}
