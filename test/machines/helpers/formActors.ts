import type { AnyStateMachine } from 'xstate';
import { formActors, type FormActors } from '../../../machines/formActors';
import { pageActors, type PageActors } from '../../../machines/pageActors';
import { offline, type Gate } from './system';

const isMachine = (logic: unknown): logic is AnyStateMachine => logic !== null && typeof logic === 'object' && 'getStateNodeById' in logic;

/**
 * What the root's `loadFormActors` call resolves with in the tests: the form actors' module with
 * every call of every machine waiting on the gate, as `offline` does for the root's own actors.
 */
export function offlineFormActors(gate: Gate): FormActors {
  return Object.fromEntries(
    Object.entries(formActors).map(([name, logic]) => [name, isMachine(logic) ? offline(logic, gate) : logic]),
  ) as FormActors;
}

/** What the root's `loadPageActors` call resolves with in the tests, likewise (machines/pageActors). */
export function offlinePageActors(gate: Gate): PageActors {
  return Object.fromEntries(
    Object.entries(pageActors).map(([name, logic]) => [name, isMachine(logic) ? offline(logic, gate) : logic]),
  ) as PageActors;
}
