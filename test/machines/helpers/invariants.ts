import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { shortestPaths, simplePaths, type ModelPath, type PathModel } from '../../qa/model';
import { isUnauthorised } from '../../../machines/api/httpClient';
import { expectEveryStateReached } from './statePaths';
import { flush, type Gate } from './system';

/*
 * Generated paths as a source of situations, not of expectations: each path is walked on the real
 * machine (its promise actors on a gate, its delays on the fake clock) and, after every step,
 * properties that must hold whatever the path are checked. Where the path and the machine part
 * (an invocation the path settles is not running), the walk fails too.
 */

/** One step of a walk, as the invariants see it. */
export interface Step {
  /** The path's events, for messages. */
  path: string;
  index: number;
  /** The path event this step took. */
  event: { type: string } & Record<string, unknown>;
  /** How the event was taken: sent, a request answered ('done') or failed ('error'), the clock moved. */
  kind: 'send' | 'done' | 'error' | 'delay' | 'handled';
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** What the siblings (spies) received during the step, in order per sibling. */
  sent: { to: string; event: EventObject }[];
  /** Invoke ids of the requests still running after the step (one entry per request). */
  pending: string[];
  /** Invoke ids of the requests started during the step. */
  started: string[];
  /** The same requests with their input. */
  startedCalls: { id: string; input: unknown }[];
  /** The (fake) clock after the step. */
  at: number;
  /** Actor errors so far. */
  errors: unknown[];
}

/** What a walk needs from the test: the running subject and its stand-ins. */
export interface Walk {
  subject: AnyActorRef;
  /** The machine the subject runs, for its named delays. */
  machine: AnyStateMachine;
  gate?: Gate;
  /** Spies by system id (startInSystem's `received`). */
  received?: Record<string, EventObject[]>;
  errors?: unknown[];
  /** Takes over a path event (returns true), e.g. to answer with real logic. */
  handle?: (event: AnyEventObject) => boolean | Promise<boolean>;
  stop?: () => void;
}

export interface Invariant {
  name: string;
  /** Throws (expect) when the step breaks the invariant. */
  check: (step: Step) => void;
}

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;
const DELAY_EVENT = /^xstate\.after\.([^.]+)\./;

/** The step's event with the payload the invariant reads (the events of a model are untyped). */
export const payload = <T>(step: Step): T => step.event as unknown as T;

export const pathName = (path: ModelPath) => path.events.map((event) => event.type).join(' → ') || '(start)';

async function walk(path: ModelPath, run: Walk): Promise<{ steps: Step[]; reached: AnyMachineSnapshot[] }> {
  const steps: Step[] = [];
  const reached: AnyMachineSnapshot[] = [];
  const received = run.received ?? {};
  const errors = run.errors ?? [];
  await flush();
  reached.push(run.subject.getSnapshot() as AnyMachineSnapshot);
  for (const [index, event] of path.events.entries()) {
    const before = run.subject.getSnapshot() as AnyMachineSnapshot;
    const counts = Object.fromEntries(Object.entries(received).map(([id, events]) => [id, events.length]));
    const callsBefore = run.gate?.calls.length ?? 0;
    const actor = ACTOR_EVENT.exec(event.type);
    const delay = DELAY_EVENT.exec(event.type);
    let kind: Step['kind'] = 'send';
    if (run.handle && (await run.handle(event))) {
      kind = 'handled';
    } else if (actor && run.gate) {
      kind = actor[1] === 'done' ? 'done' : 'error';
      if (kind === 'done') run.gate.resolve(actor[2]!, (event as { output?: unknown }).output);
      else run.gate.reject(actor[2]!, (event as { error?: unknown }).error);
    } else if (delay) {
      kind = 'delay';
      const configured: unknown = run.machine.implementations.delays[delay[1]!];
      // A delay computed from the context (a backoff) is the one the running actor would wait.
      const ms =
        typeof configured === 'number'
          ? configured
          : typeof configured === 'function'
            ? Number((configured as (args: { context: unknown }) => unknown)({ context: before.context }))
            : Number(delay[1]);
      if (!Number.isFinite(ms)) throw new Error(`cannot wait for the delay of ${event.type}`);
      await vi.advanceTimersByTimeAsync(ms);
    } else {
      run.subject.send(event);
    }
    await flush();
    const after = run.subject.getSnapshot() as AnyMachineSnapshot;
    reached.push(after);
    const sent = Object.entries(received).flatMap(([to, events]) =>
      events.slice(counts[to] ?? 0).map((sentEvent) => ({ to, event: sentEvent })),
    );
    steps.push({
      path: pathName(path),
      index,
      event,
      kind,
      before,
      after,
      sent,
      pending: run.gate?.pendingIds() ?? [],
      started: run.gate?.calls.slice(callsBefore).map((call) => call.id) ?? [],
      startedCalls: run.gate?.calls.slice(callsBefore) ?? [],
      at: Date.now(),
      errors: [...errors],
    });
  }
  return { steps, reached };
}

/**
 * Walks every generated path of `model` (shortest, or simple too) on the machine `start` runs and
 * checks each invariant at every step, plus three that hold for every machine: no actor error;
 * never two runs of the same request at once; and together the walks reach every state.
 */
export function invariantSuite(
  model: PathModel,
  start: (path: ModelPath) => Walk,
  invariants: readonly Invariant[],
  kinds: readonly ('shortest' | 'simple')[] = ['shortest'],
): void {
  for (const kind of kinds) {
    describe(`${model.name}: invariants over the generated ${kind} paths`, () => {
      const steps: Step[] = [];
      const reached: AnyMachineSnapshot[] = [];
      let walked = 0;
      beforeAll(async () => {
        vi.useFakeTimers();
        for (const path of kind === 'shortest' ? shortestPaths(model) : simplePaths(model)) {
          const run = start(path);
          try {
            const result = await walk(path, run);
            steps.push(...result.steps);
            reached.push(...result.reached);
            walked += 1;
          } finally {
            run.stop?.();
          }
        }
        // The root's walks are long, and much slower under Stryker's instrumentation.
      }, 600_000);
      afterAll(() => vi.useRealTimers());

      it('the walks reach every state of the machine', () => {
        expect(walked).toBeGreaterThan(0);
        expectEveryStateReached(model.machine, reached);
      });
      const all: Invariant[] = [
        { name: 'the actor never fails', check: (step) => expect(step.errors).toEqual([]) },
        {
          name: 'a running request is never started a second time',
          check: (step) => expect(new Set(step.pending).size).toBe(step.pending.length),
        },
        ...invariants,
      ];
      it.each(all.map((invariant) => [invariant.name, invariant] as const))('%s', (_name, invariant) => {
        for (const step of steps) {
          try {
            invariant.check(step);
          } catch (error) {
            throw new Error(`${invariant.name}: broken at step ${step.index + 1} (${step.event.type}) of ${step.path}\n${String(error)}`);
          }
        }
      });
    });
  }
}

// --- Invariants shared by several machines ----------------------------------------------------

/** A message a person can read: a non-empty string that is not an error's class name or a code. */
export const readable = (message: unknown): message is string =>
  typeof message === 'string' && message.trim().length > 0 && !/^(Error|ApiError|\[object)/.test(message);

/** The readable messages of what the siblings received (a toast's, a reply's). */
function messagesSent(step: Step): string[] {
  return step.sent.flatMap(({ event }) => {
    const carried = event as { message?: unknown; toast?: { message?: unknown } };
    return [carried.message, carried.toast?.message].filter(readable);
  });
}

/**
 * A failed request (other than a 401, which the session actor turns into the login page's message)
 * ends in a message the user can read: sent to a sibling (a toast, a requester's reply) or kept
 * in the context for the view.
 */
export const failureIsReadable = (contextMessage: (snapshot: AnyMachineSnapshot) => unknown = () => undefined): Invariant => ({
  name: 'a failed request ends in a message the user can read',
  check: (step) => {
    if (step.kind !== 'error') return;
    const error = (step.event as { error?: unknown }).error;
    if (isUnauthorised(error)) {
      expect(step.sent.map(({ to, event }) => `${to}:${event.type}`)).toContain('session:session.unauthorised');
      return;
    }
    const shown = [...messagesSent(step), contextMessage(step.after)].filter(readable);
    expect(shown, 'a readable message').not.toEqual([]);
  },
});

/** Nothing that says "saved" / "done" goes out except in the step where the server answered. */
export const acknowledgedOnlyAfterServer = (acknowledgements: readonly string[]): Invariant => ({
  name: 'nothing is acknowledged before the server answered',
  check: (step) => {
    const acks = step.sent.filter(
      ({ event }) => acknowledgements.includes(event.type) || (event as { toast?: { severity?: string } }).toast?.severity === 'success',
    );
    if (acks.length > 0) expect(step.kind, `${acks.map(({ event }) => event.type).join(', ')} sent`).toBe('done');
  },
});

/** A state tagged `busy` is one with a request running, and the other way round. */
export const busyWhileRequesting = (
  requests: readonly string[],
  /** States that wait on a sibling's request made for them (the answers actor saving), busy too. */
  options: { waitingOnSibling?: readonly (string | object)[] } = {},
): Invariant => ({
  name: 'the busy tag is on exactly while a request runs',
  check: (step) => {
    const requesting =
      step.pending.some((id) => requests.includes(id)) || (options.waitingOnSibling ?? []).some((state) => step.after.matches(state));
    expect(step.after.hasTag('busy'), `pending: ${step.pending.join(', ') || 'none'}`).toBe(requesting);
  },
});
