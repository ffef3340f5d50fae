import { vi } from 'vitest';
import {
  createActor,
  createMachine,
  spawnChild,
  type AnyActorLogic,
  type ActorRefFrom,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { acceptedEventTypes } from '../../qa/model';

/*
 * Test kit of the document, tabs and PDF-copy machines: siblings that record what they are sent,
 * a small system to run a machine among them, and the events of generated paths.
 */

/** A sibling stand-in (answers, toasts, session, a document…) that records every event it receives. */
export function recordingSibling(context: Record<string, unknown> = {}) {
  const received: EventObject[] = [];
  const logic = createMachine({
    context,
    on: { '*': { actions: ({ event }) => void received.push(event) } },
  });
  return { logic, received };
}

/** Runs `subject` under a root that also spawns the given siblings under their system ids. */
export function startSystem<TLogic extends AnyActorLogic>(
  subject: { logic: TLogic; systemId: string; input?: unknown },
  siblings: Record<string, AnyActorLogic>,
) {
  const root = createActor(
    createMachine({
      entry: [
        ...Object.entries(siblings).map(([systemId, logic]) => spawnChild(logic, { id: systemId, systemId })),
        spawnChild(subject.logic, { id: 'subject', systemId: subject.systemId, input: subject.input }),
      ],
    }),
  ).start();
  const actor = root.system.get(subject.systemId) as ActorRefFrom<TLogic>;
  return { root, actor };
}

/** Lets settled promises and the events they cause run (fake timers do not fake microtasks). */
export async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

/** An event of a generated path: also `xstate.done.actor.*` with `output`, `xstate.error.actor.*` with `error`. */
export type PathEvent = { type: string; [key: string]: unknown };

/**
 * The traversal's events for a snapshot: every event type its active states accept (delayed
 * `xstate.after.*` ones included), with the listed payload variants where there are some.
 * Without it, a listed array replaces xstate's defaults and unlisted events are never sent.
 */
export function eventsFor(payloads: readonly PathEvent[]) {
  return (snapshot: AnyMachineSnapshot): PathEvent[] => {
    // `xstate.done.state.*` is raised by the machine itself when a parallel state completes.
    const types = acceptedEventTypes(snapshot).filter((type) => !type.startsWith('xstate.done.state.'));
    return types.flatMap((type) => {
      const listed = payloads.filter((event) => event.type === type);
      return listed.length > 0 ? listed : [{ type }];
    });
  };
}
