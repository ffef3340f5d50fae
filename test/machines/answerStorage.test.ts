import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, sendTo, spawnChild, type EventObject } from 'xstate';
import { draftKey, sessionStorageStore, type Draft, type StoreEvent } from '../../machines/answerDrafts';

/*
 * Where the answers actor keeps what the server has not confirmed (issue 12): an anonymous
 * visitor's answers in sessionStorage (a reload loses nothing), an account's drafts in localStorage.
 */

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

/** Nothing was typed before (or it could not be read): the store says so at start, and the answers actor goes on. */
const NOTHING_TYPED = { type: 'answers.restored', answers: {} };

/** The store under a parent that records what it sends back and forwards the test's events to it. */
function startStore() {
  const heard: EventObject[] = [];
  const parent = createActor(
    createMachine({
      entry: spawnChild(sessionStorageStore, { id: 'store' }),
      on: {
        forward: { actions: sendTo('store', ({ event }) => (event as unknown as { event: StoreEvent }).event) },
        '*': { actions: ({ event }) => void heard.push(event) },
      },
    }),
  ).start();
  return { heard, tell: (event: StoreEvent) => parent.send({ type: 'forward', event }) };
}

function withStorages() {
  const session = new MemoryStorage();
  const local = new MemoryStorage();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
  return { session, local };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an anonymous visitor’s answers (sessionStorage)', () => {
  it('are given back when the page starts again', () => {
    const { session } = withStorages();
    session.setItem('admissions.answers', JSON.stringify({ first_name: 'Ada' }));
    expect(startStore().heard).toEqual([{ type: 'answers.restored', answers: { first_name: 'Ada' } }]);
  });

  it('are written on each change and forgotten when cleared', () => {
    const { session } = withStorages();
    const store = startStore();
    expect(store.heard).toEqual([NOTHING_TYPED]);
    store.tell({ type: 'store.write', answers: { city: 'Boston' } });
    expect(JSON.parse(session.getItem('admissions.answers') ?? 'null')).toEqual({ city: 'Boston' });
    store.tell({ type: 'store.clear' });
    expect(session.getItem('admissions.answers')).toBeNull();
  });

  it('are dropped, not thrown, when what is stored is not readable', () => {
    const { session } = withStorages();
    session.setItem('admissions.answers', '{not json');
    expect(startStore().heard).toEqual([NOTHING_TYPED]);
    expect(session.getItem('admissions.answers')).toBeNull();
  });
});

describe('an account’s draft (localStorage, one per account)', () => {
  const draft: Draft = { base: 3, changes: { city: 'Boston' } };

  it('is written, read back for its owner only, and cleared', () => {
    const { local } = withStorages();
    const store = startStore();
    store.tell({ type: 'draft.write', owner: 'ada@example.edu', draft });
    expect(local.getItem(draftKey('ada@example.edu'))).not.toBeNull();
    store.tell({ type: 'draft.read', owner: 'ada@example.edu' });
    store.tell({ type: 'draft.read', owner: 'bob@example.edu' });
    expect(store.heard).toEqual([
      NOTHING_TYPED,
      { type: 'answers.draft', owner: 'ada@example.edu', draft },
      { type: 'answers.draft', owner: 'bob@example.edu', draft: null },
    ]);
    store.tell({ type: 'draft.clear', owner: 'ada@example.edu' });
    expect(local.getItem(draftKey('ada@example.edu'))).toBeNull();
  });

  it('reads as none when what is stored is not readable', () => {
    const { local } = withStorages();
    local.setItem(draftKey('ada@example.edu'), '{not json');
    const store = startStore();
    store.tell({ type: 'draft.read', owner: 'ada@example.edu' });
    expect(store.heard).toEqual([NOTHING_TYPED, { type: 'answers.draft', owner: 'ada@example.edu', draft: null }]);
  });

  it('has a key naming its owner', () => {
    expect(draftKey('ada@example.edu')).toBe('admissions.draft.ada@example.edu');
  });
});

it('runs where there is no storage at all (an answer read gives no draft)', () => {
  const store = startStore();
  store.tell({ type: 'store.write', answers: { city: 'Boston' } });
  store.tell({ type: 'draft.read', owner: 'ada@example.edu' });
  expect(store.heard).toEqual([NOTHING_TYPED, { type: 'answers.draft', owner: 'ada@example.edu', draft: null }]);
});
