import { vi } from 'vitest';
import {
  createActor,
  fromPromise,
  fromTransition,
  setup,
  type ActorRef,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import { SYSTEM_IDS } from '../../../machines/systemIds';

/**
 * Tools for testing one long-lived actor: stand-in siblings that record what they receive, promise
 * actors the test settles by invoke id (a path's `xstate.done.actor.<id>` settles the real invocation).
 */

type StubState = { events: AnyEventObject[] };

/** A sibling that records every event. */
const recordingSibling = fromTransition((state: StubState, event: AnyEventObject): StubState => ({ events: [...state.events, event] }), {
  events: [],
});

const STUB_SIBLINGS = [SYSTEM_IDS.toasts, SYSTEM_IDS.session, SYSTEM_IDS.navigation, SYSTEM_IDS.answers, SYSTEM_IDS.app] as const;
export type StubSibling = (typeof STUB_SIBLINGS)[number];

/**
 * Runs `logic` under `systemId` beside recording siblings, as the root app will spawn it;
 * `without` leaves some out (an actor whose module is not loaded yet).
 */
export function startWithSiblings(
  logic: AnyStateMachine,
  options: { systemId: string; input?: unknown; without?: readonly StubSibling[] },
) {
  const harness = setup({ actors: { subject: logic, sibling: recordingSibling } }).createMachine({
    invoke: [
      // Siblings first, so they are registered before the subject can send to them.
      ...STUB_SIBLINGS.filter((id) => !options.without?.includes(id)).map((id) => ({ id, src: 'sibling', systemId: id })),
      { id: 'subject', src: 'subject', systemId: options.systemId, input: options.input },
    ],
  } as never);
  const root = createActor(harness).start();
  const subject = root.system.get(options.systemId) as ActorRef<AnyMachineSnapshot, AnyEventObject>;
  return {
    subject,
    snapshot: () => subject.getSnapshot(),
    /** Events a sibling received, in order. */
    received: (id: StubSibling): AnyEventObject[] =>
      ((root.system.get(id) as AnyActorRef).getSnapshot() as { context: StubState }).context.events,
    stop: () => root.stop(),
  };
}

/**
 * Promise actors that stay pending until the test settles them by invoke id, exactly as a
 * path's `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events say.
 */
export function controlledActors<TName extends string>(names: readonly TName[]) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown }>();
  const calls: { name: TName; id: string; input: unknown; signal: AbortSignal }[] = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input, self, signal }) =>
          new Promise((resolve, reject) => {
            calls.push({ name, id: self.id, input, signal });
            pending.set(self.id, { resolve, reject, input });
          }),
      ),
    ]),
  ) as unknown as Record<TName, never>; // `never`: each stands in for any promise actor of the machine
  const take = (id: string) => {
    const entry = pending.get(id);
    if (!entry) throw new Error(`no pending call with invoke id '${id}'`);
    pending.delete(id);
    return entry;
  };
  return {
    actors,
    calls,
    isPending: (id: string) => pending.has(id),
    resolve: async (id: string, output: unknown) => {
      take(id).resolve(output);
      await vi.advanceTimersByTimeAsync(0);
    },
    reject: async (id: string, error: unknown) => {
      take(id).reject(error);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}
