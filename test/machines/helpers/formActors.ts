import { sessionStorageStore } from '../../../machines/answerDrafts';
import { answersMachine } from '../../../machines/answersMachine';
import { applicationMachine } from '../../../machines/applicationMachine';
import { offline, type Gate } from './system';

/**
 * What the root's `loadApplication` call resolves with in the tests: the application's machine
 * with every call of every form actor waiting on the gate, as `offline` does for the root's own
 * actors, except the answers' store on this device (sessionStorage, localStorage), which is the
 * real one: a test gives the device its storages (`vi.stubGlobal`).
 */
export function offlineApplication(gate: Gate): typeof applicationMachine {
  const answers = offline(answersMachine, gate).provide({ actors: { answerStore: sessionStorageStore } });
  return offline(applicationMachine, gate).provide({ actors: { answers } });
}

/** A Storage kept in memory: sessionStorage or localStorage of one test's device. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
