import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  addAnotherErrorTitle,
  addAnotherMachine,
  countOf,
  maxCountOf,
  removalChanges,
  removeErrorTitle,
  type AddAnotherContext,
  type AddAnotherInput,
  type AddAnotherSnapshot,
} from '../../machines/addAnotherMachine';
import { connectAddAnother } from '../../machines/addAnotherView';
import { api } from '../../machines/api/endpoints';
import { ApiError } from '../../machines/api/httpClient';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { ADD_ANOTHER_MAX } from '../../src/catalogue/limits';
import { ADD_ANOTHER_GROUPS } from '../../src/catalogue/questions';
import { addAnotherModel } from '../qa/models/addAnother';
import { busyWhileRequesting, failureIsReadable, invariantSuite } from './helpers/invariants';
import { controlledActors, startWithSiblings } from './helpers/siblingHarness';
import { createGate, startInSystem } from './helpers/system';

const APPLICANT: AddAnotherInput = { role: 'applicant' };
const ALL_ONE = Object.fromEntries(ADD_ANOTHER_GROUPS.map((group) => [group.buttonId, 1]));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The add-another actor created for who is using the app (a visitor unless said). */
function start(input: AddAnotherInput = { role: 'visitor' }) {
  const control = controlledActors(['loadCounts', 'saveCount', 'saveRemovedCount']);
  const run = startWithSiblings(addAnotherMachine.provide({ actors: control.actors }), { systemId: SYSTEM_IDS.addAnother, input });
  const context = () => run.snapshot().context as AddAnotherContext;
  return { ...run, control, context, send: (event: AnyEventObject) => run.subject.send(event) };
}

async function loggedIn(counts: Record<string, number> = {}) {
  const t = start(APPLICANT);
  await t.control.resolve('loadCounts', counts);
  return t;
}

describe('addAnotherMachine', () => {
  it('keeps every group at one slot and offers no button to a visitor', () => {
    const t = start();
    expect(connectAddAnother(t.snapshot(), () => {}).removable).toBe(false);
    expect(t.context().counts).toEqual(ALL_ONE);
    expect(t.snapshot().can({ type: 'add', buttonId: 'legacy' })).toBe(false);
    t.stop();
  });

  it("loads a logged-in applicant's saved counts, within each group limit", async () => {
    const t = start(APPLICANT);
    expect(t.snapshot().matches('loading')).toBe(true);
    expect(t.snapshot().hasTag('busy')).toBe(true);
    await t.control.resolve('loadCounts', { legacy: 3, parents: 7, activities: 0 });
    expect(t.snapshot().matches('ready')).toBe(true);
    expect(t.context().counts).toEqual({ ...ALL_ONE, legacy: 3, parents: 2, activities: 1 });
    expect(countOf(t.snapshot() as AddAnotherSnapshot, 'legacy')).toBe(3);
    t.stop();
  });

  it('saves each new count and stops at the group maximum', async () => {
    const t = await loggedIn();
    expect(t.snapshot().can({ type: 'add', buttonId: 'parents' })).toBe(true);
    t.send({ type: 'add', buttonId: 'parents' });
    expect(t.snapshot().matches('saving')).toBe(true);
    expect(t.control.calls[1]).toMatchObject({ name: 'saveCount', input: { buttonId: 'parents', count: 2 } });
    await t.control.resolve('saveCount', { message: 'Saved.' });
    expect(t.context().counts.parents).toBe(2);
    expect(t.snapshot().can({ type: 'add', buttonId: 'parents' })).toBe(false);
    t.send({ type: 'add', buttonId: 'parents' });
    expect(t.snapshot().matches('ready')).toBe(true);
    t.stop();
  });

  it('ignores a saved count that is not a whole number: the group shows its one slot', async () => {
    const t = await loggedIn({ activities: 2.5 });
    expect(connectAddAnother(t.snapshot() as AddAnotherSnapshot, t.subject.send).group('activities').count).toBe(1);
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
    expect(t.snapshot().matches('ready')).toBe(true);
    expect(t.context()).toMatchObject({ adding: null, counts: { legacy: 1 } });
    expect(addAnotherErrorTitle('legacy')).toBe('Error adding another legacy');
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error adding another legacy', message: 'Server trouble.' } },
    ]);
    // The action's error: the page stays.
    expect(t.received(SYSTEM_IDS.app)).toEqual([]);
    t.stop();
  });

  it('hands a 401 to the session instead of toasting', async () => {
    const t = start(APPLICANT);
    await t.control.reject('loadCounts', new ApiError('invalid', 'unauthorised', 401));
    expect(t.snapshot().matches('ready')).toBe(true);
    t.send({ type: 'add', buttonId: 'legacy' });
    await t.control.reject('saveCount', new ApiError('invalid', 'unauthorised', 401));
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.unauthorised' }, { type: 'session.unauthorised' }]);
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    expect(t.received(SYSTEM_IDS.app)).toEqual([]);
    t.stop();
  });

  it("sends the page to the root error screen when the counts cannot be loaded (the page's error, not a toast)", async () => {
    const t = start(APPLICANT);
    await t.control.reject('loadCounts', new ApiError('Server trouble.', 'http', 500));
    // One slot per group would hide every added parent's answers: the page is not shown at all.
    expect(t.received(SYSTEM_IDS.app)).toEqual([{ type: 'app.pageFailed', message: 'Server trouble.' }]);
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    t.stop();
  });

  it("shows staff the staff copy's counts read-only, loading nothing", () => {
    const t = start({ role: 'staff', counts: { sibling_apply: 3 } });
    expect(connectAddAnother(t.snapshot(), () => {}).removable).toBe(false);
    expect(t.context().counts).toEqual({ ...ALL_ONE, sibling_apply: 3 });
    expect(t.snapshot().can({ type: 'add', buttonId: 'legacy' })).toBe(false);
    expect(t.control.calls).toEqual([]);
    t.stop();
  });

  it('calls the API with the new count', async () => {
    vi.spyOn(api, 'addAnotherCounts').mockResolvedValue({ activities: 2 });
    const save = vi.spyOn(api, 'saveAddAnother').mockResolvedValue({ message: 'Saved.' });
    const actor = createActor(addAnotherMachine, { input: APPLICANT }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'add', buttonId: 'activities' });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith('activities', 3, expect.any(AbortSignal));
    expect(actor.getSnapshot().context.counts.activities).toBe(3);
    actor.stop();
  });
});

describe('addAnotherMachine: removing an added item (issue 13)', () => {
  const ACTIVITIES = ADD_ANOTHER_GROUPS.find((group) => group.buttonId === 'activities')!;
  /** Activities 1 to 3, each named, the second with a chosen option and its display text. */
  const ANSWERS = {
    activity_name: 'Chess',
    activity_2_name: 'Choir',
    activity_2_position: 'Alto',
    activity_2_continue: 'yes',
    activity_2_continue_desc: 'Yes',
    activity_3_name: 'Rowing',
    activity_3_position: 'Stroke',
  };

  it('moves each later item down one place and empties the last, keeping option texts with their answers', () => {
    const changes = removalChanges(ACTIVITIES, 3, 1, ANSWERS);
    expect(changes).toMatchObject({
      activity_2_name: 'Rowing',
      activity_2_position: 'Stroke',
      activity_2_continue: '',
      activity_2_continue_desc: '',
      activity_3_name: '',
      activity_3_position: '',
    });
    // The first activity is untouched; nothing beyond the items there were.
    expect(Object.keys(changes).some((key) => key.startsWith('activity_name') || key.startsWith('activity_4_'))).toBe(false);
    // Removing the last item only empties it.
    expect(removalChanges(ACTIVITIES, 3, 2, ANSWERS)).toMatchObject({ activity_3_name: '', activity_3_position: '' });
    expect(removalChanges(ACTIVITIES, 3, 2, ANSWERS).activity_2_name).toBeUndefined();
  });

  it('moves an option’s display text with its answer, and gives none to answers that have none', () => {
    const answers = {
      activity_name: 'Chess',
      activity_2_name: 'Choir',
      activity_3_name: 'Rowing',
      activity_3_continue: 'no',
      activity_3_continue_desc: 'No',
    };
    const changes = removalChanges(ACTIVITIES, 3, 1, answers);
    expect(changes).toMatchObject({
      activity_2_name: 'Rowing',
      activity_2_continue: 'no',
      activity_2_continue_desc: 'No',
      activity_3_name: '',
      activity_3_continue: '',
      activity_3_continue_desc: '',
    });
    expect(Object.keys(changes).filter((key) => key.endsWith('_desc'))).toEqual(['activity_2_continue_desc', 'activity_3_continue_desc']);
  });

  it('empties the last place even when answers lie beyond the items there are', () => {
    const answers = { ...ANSWERS, activity_4_name: 'Left over' };
    expect(removalChanges(ACTIVITIES, 3, 2, answers)).toMatchObject({ activity_3_name: '' });
    expect(removalChanges(ACTIVITIES, 3, 1, answers)).toMatchObject({ activity_2_name: 'Rowing', activity_3_name: '' });
  });

  const viewOf = (t: Awaited<ReturnType<typeof loggedIn>>) => connectAddAnother(t.snapshot() as AddAnotherSnapshot, t.subject.send);

  it('does not ask about a slot that is not a whole number', async () => {
    const t = await loggedIn({ activities: 3 });
    t.send({ type: 'remove', buttonId: 'activities', slot: 1.5, answers: ANSWERS });
    expect(viewOf(t).group('activities').asking).toBeNull();
    expect(viewOf(t).removable).toBe(true);
    t.stop();
  });

  it('ends a removal without a toast when the session is lost while the answers are saved (the login page says why)', async () => {
    const t = await loggedIn({ activities: 3 });
    t.send({ type: 'remove', buttonId: 'activities', slot: 1, answers: ANSWERS });
    t.send({ type: 'remove.confirm' });
    t.send({ type: 'answers.saveFailed', reason: 'unauthorised', message: 'Your session has ended.' });
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    expect(viewOf(t).removable).toBe(true);
    expect(viewOf(t).group('activities')).toMatchObject({ count: 3, asking: null, removingSlot: null });
    t.stop();
  });

  it('hands a 401 of the smaller count’s save to the session instead of toasting', async () => {
    const t = await loggedIn({ activities: 3 });
    t.send({ type: 'remove', buttonId: 'activities', slot: 1, answers: ANSWERS });
    t.send({ type: 'remove.confirm' });
    t.send({ type: 'answers.saved', answers: {} });
    await t.control.reject('saveRemovedCount', new ApiError('invalid', 'unauthorised', 401));
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.unauthorised' }]);
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    expect(viewOf(t).group('activities')).toMatchObject({ count: 3, removingSlot: null });
    t.stop();
  });

  it('after a removal whose count could not be saved, adding shows no slot being removed', async () => {
    const t = await loggedIn({ activities: 3 });
    t.send({ type: 'remove', buttonId: 'activities', slot: 2, answers: ANSWERS });
    t.send({ type: 'remove.confirm' });
    t.send({ type: 'answers.saved', answers: {} });
    await t.control.reject('saveRemovedCount', new ApiError('Still down.', 'http', 500));
    viewOf(t).group('activities').add();
    expect(viewOf(t).group('activities')).toMatchObject({ adding: true, removingSlot: null });
    t.stop();
  });

  it('asks first; Cancel changes nothing, on the page or on the server', async () => {
    const t = await loggedIn({ activities: 3 });
    expect(t.snapshot().can({ type: 'remove', buttonId: 'activities', slot: 0, answers: ANSWERS })).toBe(false);
    expect(t.snapshot().can({ type: 'remove', buttonId: 'activities', slot: 3, answers: ANSWERS })).toBe(false);
    t.send({ type: 'remove', buttonId: 'activities', slot: 1, answers: ANSWERS });
    expect(t.snapshot().hasTag('asking')).toBe(true);
    t.send({ type: 'remove.cancel' });
    expect(t.snapshot().matches('ready')).toBe(true);
    expect(t.context()).toMatchObject({ removing: null, counts: { activities: 3 } });
    expect(t.received(SYSTEM_IDS.answers)).toEqual([]);
    expect(t.control.calls.map((call) => call.name)).toEqual(['loadCounts']);
    t.stop();
  });

  it('once confirmed, moves the answers, has the answers actor save them, then saves the smaller count and says so', async () => {
    const t = await loggedIn({ activities: 3 });
    const told: unknown[] = [];
    t.subject.on('addAnother.removed', (event: unknown) => void told.push(event));
    t.send({ type: 'remove', buttonId: 'activities', slot: 1, answers: ANSWERS });
    t.send({ type: 'remove.confirm' });
    expect(t.received(SYSTEM_IDS.answers)).toEqual([
      { type: 'answers.setMany', answers: removalChanges(ACTIVITIES, 3, 1, ANSWERS) },
      { type: 'answers.save', replyTo: SYSTEM_IDS.addAnother },
    ]);
    // Nothing about the count until the answers are on the server.
    expect(t.control.calls.map((call) => call.name)).toEqual(['loadCounts']);
    t.send({ type: 'answers.saved', answers: {} });
    expect(t.control.calls[1]).toMatchObject({ id: 'saveRemovedCount', input: { buttonId: 'activities', count: 2 } });
    expect(t.context().counts.activities).toBe(3);
    await t.control.resolve('saveRemovedCount', { message: 'Saved.' });
    expect(t.context()).toMatchObject({ removing: null, counts: { activities: 2 } });
    expect(told).toEqual([{ type: 'addAnother.removed', buttonId: 'activities', slot: 1, title: 'Activity 2' }]);
    t.stop();
  });

  it('toasts when the answers or the count cannot be saved, and keeps the count', async () => {
    const t = await loggedIn({ activities: 3 });
    t.send({ type: 'remove', buttonId: 'activities', slot: 2, answers: ANSWERS });
    t.send({ type: 'remove.confirm' });
    t.send({ type: 'answers.saveFailed', reason: 'error', message: 'Server trouble.' });
    expect(t.context()).toMatchObject({ removing: null, counts: { activities: 3 } });
    t.send({ type: 'remove', buttonId: 'activities', slot: 2, answers: ANSWERS });
    t.send({ type: 'remove.confirm' });
    t.send({ type: 'answers.saved', answers: {} });
    await t.control.reject('saveRemovedCount', new ApiError('Still down.', 'http', 500));
    expect(t.context().counts.activities).toBe(3);
    expect(removeErrorTitle('Activity 3')).toBe('Error removing Activity 3');
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error removing Activity 3', message: 'Server trouble.' } },
      { type: 'toast.show', toast: { severity: 'error', title: 'Error removing Activity 3', message: 'Still down.' } },
    ]);
    t.stop();
  });
});

invariantSuite(
  addAnotherModel,
  (path) => {
    const gate = createGate();
    const machine = addAnotherMachine.provide({ actors: { loadCounts: gate.actor(), saveCount: gate.actor() } });
    return {
      machine,
      gate,
      ...startInSystem(machine, { systemId: SYSTEM_IDS.addAnother, input: path.input, spies: [SYSTEM_IDS.toasts, SYSTEM_IDS.session] }),
    };
  },
  [
    // While the answers actor saves the moved answers, the removal waits on it: busy without a request of its own.
    busyWhileRequesting(['loadCounts', 'saveCount', 'saveRemovedCount'], { waitingOnSibling: ['savingMovedAnswers'] }),
    {
      name: 'a slot appears or goes only once the server saved the count, one at a time',
      check: (step) => {
        const before = step.before.context as AddAnotherContext;
        const after = step.after.context as AddAnotherContext;
        if (step.event.type === 'xstate.done.actor.loadCounts') return;
        for (const [buttonId, count] of Object.entries(after.counts)) {
          const earlier = before.counts[buttonId] ?? count;
          if (count === earlier) continue;
          // A removal lowers the count once the server saved the smaller one; an addition raises it once saved.
          if (step.event.type === 'xstate.done.actor.saveRemovedCount') {
            expect(count).toBe(earlier - 1);
            continue;
          }
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
  ],
);
