import {
  createActor,
  fromCallback,
  fromPromise,
  setup,
  spawnChild,
  type AnyActorLogic,
  type ActorRef,
  type ActorRefFrom,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';

/** What `body` returns, or throws, as a promise: a stand-in for a call that answers at once. */
export const answered = <T>(body: () => T): Promise<T> => new Promise<T>((resolve) => resolve(body()));

/** Lets promises and the actors waiting on them settle (fake timers do not move). */
export async function flush(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await Promise.resolve();
}

type Pending = { id: string; input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Stand-ins for invoked promise actors that the test settles by invoke id, so a path's
 * `xstate.done.actor.<id>` resolves the real invocation instead of being faked. When several
 * running invocations share an id, the latest is settled.
 */
export function createGate() {
  const pending: Pending[] = [];
  const calls: { id: string; input: unknown }[] = [];
  const take = (id: string, verb: string) => {
    const index = pending.findLastIndex((call) => call.id === id);
    if (index < 0) throw new Error(`no running invocation "${id}" to ${verb}`);
    return pending.splice(index, 1)[0]!;
  };
  return {
    calls,
    /** A promise actor that waits for `resolve(id)` / `reject(id)`. */
    actor<TOutput, TInput>() {
      return fromPromise<TOutput, TInput>(
        ({ self, input, signal }) =>
          new Promise<TOutput>((resolve, reject) => {
            calls.push({ id: self.id, input });
            const call: Pending = { id: self.id, input, resolve: resolve as (value: unknown) => void, reject };
            pending.push(call);
            signal.addEventListener('abort', () => {
              const index = pending.indexOf(call);
              if (index >= 0) pending.splice(index, 1);
            });
          }),
      );
    },
    isPending: (id: string) => pending.some((call) => call.id === id),
    /** The invoke ids of the calls still waiting, one entry per call. */
    pendingIds: () => pending.map((call) => call.id),
    inputOf: (id: string) => pending.findLast((call) => call.id === id)?.input,
    resolve: (id: string, output?: unknown) => take(id, 'resolve').resolve(output),
    reject: (id: string, error: unknown) => take(id, 'reject').reject(error),
  };
}
export type Gate = ReturnType<typeof createGate>;

/** A running machine found by system id, its snapshot typed (xstate's `system.get` answers `any`). */
export type MachineRef = ActorRef<AnyMachineSnapshot, AnyEventObject>;

export interface Started<TRef extends AnyActorRef = AnyActorRef> {
  /** The actor under test, typed from its logic (snapshot, context, events). */
  subject: TRef;
  /** Events each spy (by system id) received. */
  received: Record<string, EventObject[]>;
  /** Every spy's events in the order they arrived, as `systemId:eventType`. */
  sequence: string[];
  /** Events the subject emitted (`emit`). */
  emitted: EventObject[];
  errors: unknown[];
  stop: () => void;
}

/**
 * Runs `logic` under `systemId` in a system whose other members are spies, so messages to
 * siblings (`system.get(id)`) can be asserted without running the siblings.
 */
export function startInSystem<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: {
    systemId: string;
    input?: unknown;
    spies?: readonly string[];
    /** Stand-ins that answer (the answers actor replying to `answers.save`…), by system id. */
    siblings?: Readonly<Record<string, AnyActorLogic>>;
  },
): Started<ActorRefFrom<TLogic>> {
  const received: Record<string, EventObject[]> = {};
  const sequence: string[] = [];
  const spy = fromCallback<EventObject, { id: string }>(({ input, receive }) => {
    receive((event) => {
      (received[input.id] ??= []).push(event);
      sequence.push(`${input.id}:${event.type}`);
    });
  });
  const harness = setup({ actors: { subject: logic as unknown as AnyStateMachine, spy } }).createMachine({
    // Spies first: the subject may message its siblings as soon as it starts.
    entry: <never[]>[
      ...(options.spies ?? []).map((id) => spawnChild('spy', { id: `spy:${id}`, systemId: id, input: { id } })),
      ...Object.entries(options.siblings ?? {}).map(([id, sibling]) => spawnChild(sibling, { id: `sibling:${id}`, systemId: id })),
      spawnChild('subject', { id: 'subject', systemId: options.systemId, input: options.input as never }),
    ],
  });
  const root = createActor(harness).start();
  const ref = root.system.get(options.systemId) as AnyActorRef;
  const emitted: EventObject[] = [];
  const errors: unknown[] = [];
  ref.on('*', (event: EventObject) => emitted.push(event));
  ref.subscribe({ error: (error: unknown) => errors.push(error) });
  const subject = ref as ActorRefFrom<TLogic>;
  return { subject, received, sequence, emitted, errors, stop: () => root.stop() };
}

/** A machine whose every invoked or spawned actor waits on the gate: nothing reaches the network. */
export function offline<T extends AnyStateMachine>(machine: T, gate: Gate): T {
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors).map(([name, logic]) => [
      name,
      logic && typeof logic === 'object' && 'getStateNodeById' in logic ? offline(logic as AnyStateMachine, gate) : gate.actor(),
    ]),
  );
  return machine.provide({ actors } as never) as T;
}
