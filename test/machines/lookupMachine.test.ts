import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { api } from '../../machines/api/endpoints';
import { ApiError } from '../../machines/api/httpClient';
import { lookupMachine, typedTextLabel, type LookupContext } from '../../machines/lookupMachine';
import { connectLookup } from '../../machines/lookupView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { currentView } from '../../src/app/actors';
import { LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_RESULTS, LOOKUP_MAX_WAIT_MS } from '../../src/catalogue/limits';
import { lookupModel, SCHOOL, SCHOOL_DETAIL as DETAIL } from '../qa/models/lookup';
import { busyWhileRequesting, invariantSuite } from './helpers/invariants';
import { controlledActors, startWithSiblings } from './helpers/siblingHarness';
import { createGate, startInSystem } from './helpers/system';

/** A detail whose name is not the suggestion's label. */
const SCHOOL_DETAIL_OTHER_NAME = { ...DETAIL, name: 'Lincoln Community High School' };

const type = (text: string) => ({ type: 'lookup.type', key: 'hs_name', text }) as const;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start() {
  const control = controlledActors(['suggestions', 'detail']);
  const run = startWithSiblings(lookupMachine.provide({ actors: control.actors }), { systemId: SYSTEM_IDS.lookup });
  const context = () => run.snapshot().context as LookupContext;
  return { ...run, control, context, send: (event: AnyEventObject) => run.subject.send(event) };
}

describe('lookupMachine: searching', () => {
  it('waits 200 ms after the last keystroke before asking', () => {
    const t = start();
    t.send(type('Lin'));
    expect(t.snapshot().matches({ waiting: 'settling' })).toBe(true);
    expect(t.snapshot().hasTag('searching')).toBe(true);
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS - 1);
    t.send(type('Linc'));
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS - 1);
    expect(t.control.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.snapshot().matches('fetching')).toBe(true);
    expect(t.control.calls.map(({ name, input }) => ({ name, input }))).toEqual([
      { name: 'suggestions', input: { text: 'Linc', category: 'hs_ceeb' } },
    ]);
    t.stop();
  });

  it('asks at the latest 500 ms after the first keystroke while typing goes on', () => {
    const t = start();
    const step = LOOKUP_DEBOUNCE_MS - 50;
    let typed = 'L';
    t.send(type(typed));
    for (let elapsed = step; elapsed < LOOKUP_MAX_WAIT_MS; elapsed += step) {
      vi.advanceTimersByTime(step);
      typed += 'i';
      t.send(type(typed));
    }
    expect(t.control.calls).toEqual([]);
    vi.advanceTimersByTime(LOOKUP_MAX_WAIT_MS - Math.floor((LOOKUP_MAX_WAIT_MS - 1) / step) * step);
    expect(t.snapshot().matches('fetching')).toBe(true);
    expect(t.control.calls).toHaveLength(1);
    t.stop();
  });

  it('asks the server for at most 5 suggestions', async () => {
    const spy = vi.spyOn(api, 'lookupSuggestions').mockResolvedValue([SCHOOL]);
    const actor = createActor(lookupMachine).start();
    actor.send(type('Lincoln'));
    await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS);
    expect(spy).toHaveBeenCalledWith({ text: 'Lincoln', category: 'hs_ceeb' }, LOOKUP_MAX_RESULTS, expect.any(AbortSignal));
    expect(LOOKUP_MAX_RESULTS).toBe(5);
    expect(actor.getSnapshot().matches('listing')).toBe(true);
    expect(actor.getSnapshot().context.suggestions).toEqual([SCHOOL]);
    actor.stop();
  });

  it('lists the suggestions, or silently none when the call fails', async () => {
    const t = start();
    t.send(type('Lincoln'));
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    await t.control.resolve('suggestions', [SCHOOL]);
    expect(t.snapshot().matches('listing')).toBe(true);
    expect(t.snapshot().hasTag('open')).toBe(true);
    expect(t.context().suggestions).toEqual([SCHOOL]);
    expect(typedTextLabel(t.context().text)).toBe('Use: Lincoln');

    t.send(type('Lincolnx'));
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    await t.control.reject('suggestions', new ApiError('down', 'network', undefined));
    expect(t.snapshot().matches('listing')).toBe(true);
    expect(t.context().suggestions).toEqual([]);
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    t.stop();
  });

  it('drops a call in flight when typing goes on, and ends the search when the field is emptied', () => {
    const t = start();
    t.send(type('Lin'));
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    t.send(type('Linc'));
    expect(t.control.calls[0]?.signal.aborted).toBe(true);
    expect(t.snapshot().matches('waiting')).toBe(true);
    t.send(type('  '));
    expect(t.snapshot().matches('idle')).toBe(true);
    expect(t.context()).toEqual({ key: null, text: '', suggestions: [], chosen: null });
    t.stop();
  });

  it('ignores fields that have no lookup', () => {
    const t = start();
    t.send({ type: 'lookup.type', key: 'first_name', text: 'Ada' });
    expect(t.snapshot().matches('idle')).toBe(true);
    t.stop();
  });
});

describe('lookupMachine: choosing', () => {
  async function listed() {
    const t = start();
    t.send(type('Lincoln'));
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    await t.control.resolve('suggestions', [SCHOOL]);
    return t;
  }

  it('fills the school fields from the chosen suggestion', async () => {
    const t = await listed();
    t.send({ type: 'lookup.choose', suggestion: SCHOOL });
    expect(t.snapshot().matches('filling')).toBe(true);
    expect(t.control.calls[1]).toMatchObject({ name: 'detail', input: { id: SCHOOL.id, category: 'hs_ceeb' } });
    await t.control.resolve('detail', { ...DETAIL, zip: 62701, country: null });
    expect(t.snapshot().matches('idle')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual([
      { type: 'answers.set', key: 'hs_ceeb', value: '123456' },
      { type: 'answers.set', key: 'hs_name', value: 'Lincoln High School' },
      { type: 'answers.set', key: 'hs_address_line_1', value: '1 Main St' },
      { type: 'answers.set', key: 'hs_city', value: 'Springfield' },
      { type: 'answers.set', key: 'hs_state', value: 'Illinois' },
      { type: 'answers.set', key: 'hs_zip', value: '62701' },
      { type: 'answers.set', key: 'hs_country', value: '' },
    ]);
    t.stop();
  });

  it('uses the label for a detail without a name', async () => {
    const t = await listed();
    t.send({ type: 'lookup.choose', suggestion: SCHOOL });
    await t.control.resolve('detail', { ...DETAIL, name: null });
    expect(t.received(SYSTEM_IDS.answers)).toContainEqual({ type: 'answers.set', key: 'hs_name', value: SCHOOL.text });
    t.stop();
  });

  it('puts the chosen label in the main field when the detail call fails', async () => {
    const t = await listed();
    t.send({ type: 'lookup.choose', suggestion: SCHOOL });
    await t.control.reject('detail', new ApiError('down', 'http', 500));
    expect(t.snapshot().matches('idle')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual([{ type: 'answers.set', key: 'hs_name', value: SCHOOL.text }]);
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    t.stop();
  });

  it("takes free text with 'Use: …' and forgets the previous school's details", async () => {
    const t = await listed();
    t.send(type('My Home School '));
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    await t.control.resolve('suggestions', []);
    t.send({ type: 'lookup.useText' });
    expect(t.snapshot().matches('idle')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual([
      { type: 'answers.set', key: 'hs_name', value: 'My Home School' },
      { type: 'answers.clear', keys: ['hs_ceeb', 'hs_address_line_1', 'hs_city', 'hs_state', 'hs_zip', 'hs_country'] },
    ]);
    t.stop();
  });

  const FREE_TEXT_FILL = [
    { type: 'answers.set', key: 'hs_name', value: 'Lincoln' },
    { type: 'answers.clear', keys: ['hs_ceeb', 'hs_address_line_1', 'hs_city', 'hs_state', 'hs_zip', 'hs_country'] },
  ];

  it("keeps a typed name that was not picked when the applicant leaves the open list, as 'Use: …' would", async () => {
    const t = await listed();
    t.send({ type: 'lookup.leave', answer: '' });
    expect(t.snapshot().matches('idle')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual(FREE_TEXT_FILL);
    expect(t.context()).toEqual({ key: null, text: '', suggestions: [], chosen: null });
    t.stop();
  });

  it('keeps a typed name when the applicant leaves before the list opened', () => {
    const t = start();
    t.send(type('Lincoln'));
    t.send({ type: 'lookup.leave', answer: 'Old School' });
    expect(t.snapshot().matches('idle')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual(FREE_TEXT_FILL);
    t.stop();
  });

  it('keeps a typed name when the applicant leaves while the suggestions load, and drops the call', () => {
    const t = start();
    t.send(type('Lincoln'));
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    expect(t.snapshot().matches('fetching')).toBe(true);
    t.send({ type: 'lookup.leave', answer: '' });
    expect(t.control.calls[0]?.signal.aborted).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual(FREE_TEXT_FILL);
    t.stop();
  });

  it('leaves the answer and its school details alone when the text is the answer already there', async () => {
    const t = await listed();
    t.send({ type: 'lookup.leave', answer: 'Lincoln' });
    expect(t.snapshot().matches('idle')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual([]);
    t.stop();
  });

  it('lets a chosen school finish filling in when focus leaves', async () => {
    const t = await listed();
    t.send({ type: 'lookup.choose', suggestion: SCHOOL });
    t.send({ type: 'lookup.leave', answer: '' });
    expect(t.snapshot().matches('filling')).toBe(true);
    await t.control.resolve('detail', DETAIL);
    expect(t.received(SYSTEM_IDS.answers)).toContainEqual({ type: 'answers.set', key: 'hs_name', value: 'Lincoln High School' });
    expect(t.received(SYSTEM_IDS.answers)).not.toContainEqual({ type: 'answers.set', key: 'hs_name', value: 'Lincoln' });
    t.stop();
  });
});

describe('lookupMachine: what the school search field sees (its view API)', () => {
  function started() {
    const t = start();
    return { ...t, field: (key = 'hs_name') => currentView(t.subject, connectLookup).field(key) };
  }
  async function listedInView(text = 'Lincoln') {
    const t = started();
    t.field().type(text);
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    await t.control.resolve('suggestions', [SCHOOL]);
    return t;
  }
  const NOTHING = { open: false, searching: false, filling: false, text: '', suggestions: [] };

  it('asks for the name as typed without its surrounding spaces, and is not filling while it searches', () => {
    const t = started();
    t.field().type('  Lincoln ');
    expect(t.field()).toMatchObject({ searching: true, filling: false, open: false });
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    expect(t.control.calls.map(({ input }) => input)).toEqual([{ text: 'Lincoln', category: 'hs_ceeb' }]);
    t.stop();
  });

  it('typing in a field without a search while one waits changes nothing of it', () => {
    const t = started();
    t.field().type('Linc');
    t.field('first_name').type('Ada');
    expect(t.field()).toMatchObject({ searching: true, text: 'Linc' });
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    expect(t.control.calls.map(({ input }) => input)).toEqual([{ text: 'Linc', category: 'hs_ceeb' }]);
    t.stop();
  });

  it("'Use: …' keeps the typed name and leaves nothing of the search behind", async () => {
    const t = await listedInView();
    t.field().useText();
    expect(t.received(SYSTEM_IDS.answers)).toContainEqual({ type: 'answers.set', key: 'hs_name', value: 'Lincoln' });
    expect(t.field()).toMatchObject(NOTHING);
    t.stop();
  });

  it('emptying the field while the list is open closes it and forgets the search', async () => {
    const t = await listedInView();
    t.field().type('');
    expect(t.field()).toMatchObject(NOTHING);
    expect(t.received(SYSTEM_IDS.answers)).toEqual([]);
    t.stop();
  });

  it('a chosen school, filled in or not, leaves nothing of the search behind', async () => {
    const filled = await listedInView();
    filled.field().choose(SCHOOL);
    expect(filled.field('college_name').filling).toBe(false);
    await filled.control.resolve('detail', SCHOOL_DETAIL_OTHER_NAME);
    expect(filled.field()).toMatchObject(NOTHING);
    filled.stop();

    const failed = await listedInView();
    failed.field().choose(SCHOOL);
    await failed.control.reject('detail', new ApiError('down', 'http', 500));
    expect(failed.field()).toMatchObject(NOTHING);
    failed.stop();
  });

  it("fills in the school's own name, and nothing for a detail it does not give", async () => {
    const t = await listedInView();
    t.field().choose(SCHOOL);
    const { country: _country, ...withoutCountry } = SCHOOL_DETAIL_OTHER_NAME;
    await t.control.resolve('detail', withoutCountry);
    expect(t.received(SYSTEM_IDS.answers)).toContainEqual({ type: 'answers.set', key: 'hs_name', value: 'Lincoln Community High School' });
    expect(t.received(SYSTEM_IDS.answers)).toContainEqual({ type: 'answers.set', key: 'hs_country', value: '' });
    t.stop();
  });

  it('closing the open list keeps the typed name and lets the field show its answer; losing focus then is left to the list', async () => {
    const t = await listedInView();
    expect(t.field().blur('')).toBe(false);
    expect(t.field().open).toBe(true);
    expect(t.field().leave('')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toContainEqual({ type: 'answers.set', key: 'hs_name', value: 'Lincoln' });
    expect(t.field()).toMatchObject(NOTHING);
    t.stop();
  });

  it('leaving with the answer already there, spaces aside, changes nothing', async () => {
    const t = await listedInView('Lincoln ');
    expect(t.field().leave(' Lincoln')).toBe(true);
    expect(t.received(SYSTEM_IDS.answers)).toEqual([]);
    t.stop();
  });

  it('asks the server for the chosen school’s details', async () => {
    vi.spyOn(api, 'lookupSuggestions').mockResolvedValue([SCHOOL]);
    const detail = vi.spyOn(api, 'lookupDetail').mockResolvedValue(DETAIL);
    const run = startWithSiblings(lookupMachine, { systemId: SYSTEM_IDS.lookup });
    const field = () => currentView(run.subject, connectLookup).field('hs_name');
    field().type('Lincoln');
    await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS);
    field().choose(SCHOOL);
    await vi.advanceTimersByTimeAsync(0);
    expect(detail).toHaveBeenCalledWith({ id: SCHOOL.id, category: 'hs_ceeb' }, expect.any(AbortSignal));
    expect(run.received(SYSTEM_IDS.answers)).toContainEqual({ type: 'answers.set', key: 'hs_address_line_1', value: '1 Main St' });
    run.stop();
  });
});

const FILLS = new Set(['answers.set', 'answers.clear']);

invariantSuite(lookupModel, () => {
  const gate = createGate();
  const machine = lookupMachine.provide({ actors: { suggestions: gate.actor(), detail: gate.actor() } });
  return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.lookup, spies: [SYSTEM_IDS.answers] }) };
}, [
  busyWhileRequesting(['detail']),
  {
    name: 'answers are filled only when the applicant chose, kept the typed text or left the field',
    check: (step) => {
      const fills = step.sent.filter(({ event }) => FILLS.has(event.type));
      if (fills.length === 0) return;
      expect(['lookup.useText', 'lookup.leave', 'xstate.done.actor.detail', 'xstate.error.actor.detail']).toContain(step.event.type);
    },
  },
  {
    name: 'a failed detail lookup still fills the name the applicant chose',
    check: (step) => {
      if (step.event.type !== 'xstate.error.actor.detail') return;
      const chosen = (step.before.context as LookupContext).chosen;
      expect(step.sent.map(({ event }) => event)).toContainEqual(expect.objectContaining({ type: 'answers.set', value: chosen?.text }));
    },
  },
  {
    name: 'a search runs only for the text typed, and only while the list is searching',
    check: (step) => {
      if (step.pending.includes('suggestions')) expect(step.after.hasTag('searching')).toBe(true);
      for (const call of step.startedCalls.filter(({ id }) => id === 'suggestions')) {
        expect((call.input as { text: string }).text).toBe((step.after.context as LookupContext).text.trim());
      }
      if (step.after.hasTag('open')) expect((step.after.context as LookupContext).text.trim()).not.toBe('');
    },
  },
]);
