import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { validationMachine } from './validationMachine';

type ValidationSnapshot = SnapshotFrom<typeof validationMachine>;
type ValidationSend = ActorRefFrom<typeof validationMachine>['send'];

/** What the missing-information summary, the steps and the fields need from the validation actor. */
export function connectValidation(snapshot: ValidationSnapshot, _send: ValidationSend) {
  return {
    /** Errors show (after a submit that found some), until the answers are complete. */
    active: snapshot.matches('active'),
    /** The errors; an empty list unless validation is active. */
    errors: snapshot.context.errors,
    /** The ids of the steps holding errors, space-separated (a string, so a view re-renders only when it changes). */
    attention: snapshot.context.attention,
  };
}
