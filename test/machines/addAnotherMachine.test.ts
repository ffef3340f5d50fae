import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  addAnotherErrorTitle,
  addAnotherMachine,
  countOf,
  maxCountOf,
  type AddAnotherContext,
  type AddAnotherSnapshot,
} from '../../machines/addAnotherMachine';
import { api } from '../../machines/api/endpoints';
import { ApiError } from '../../machines/api/httpClient';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { ADD_ANOTHER_MAX } from '../../src/catalogue/limits';
import { ADD_ANOTHER_GROUPS } from '../../src/catalogue/questions';
import { addAnotherModel } from '../../machines/paths/addAnother';
import { busyWhileRequesting, failureIsReadable, invariantSuite } from './helpers/invariants';
import { controlledActors, startWithSiblings } from './helpers/siblingHarness';
import { createGate, startInSystem } from './helpers/system';

const student = { type: 'app.context', loggedIn: true, serviceUser: false } as const;
const loggedOut = { type: 'app.context', loggedIn: false, serviceUser: false } as const;
const serviceUser = { type: 'app.context', loggedIn: false, serviceUser: true } as const;
const ALL_ONE = Object.fromEntries(ADD_ANOTHER_GROUPS.map((group) => [group.buttonId, 1]));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start() {
  const control = controlledActors(['loadCounts', 'saveCount']);
  const run = startWithSiblings(addAnotherMachine.provide({ actors: control.actors }), { systemId: SYSTEM_IDS.addAnother });
  const context = () => run.snapshot().context as AddAnotherContext;
  return { ...run, control, context, send: (event: AnyEventObject) => run.subject.send(event) };
}

async function loggedIn(counts: Record<string, number> = {}) {
  const t = start();
  t.send(student);
  await t.control.resolve('loadCounts', counts);
  return t;
}

describe('addAnotherMachine', () => {
  it('keeps every group at one slot and offers no button while logged out', () => {
    const t = start();
    expect(t.snapshot().matches('off')).toBe(true);
    expect(t.context().counts).toEqual(ALL_ONE);
    expect(t.snapshot().can({ type: 'add', buttonId: 'legacy' })).toBe(false);
    t.stop();
  });

  it('loads the saved counts when a student logs in, within each group limit', async () => {
    const t = start();
    t.send(student);
    expect(t.snapshot().matches({ on: 'loading' })).toBe(true);
    expect(t.snapshot().hasTag('busy')).toBe(true);
    await t.control.resolve('loadCounts', { legacy: 3, parents: 7, activities: 0 });
    expect(t.snapshot().matches({ on: 'ready' })).toBe(true);
    expect(t.context().counts).toEqual({ ...ALL_ONE, legacy: 3, parents: 2, activities: 1 });
    expect(countOf(t.snapshot() as AddAnotherSnapshot, 'legacy')).toBe(3);
    t.stop();
  });

  it('saves each new count and stops at the group maximum', async () => {
    const t = await loggedIn();
    expect(t.snapshot().can({ type: 'add', buttonId: 'parents' })).toBe(true);
    t.send({ type: 'add', buttonId: 'parents' });
    expect(t.snapshot().matches({ on: 'saving' })).toBe(true);
    expect(t.control.calls[1]).toMatchObject({ name: 'saveCount', input: { buttonId: 'parents', count: 2 } });
    await t.control.resolve('saveCount', { message: 'Saved.' });
    expect(t.context().counts.parents).toBe(2);
    expect(t.snapshot().can({ type: 'add', buttonId: 'parents' })).toBe(false);
    t.send({ type: 'add', buttonId: 'parents' });
    expect(t.snapshot().matches({ on: 'ready' })).toBe(true);
    t.stop();
  });

  it('never allows more than 10, nor unknown buttons', () => {
    for (const group of ADD_ANOTHER_GROUPS) expect(maxCountOf(group.buttonId)).toBeLessThanOrEqual(ADD_ANOTHER_MAX);
    expect(maxCountOf('unknown')).toBe(1);
  });

  it("toasts 'Error adding another' with the button id when saving fails", async () => {
    const t = await loggedIn();
    t.send({ type: 'add', buttonId: 'legacy' });
    await t.control.reject('saveCount', new ApiError('Server trouble.', 'http', 500));
    expect(t.snapshot().matches({ on: 'ready' })).toBe(true);
    expect(t.context()).toMatchObject({ adding: null, counts: { legacy: 1 } });
    expect(addAnotherErrorTitle('legacy')).toBe('Error adding another legacy');
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error adding another legacy', message: 'Server trouble.' } },
    ]);
    t.stop();
  });

  it('hands a 401 to the session instead of toasting', async () => {
    const t = start();
    t.send(student);
    await t.control.reject('loadCounts', new ApiError('invalid', 'unauthorised', 401));
    expect(t.snapshot().matches({ on: 'ready' })).toBe(true);
    t.send({ type: 'add', buttonId: 'legacy' });
    await t.control.reject('saveCount', new ApiError('invalid', 'unauthorised', 401));
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.unauthorised' }, { type: 'session.unauthorised' }]);
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    t.stop();
  });

  it('keeps the defaults when the counts cannot be loaded', async () => {
    const t = start();
    t.send(student);
    await t.control.reject('loadCounts', new ApiError('down', 'network', undefined));
    expect(t.snapshot().matches({ on: 'ready' })).toBe(true);
    expect(t.context().counts).toEqual(ALL_ONE);
    t.stop();
  });

  it('forgets the counts on logout', async () => {
    const t = await loggedIn({ legacy: 4 });
    t.send(loggedOut);
    expect(t.snapshot().matches('off')).toBe(true);
    expect(t.context().counts).toEqual(ALL_ONE);
    t.stop();
  });

  it('shows service data read-only', () => {
    const t = start();
    t.send({ type: 'counts.replace', counts: { sibling_apply: 3 } });
    t.send(serviceUser);
    expect(t.snapshot().matches('readOnly')).toBe(true);
    expect(t.context().counts.sibling_apply).toBe(3);
    expect(t.snapshot().can({ type: 'add', buttonId: 'legacy' })).toBe(false);
    t.send(loggedOut);
    expect(t.snapshot().matches('off')).toBe(true);
    expect(t.context().counts).toEqual(ALL_ONE);
    t.send(serviceUser);
    t.send(student);
    expect(t.snapshot().matches({ on: 'loading' })).toBe(true);
    t.stop();
  });

  it('calls the API with the new count', async () => {
    vi.spyOn(api, 'addAnotherCounts').mockResolvedValue({ activities: 2 });
    const save = vi.spyOn(api, 'saveAddAnother').mockResolvedValue({ message: 'Saved.' });
    const actor = createActor(addAnotherMachine).start();
    actor.send(student);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'add', buttonId: 'activities' });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith('activities', 3, expect.any(AbortSignal));
    expect(actor.getSnapshot().context.counts.activities).toBe(3);
    actor.stop();
  });
});

invariantSuite(addAnotherModel, () => {
  const gate = createGate();
  const machine = addAnotherMachine.provide({ actors: { loadCounts: gate.actor(), saveCount: gate.actor() } });
  return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.addAnother, spies: [SYSTEM_IDS.toasts, SYSTEM_IDS.session] }) };
}, [
  busyWhileRequesting(['loadCounts', 'saveCount']),
  {
    name: 'a new slot appears only once the server saved it, one at a time',
    check: (step) => {
      const before = step.before.context as AddAnotherContext;
      const after = step.after.context as AddAnotherContext;
      if (step.event.type === 'counts.replace' || step.event.type === 'app.context' || step.event.type === 'xstate.done.actor.loadCounts')
        return;
      for (const [buttonId, count] of Object.entries(after.counts)) {
        const earlier = before.counts[buttonId] ?? count;
        if (count === earlier) continue;
        expect(step.event.type).toBe('xstate.done.actor.saveCount');
        expect(count).toBe(earlier + 1);
      }
    },
  },
  {
    name: 'no button ever holds more slots than its group allows',
    check: (step) => {
      for (const [buttonId, count] of Object.entries((step.after.context as AddAnotherContext).counts)) {
        expect(count).toBeLessThanOrEqual(maxCountOf(buttonId));
      }
    },
  },
  {
    name: 'a failed save ends in a message the user can read',
    check: (step) => {
      if (step.event.type === 'xstate.error.actor.saveCount') failureIsReadable().check(step);
    },
  },
]);
