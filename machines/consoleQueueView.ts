import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { consoleQueueMachine } from './consoleQueueMachine';

type QueueSnapshot = SnapshotFrom<typeof consoleQueueMachine>;
type QueueSend = ActorRefFrom<typeof consoleQueueMachine>['send'];

/** What the review queue's page needs from its actor. */
export function connectConsoleQueue(snapshot: QueueSnapshot, send: QueueSend) {
  const { context } = snapshot;
  return {
    phase: snapshot.matches('failed') ? ('failed' as const) : context.queue === null ? ('loading' as const) : ('ready' as const),
    mine: context.queue?.mine ?? [],
    waiting: context.queue?.waiting ?? [],
    waitingTotal: context.queue?.waiting_total ?? 0,
    message: context.message,
    claiming: snapshot.matches('claiming'),
    /** The application just claimed: the page opens it. */
    claimed: context.claimed,
    load: () => send({ type: 'queue.load' }),
    retry: () => send({ type: 'queue.retry' }),
    next: () => send({ type: 'queue.next' }),
  };
}
