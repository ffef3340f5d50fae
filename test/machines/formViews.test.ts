import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAnotherMachine } from '../../machines/addAnotherMachine';
import { connectAddAnother } from '../../machines/addAnotherView';
import { connectAnswers } from '../../machines/answersView';
import { clearGuardMachine } from '../../machines/clearGuardMachine';
import { connectClearGuard } from '../../machines/clearGuardView';
import { lookupMachine } from '../../machines/lookupMachine';
import { connectLookup } from '../../machines/lookupView';
import type { Role } from '../../machines/roles';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { connectTabs } from '../../machines/tabsView';
import { currentView } from '../../src/app/actors';
import { TAB_GROUPS } from '../../src/catalogue/questions';
import { LOOKUP_DEBOUNCE_MS } from '../../src/catalogue/limits';
import { SCHOOL, SCHOOL_DETAIL } from '../qa/models/lookup';
import { applicant, startOnDevice } from './helpers/answersDevice';
import { controlledActors, startWithSiblings } from './helpers/siblingHarness';
import { flush, startInSystem } from './helpers/system';
import { startTabs, stubDocument } from './helpers/tabsKit';

/*
 * What the form's views show, read through each machine's view API from real actors (network
 * calls stood in), and the intents they send through it. A choice, a tab switch and a removal read
 * the answers from the real answers actor at the click.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A real answers actor holding `answers` (typed by a visitor, so nothing is saved). */
function answersHolding(answers: Record<string, string>) {
  const run = startOnDevice();
  run.subject.send({ type: 'answers.setMany', answers });
  return run.subject;
}

describe('the answers view API', () => {
  it('says where the answers stand beside Save: not saved, saving, saved, and not saved again after a change', async () => {
    const run = startOnDevice({}, applicant({ city: 'Boston' }, 1));
    const view = () => currentView(run.subject, connectAnswers);
    await flush();
    expect(view()).toMatchObject({ saveStatus: null, saving: false, readOnly: false, offering: false, conflicts: [] });
    run.subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    expect(view()).toMatchObject({ saveStatus: 'unsaved', answers: { city: 'Boston', first_name: 'Ada' } });
    view().saveAndGo();
    expect(view()).toMatchObject({ saving: true, savingForButtons: true, saveTarget: undefined });
    await flush();
    expect(view()).toMatchObject({ saving: false, saveStatus: 'saved' });
    run.subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada Augusta' });
    expect(view().saveStatus).toBe('unsaved');
    view().clear(['first_name']);
    expect(view().answers).toMatchObject({ first_name: '' });
  });

  it('takes a visitor’s answers along to sign-in', () => {
    const run = startOnDevice();
    run.subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    currentView(run.subject, connectAnswers).carryTo('/login');
    expect(run.received[SYSTEM_IDS.navigation]).toContainEqual(expect.objectContaining({ to: '/login' }));
  });
});

describe('the clear-guard view API', () => {
  it('asks before a choice that hides typed answers, reading them from the answers actor, and names what would go', () => {
    const answers = answersHolding({ conviction: 'Y', conviction_desc: 'Yes', conviction_comment: 'A speeding ticket.' });
    const run = startInSystem(clearGuardMachine, { systemId: SYSTEM_IDS.clearGuard, spies: [SYSTEM_IDS.answers] });
    const view = () => currentView(run.subject, connectClearGuard);
    view().change(answers, 'conviction', 'N', 'No');
    expect(view()).toMatchObject({ asking: true, pending: { key: 'conviction', value: 'N', desc: 'No' }, losing: ['conviction_comment'] });
    view().cancel();
    expect(view()).toMatchObject({ asking: false, pending: null, losing: [] });
    expect(run.received[SYSTEM_IDS.answers] ?? []).toEqual([]);
    view().change(answers, 'conviction', 'N', 'No');
    view().confirm();
    expect(view().asking).toBe(false);
    expect(run.received[SYSTEM_IDS.answers]).toEqual([{ type: 'answers.set', key: 'conviction', value: 'N', desc: 'No' }]);
    run.stop();
  });
});

describe('the add-another view API', () => {
  function start(role: Role) {
    const control = controlledActors(['loadCounts', 'saveCount', 'saveRemovedCount']);
    const run = startWithSiblings(addAnotherMachine.provide({ actors: control.actors }), {
      systemId: SYSTEM_IDS.addAnother,
      input: { role },
    });
    return { ...run, control, view: () => currentView(run.subject, connectAddAnother) };
  }

  it('counts each group’s slots and shows its button busy while one is added, for that group only', async () => {
    const visitor = start('visitor');
    expect(visitor.view().group('parents')).toMatchObject({ count: 1, canAdd: false });
    visitor.stop();
    const t = start('applicant');
    await t.control.resolve('loadCounts', {});
    expect(t.view().group('parents')).toMatchObject({ count: 1, canAdd: true, adding: false });
    t.view().group('parents').add();
    expect(t.view().group('parents')).toMatchObject({ adding: true });
    expect(t.view().group('activities').adding).toBe(false);
    expect(t.view().removable).toBe(false);
    await t.control.resolve('saveCount', { message: 'Saved.' });
    expect(t.view().group('parents')).toMatchObject({ count: 2, canAdd: false, adding: false });
    expect(t.view().removable).toBe(true);
    t.stop();
  });

  it('asks before removing a slot that holds answers, naming that slot, and shows it busy once confirmed', async () => {
    const t = start('applicant');
    await t.control.resolve('loadCounts', { activities: 3 });
    const answers = answersHolding({ activity_name: 'Chess', activity_2_name: 'Choir', activity_3_name: 'Rowing' });
    t.view().group('activities').remove(1, answers);
    expect(t.view().group('activities')).toMatchObject({ asking: { buttonId: 'activities', slot: 1 }, removingSlot: null });
    expect(t.view().group('parents').asking).toBeNull();
    t.view().cancelRemove();
    expect(t.view().group('activities').asking).toBeNull();
    t.view().group('activities').remove(1, answers);
    t.view().confirmRemove();
    expect(t.view().group('activities')).toMatchObject({ asking: null, removingSlot: 1 });
    t.stop();
  });
});

describe('the lookup view API', () => {
  function start() {
    const control = controlledActors(['suggestions', 'detail']);
    const run = startWithSiblings(lookupMachine.provide({ actors: control.actors }), { systemId: SYSTEM_IDS.lookup });
    return { ...run, control, field: (key: string) => currentView(run.subject, connectLookup).field(key) };
  }

  it('searches, lists and fills in for the field typed in only; another field shows nothing of it', async () => {
    const t = start();
    t.field('hs_name').type('Linc');
    expect(t.field('hs_name')).toMatchObject({ searching: true, open: false, text: 'Linc' });
    expect(t.field('college_name')).toMatchObject({ searching: false, open: false, suggestions: [] });
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS);
    await t.control.resolve('suggestions', [SCHOOL]);
    expect(t.field('hs_name')).toMatchObject({ searching: false, open: true, suggestions: [SCHOOL] });
    expect(t.field('college_name')).toMatchObject({ open: false, suggestions: [] });
    t.field('hs_name').choose(SCHOOL);
    expect(t.field('hs_name')).toMatchObject({ filling: true });
    // A choice being filled in keeps the field as it is when the list closes or focus leaves.
    expect(t.field('hs_name').leave('')).toBe(false);
    expect(t.field('hs_name').blur('')).toBe(false);
    await t.control.resolve('detail', SCHOOL_DETAIL);
    expect(t.field('hs_name')).toMatchObject({ filling: false, open: false, searching: false });
    t.stop();
  });

  it('keeps a typed name when the field is left while a search waits', () => {
    const t = start();
    t.field('hs_name').type('Springfield Academy');
    expect(t.field('hs_name').blur('')).toBe(true);
    expect(t.field('hs_name')).toMatchObject({ searching: false, open: false });
    expect(t.received(SYSTEM_IDS.answers).length).toBeGreaterThan(0);
    t.stop();
  });
});

describe('the tabs view API', () => {
  const GROUP = TAB_GROUPS.find((group) => group.tabs.some((tab) => tab.documentKey)) ?? TAB_GROUPS[0]!;
  const DOC_TAB = GROUP.tabs.find((tab) => tab.documentKey)!;
  const OTHER_TAB = GROUP.tabs.find((tab) => tab.id !== DOC_TAB.id)!;
  const ESSAY_KEY = OTHER_TAB.clears[0]!;

  it('shows a visitor the default tab without switching, and an applicant the switch', async () => {
    const visitor = startTabs({ input: { role: 'visitor' }, documents: [stubDocument('idle', DOC_TAB.documentKey!)] });
    const visitorView = currentView(visitor.actor, connectTabs);
    expect(visitorView).toMatchObject({ switchable: false });
    expect(visitorView.chosen(GROUP.tabId, GROUP.defaultTab)).toBe(GROUP.defaultTab);
    const run = startTabs({ input: { role: 'applicant' }, documents: [stubDocument('idle', DOC_TAB.documentKey!)] });
    await flush();
    expect(currentView(run.actor, connectTabs)).toMatchObject({ switchable: true, visitor: false, busy: false });
  });

  it('asks before a switch clears a written answer, read from the answers actor, naming it; Cancel keeps the tab', async () => {
    const run = startTabs({ input: { role: 'applicant' }, documents: [stubDocument('idle', DOC_TAB.documentKey!)] });
    const view = () => currentView(run.actor, connectTabs);
    await flush();
    const answers = answersHolding({ [ESSAY_KEY]: 'A'.repeat(6400) });
    view().choose(GROUP.tabId, DOC_TAB.id, answers);
    await flush();
    expect(view()).toMatchObject({ confirming: true, losing: [ESSAY_KEY], pendingTab: DOC_TAB.id, busy: false });
    view().cancel();
    await flush();
    expect(view()).toMatchObject({ confirming: false, pendingTab: null });
    expect(view().chosen(GROUP.tabId, GROUP.defaultTab)).toBe(GROUP.defaultTab);
  });

  it('says a switch must wait while an upload runs, until the dialog is closed', async () => {
    const run = startTabs({ input: { role: 'applicant' }, documents: [stubDocument('busy', DOC_TAB.documentKey!)] });
    const view = () => currentView(run.actor, connectTabs);
    await flush();
    view().choose(GROUP.tabId, DOC_TAB.id, answersHolding({}));
    await flush();
    expect(view().blocked).toBe(true);
    view().closeDialog();
    await flush();
    expect(view().blocked).toBe(false);
  });
});
