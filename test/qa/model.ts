import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

/**
 * What a machine's generated paths need beyond the machine itself. Invoked actors and timers do
 * not run while paths are computed, so their outcomes are events here: `xstate.done.actor.<id>`
 * with an `output`, `xstate.error.actor.<id>` with an `error`, and `xstate.after.<delay>.<state>`.
 * The tests replay the same events on a running actor; the CLI prints them for QA.
 */
export interface PathModel {
  /** The name `npm run paths -- <name>` knows it by. */
  name: string;
  machine: AnyStateMachine;
  /** One traversal per input (e.g. the root machine's four ways in); `[undefined]` when none. */
  inputs?: readonly unknown[];
  /** Events with payloads. Event types the machine accepts but that are not listed are sent bare. */
  events?: readonly AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]);
  /**
   * What makes two snapshots the same state for the traversal. Defaults to the state value plus
   * the whole context; models whose context grows without bound (counters, lists) narrow it, and
   * `arrivedBy` gives every transition, not just every state, a path.
   */
  serializeState?: (snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) => string;
  /**
   * Send only the listed events (and delays), not every other event the states accept: the way
   * to keep simple paths, which multiply with every event, to the walks that matter.
   */
  onlyListed?: boolean;
  /**
   * Event types the paths never send bare: reports that would multiply the paths (tested beside
   * the machine). Sent only with the payloads `events` lists for the snapshot.
   */
  ignored?: readonly string[];
}

export interface ModelPath {
  input: unknown;
  /**
   * The state the path ends in: a snapshot the traversal counts as the same, so compare its value
   * and its serializeState, not every detail of its context.
   */
  state: AnyMachineSnapshot;
  /** The events to send, in order (without the initial `xstate.init`). */
  events: AnyEventObject[];
}

/**
 * Questions one actor asks another by event (the tabs actor's `document.inspect`): the answer is
 * an event back and the state stays as it was, so walking them would only repeat every state.
 * The machine's own tests ask them.
 */
const QUESTIONS: ReadonlySet<string> = new Set(['document.inspect']);

/** Event types the snapshot's active states have transitions for, questions left out. */
export function acceptedEventTypes(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))].filter((type) => !QUESTIONS.has(type));
}

export function traversalEvents(model: PathModel) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const payloads = typeof model.events === 'function' ? model.events(snapshot) : (model.events ?? []);
    return acceptedEventTypes(snapshot).flatMap((type) => {
      const withPayload = payloads.filter((event) => event.type === type);
      if (withPayload.length > 0) return [...withPayload];
      if (model.ignored?.includes(type)) return [];
      return model.onlyListed && !type.startsWith('xstate.after.') ? [] : [{ type }];
    });
  };
}

/** What a serialisation reads of a snapshot (xstate types both as `any` in AnyMachineSnapshot). */
export type SnapshotState = { value: unknown; context: unknown };

const defaultSerialize = (snapshot: SnapshotState) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * For serializeState: the event that changed the state value, so that each transition between
 * two states gets its own path while events that only update context do not multiply them.
 */
export function arrivedBy(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) {
  if (!event || !previous || JSON.stringify(previous.value) === JSON.stringify(snapshot.value)) return null;
  return event.type;
}

function generate(model: PathModel, kind: 'shortest' | 'simple'): ModelPath[] {
  const generator = kind === 'shortest' ? getShortestPaths : getSimplePaths;
  return (model.inputs ?? [undefined]).flatMap((input) =>
    generator(model.machine, {
      input,
      events: traversalEvents(model),
      serializeState: (snapshot, event: EventObject | undefined, previous) =>
        (model.serializeState ?? defaultSerialize)(snapshot as AnyMachineSnapshot, event, previous as AnyMachineSnapshot | undefined),
    }).map((path) => ({
      input,
      state: path.state as AnyMachineSnapshot,
      events: path.steps.map((step) => step.event as AnyEventObject).filter((event) => event.type !== 'xstate.init'),
    })),
  );
}

export const shortestPaths = (model: PathModel) => generate(model, 'shortest');
export const simplePaths = (model: PathModel) => generate(model, 'simple');

/** Drops every path that another path of the same input starts with: what is left covers the rest. */
export function withoutPrefixPaths(paths: readonly ModelPath[]): ModelPath[] {
  const keyOf = (path: ModelPath) => [JSON.stringify(path.input), ...path.events.map((event) => JSON.stringify(event))];
  const keys = paths.map(keyOf);
  return paths.filter((_, index) => {
    const own = keys[index]!;
    return !keys.some(
      (other, otherIndex) => otherIndex !== index && other.length > own.length && own.every((part, position) => other[position] === part),
    );
  });
}

// --- Readable steps -------------------------------------------------------------------------

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;
const DELAY_EVENT = /^xstate\.after\.([^.]+)\.(.+)$/;

function payloadText(value: unknown): string {
  if (value === undefined) return '';
  if (value instanceof Error) return value.message;
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** One QA-readable line per event. */
function describeEvent(event: EventObject, machine: AnyStateMachine): string {
  const actor = ACTOR_EVENT.exec(event.type);
  if (actor) {
    const detail = payloadText(actor[1] === 'done' ? (event as { output?: unknown }).output : (event as { error?: unknown }).error);
    return actor[1] === 'done'
      ? `the call "${actor[2]}" succeeds${detail ? ` with ${detail}` : ''}`
      : `the call "${actor[2]}" fails${detail ? `: ${detail}` : ''}`;
  }
  const delay = DELAY_EVENT.exec(event.type);
  if (delay) {
    const configured = machine.implementations.delays[delay[1] ?? ''];
    const ms = typeof configured === 'number' ? ` (${configured} ms)` : '';
    return `wait for "${delay[1]}"${ms}`;
  }
  const { type, ...payload } = event;
  const detail = payloadText(Object.keys(payload).length > 0 ? payload : undefined);
  return `send "${type}"${detail ? ` ${detail}` : ''}`;
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  const tags = [...snapshot.tags];
  return tags.length > 0 ? `${value} [${tags.join(', ')}]` : value;
}

/** A path as numbered steps: the start, each event, and the state it must end in. */
export function describePath(path: ModelPath, machine: AnyStateMachine): string[] {
  const start = path.input === undefined ? 'start' : `start with input ${payloadText(path.input)}`;
  return [
    `1. ${start}`,
    ...path.events.map((event, index) => `${index + 2}. ${describeEvent(event, machine)}`),
    `   expect: ${describeState(path.state)}`,
  ];
}
