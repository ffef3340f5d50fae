import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { confirmTriggerMachine } from './confirmTriggerMachine';

type ConfirmTriggerSnapshot = SnapshotFrom<typeof confirmTriggerMachine>;
type ConfirmTriggerSend = ActorRefFrom<typeof confirmTriggerMachine>['send'];

/** What content revealed only after a confirmation needs from its confirm-trigger actor. */
export function connectConfirmTrigger(snapshot: ConfirmTriggerSnapshot, send: ConfirmTriggerSend) {
  return {
    revealed: snapshot.hasTag('revealed'),
    /** The confirmation dialog is open. */
    asking: snapshot.hasTag('asking'),
    ask: () => send({ type: 'trigger.ask' }),
    confirm: () => send({ type: 'trigger.confirm' }),
    cancel: () => send({ type: 'trigger.cancel' }),
    hide: () => send({ type: 'trigger.hide' }),
  };
}
