import type { AnyStateMachine, AnyMachineSnapshot, StateValue } from 'xstate';
import { expect } from 'vitest';

/**
 * Every state node id of a machine (compound, parallel and atomic), the root excluded, but for a
 * choice made at once (a state with only eventless transitions, left in the step that enters it):
 * no snapshot rests there.
 */
function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  type StateNodeLike = { id: string; states: Record<string, StateNodeLike>; always?: unknown[]; on: object };
  const choice = (node: StateNodeLike) => (node.always?.length ?? 0) > 0 && Object.keys(node.on).length === 0;
  const visit = (node: StateNodeLike) => {
    for (const child of Object.values(node.states)) {
      if (!choice(child)) ids.push(child.id);
      visit(child);
    }
  };
  visit(machine.root as StateNodeLike);
  return ids;
}

/** The state node ids a snapshot is in, from its value (default ids are `machineId.path.to.state`). */
function activeStateIds(machineId: string, value: StateValue): string[] {
  const ids: string[] = [];
  const walk = (prefix: string, current: StateValue) => {
    if (typeof current === 'string') {
      ids.push(`${prefix}.${current}`);
      return;
    }
    for (const [key, child] of Object.entries(current)) {
      ids.push(`${prefix}.${key}`);
      if (child !== undefined) walk(`${prefix}.${key}`, child);
    }
  };
  walk(machineId, value);
  return ids;
}

/** Asserts that the generated paths, taken together, reach every state of the machine. */
export function expectEveryStateReached(machine: AnyStateMachine, snapshots: readonly AnyMachineSnapshot[]): void {
  const reached = new Set(snapshots.flatMap((snapshot) => activeStateIds(machine.id, snapshot.value as StateValue)));
  const missing = allStateIds(machine).filter((id) => !reached.has(id));
  expect(missing, `states of ${machine.id} reached by no generated path`).toEqual([]);
}
