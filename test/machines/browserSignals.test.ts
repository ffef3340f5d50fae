import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, spawnChild, type EventObject } from 'xstate';
import { beforeUnloadGuard, browserConnection, saveRetryDelay } from '../../machines/browserSignals';

/** A browser window as far as these listeners go: its events, and whether it says it is online. */
function fakeBrowser(onLine = true) {
  const window = new EventTarget();
  vi.stubGlobal('window', window);
  vi.stubGlobal('navigator', { onLine });
  return window;
}

function startUnder(logic: typeof browserConnection | typeof beforeUnloadGuard) {
  const heard: EventObject[] = [];
  const parent = createActor(
    createMachine({ entry: spawnChild(logic, { id: 'signal' }), on: { '*': { actions: ({ event }) => void heard.push(event) } } }),
  ).start();
  return { heard, stop: () => parent.stop() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the network as the browser tells it', () => {
  it('says offline at once when the page starts offline, then each change', () => {
    const window = fakeBrowser(false);
    const run = startUnder(browserConnection);
    expect(run.heard).toEqual([{ type: 'connection.offline' }]);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('offline'));
    expect(run.heard).toEqual([{ type: 'connection.offline' }, { type: 'connection.online' }, { type: 'connection.offline' }]);
  });

  it('says nothing at start when online, and stops listening once stopped', () => {
    const window = fakeBrowser(true);
    const run = startUnder(browserConnection);
    expect(run.heard).toEqual([]);
    run.stop();
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('offline'));
    expect(run.heard).toEqual([]);
  });

  it('runs without a browser (the server render, the tests of other machines)', () => {
    expect(startUnder(browserConnection).heard).toEqual([]);
  });
});

describe('leaving with answers not saved', () => {
  it('asks the browser to confirm while it runs, and no longer once stopped', () => {
    const window = fakeBrowser();
    const run = startUnder(beforeUnloadGuard);
    const leaving = new Event('beforeunload', { cancelable: true });
    // What older browsers read: a plain field here (Node's Event turns it into a boolean).
    Object.defineProperty(leaving, 'returnValue', { value: undefined, writable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    expect(leaving.returnValue).toBe('');
    run.stop();
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('runs without a browser', () => {
    expect(() => startUnder(beforeUnloadGuard).stop()).not.toThrow();
  });
});

it('waits 2 s, then twice as long each time, up to a minute, before saving again (issue 12)', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(saveRetryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
});
