import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorRefFrom, EventObject } from 'xstate';
import type { AnswersInput } from '../../machines/answersContext';
import { answersMachine } from '../../machines/answersMachine';
import { failures } from '../qa/fixtures';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { answered, createGate, flush, startInSystem } from './helpers/system';
import { connectAnswers } from '../../machines/answersView';
import { APPLICANT, SPIES, VISITOR, answersOf, fakeStore, sessionEnds, start } from './helpers/answersKit';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('answers: saving for another actor (answers.save)', () => {
  const ASK = { type: 'answers.save', replyTo: SYSTEM_IDS.submit } as const;
  /** What the asker (the submit spy) got back. */
  const replies = (received: Record<string, EventObject[]>) => received[SYSTEM_IDS.submit] ?? [];

  it('saves only what changed, with If-Match, and replies saved; no Saved notice, validations or toast of its own', async () => {
    const { subject, saved, baseVersions, received } = start({
      input: { kept: 'onServer', answers: { first_name: 'Ada', city: 'Boston' }, version: 5 },
    });
    subject.send({ type: 'answers.set', key: 'last_name', value: 'Lovelace' });
    subject.send(ASK);
    expect(subject.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(saved).toEqual([{ last_name: 'Lovelace' }]);
    expect(baseVersions).toEqual([5]);
    // The reply carries the answers as saved, for an asker that checks them.
    expect(replies(received)).toEqual([{ type: 'answers.saved', answers: answersOf(subject) }]);
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: null, saving: false, offering: false });
    expect((received[SYSTEM_IDS.validation] ?? []).filter((event) => event.type === 'validation.post')).toEqual([]);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
  });

  it('replies conflict, keeps this tab’s answers and offers the other tab’s; the asker tells the applicant', async () => {
    const { subject, received } = start({
      input: { kept: 'onServer', answers: { first_name: 'Ada', city: 'Boston' }, version: 5 },
      save: async () => Promise.reject(failures.conflict),
      server: { answer: { first_name: 'Grace', city: 'Boston' }, answer_version: 7 },
    });
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Augusta' });
    subject.send(ASK);
    await flush();
    expect(replies(received)).toEqual([{ type: 'answers.saveFailed', reason: 'conflict', message: failures.conflict.message }]);
    // What this tab typed stays; the other tab's answer is offered beside it.
    expect(answersOf(subject)).toEqual({ first_name: 'Augusta', city: 'Boston' });
    expect(subject.getSnapshot().context.offered).toEqual({ first_name: 'Grace' });
    expect(subject.getSnapshot().context.version).toBe(7);
    expect(subject.getSnapshot().context.conflicts).toEqual(['first_name']);
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
  });

  it('replies error or unauthorised (after telling the session) when the save fails', async () => {
    let outcome: Error = failures.server;
    const { subject, received } = start({ input: APPLICANT, save: () => Promise.reject(outcome) });
    subject.send(ASK);
    await flush();
    expect(replies(received)).toEqual([{ type: 'answers.saveFailed', reason: 'error', message: failures.server.message }]);
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
    outcome = failures.unauthorised;
    subject.send(ASK);
    await flush();
    expect(sessionEnds(received)).toEqual([{ type: 'session.unauthorised' }]);
    expect(replies(received).at(-1)).toMatchObject({ type: 'answers.saveFailed', reason: 'unauthorised' });
  });

  it('asked during another save, saves again once that one is over, with the new version', async () => {
    const gate = createGate();
    const machine = answersMachine.provide({ actors: { answerStore: fakeStore().logic, saveAnswers: gate.actor() } });
    const input: AnswersInput = { kept: 'onServer', answers: { first_name: 'Ada' }, version: 5 };
    const { subject, received } = startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input });
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Augusta' });
    subject.send({ type: 'answers.saveAndGo' });
    subject.send({ type: 'answers.set', key: 'last_name', value: 'King' });
    subject.send(ASK);
    expect(gate.inputOf('saveAnswers')).toEqual({ changes: { first_name: 'Augusta' }, baseVersion: 5 });
    gate.resolve('saveAnswers', { version: 6 });
    await flush();
    expect(replies(received)).toEqual([]);
    expect(gate.inputOf('saveAnswers')).toEqual({ changes: { last_name: 'King' }, baseVersion: 6 });
    gate.resolve('saveAnswers', { version: 7 });
    await flush();
    // The reply carries the answers as saved, for an asker that checks them.
    expect(replies(received)).toEqual([{ type: 'answers.saved', answers: answersOf(subject) }]);
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: null, saving: false, offering: false });
  });

  it('asked during a save that meets a conflict, replies conflict without saving over it', async () => {
    const gate = createGate();
    const machine = answersMachine.provide({
      actors: { answerStore: fakeStore().logic, saveAnswers: gate.actor(), loadServerAnswers: gate.actor() },
    });
    const { subject, received } = startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input: APPLICANT });
    subject.send({ type: 'answers.saveAndGo' });
    subject.send(ASK);
    gate.reject('saveAnswers', failures.conflict);
    await flush();
    expect(replies(received)).toEqual([{ type: 'answers.saveFailed', reason: 'conflict', message: failures.conflict.message }]);
    gate.resolve('loadServerAnswers', { answer: {}, answer_version: 3 });
    await flush();
    expect(gate.isPending('saveAnswers')).toBe(false);
    expect(subject.getSnapshot().hasTag('saveFailed')).toBe(true);
  });

  it('asked during a save that fails, replies the failure without trying again', async () => {
    const gate = createGate();
    const machine = answersMachine.provide({ actors: { answerStore: fakeStore().logic, saveAnswers: gate.actor() } });
    const { subject, received } = startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input: APPLICANT });
    subject.send({ type: 'answers.saveAndGo' });
    subject.send(ASK);
    gate.reject('saveAnswers', failures.server);
    await flush();
    expect(replies(received)).toEqual([{ type: 'answers.saveFailed', reason: 'error', message: failures.server.message }]);
    expect(gate.isPending('saveAnswers')).toBe(false);
    // The page's own Save failed: its toast is shown once.
    expect(received[SYSTEM_IDS.toasts]).toHaveLength(1);
  });

  it('refuses at once where nothing can be saved (a visitor, staff)', () => {
    for (const input of [VISITOR, { kept: 'fixed', answers: { first_name: 'Ada' } } satisfies AnswersInput]) {
      const gate = createGate();
      const machine = answersMachine.provide({ actors: { answerStore: fakeStore().logic, saveAnswers: gate.actor() } });
      const { subject, received } = startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input });
      subject.send(ASK);
      expect(replies(received)).toEqual([{ type: 'answers.saveFailed', reason: 'unauthorised', message: expect.any(String) as unknown }]);
      expect(gate.isPending('saveAnswers')).toBe(false);
    }
  });
});

describe('answers: what the session actor is told when the session ends before Save', () => {
  it('says answers wait to be saved from the first change until the server confirmed them', async () => {
    const { subject, received } = start({ input: APPLICANT, save: () => answered(() => ({ message: 'Saved.', version: 2 })) });
    const reports = () => (received[SYSTEM_IDS.session] ?? []).filter((event) => event.type === 'session.answersUnsaved');
    const last = () => reports().at(-1) as { unsaved: boolean } | undefined;
    expect(last()?.unsaved ?? false).toBe(false);
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    expect(last()).toEqual({ type: 'session.answersUnsaved', unsaved: true });
    subject.send({ type: 'answers.saveAndGo' });
    // While the save is on its way the answers are not confirmed yet.
    expect(last()).toEqual({ type: 'session.answersUnsaved', unsaved: true });
    await flush();
    expect(last()).toEqual({ type: 'session.answersUnsaved', unsaved: false });
  });
});

describe('answers: what a Save tells the page', () => {
  it('says saved after a Save that went through, until the next change; a failed one or a Next never does', async () => {
    let fail = false;
    const { subject } = start({
      save: () =>
        answered(() => {
          if (fail) throw failures.server;
          return { message: 'Saved.', version: 2 };
        }),
      input: APPLICANT,
    });
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    subject.send({ type: 'answers.saveAndGo' });
    expect(subject.getSnapshot().hasTag('saved')).toBe(false);
    await flush();
    expect(subject.getSnapshot().hasTag('saved')).toBe(true);
    // The same value again is no change: still saved.
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    expect(subject.getSnapshot().hasTag('saved')).toBe(true);
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada Augusta' });
    expect(subject.getSnapshot().hasTag('saved')).toBe(false);
    expect(answersOf(subject)).toMatchObject({ first_name: 'Ada Augusta' });

    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    await flush();
    expect(subject.getSnapshot().hasTag('saved')).toBe(false);

    fail = true;
    subject.send({ type: 'answers.set', key: 'last_name', value: 'King' });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(subject.getSnapshot().hasTag('saved')).toBe(false);
    expect(subject.getSnapshot().hasTag('saveFailed')).toBe(true);
  });
});

describe('answers: Save or Next pressed while another save runs', () => {
  const ASK = { type: 'answers.save', replyTo: SYSTEM_IDS.submit } as const;
  const view = (subject: ActorRefFrom<typeof answersMachine>) => connectAnswers(subject.getSnapshot(), subject.send);
  /** An applicant's answers whose saves wait for the test to answer them. */
  const applicantWithGate = () => {
    const gate = createGate();
    const machine = answersMachine.provide({ actors: { answerStore: fakeStore().logic, saveAnswers: gate.actor() } });
    return { gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input: APPLICANT }) };
  };

  it('Save during a save an upload asked for is not lost: what was typed meanwhile is saved and checked after it', async () => {
    const { gate, subject, received } = applicantWithGate();
    subject.send(ASK);
    subject.send({ type: 'answers.set', key: 'email_address', value: 'minh.khai.nguyen@' });
    subject.send({ type: 'answers.saveAndGo' });
    // The button pressed shows it is on its way, though the save running is the upload's.
    expect(view(subject)).toMatchObject({ savingForButtons: true, saveTarget: undefined });
    gate.resolve('saveAnswers', { version: 2 });
    await flush();
    expect(gate.inputOf('saveAnswers')).toEqual({ changes: { email_address: 'minh.khai.nguyen@' }, baseVersion: 2 });
    gate.resolve('saveAnswers', { version: 3 });
    await flush();
    expect(view(subject)).toMatchObject({ saveStatus: 'saved', saving: false });
    expect(received[SYSTEM_IDS.validation]).toEqual([{ type: 'validation.post', answers: { email_address: 'minh.khai.nguyen@' } }]);
  });

  it('Next during a save goes to its page once its own save is through', async () => {
    const { gate, subject, received } = applicantWithGate();
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    subject.send({ type: 'answers.saveAndGo' });
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    expect(view(subject)).toMatchObject({ savingForButtons: true, saveTarget: '/education' });
    gate.resolve('saveAnswers', { version: 2 });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    gate.resolve('saveAnswers', { version: 3 });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/education' }]);
  });

  it('a press during a save that fails is tried once more, and its own failure is said in a toast', async () => {
    const { gate, subject, received } = applicantWithGate();
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    subject.send(ASK);
    subject.send({ type: 'answers.saveAndGo' });
    gate.reject('saveAnswers', failures.server);
    await flush();
    // The upload's save failed: the upload says so; the press is the applicant's own save.
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
    expect(gate.inputOf('saveAnswers')).toEqual({ changes: { city: 'Springfield' }, baseVersion: APPLICANT.version });
    gate.reject('saveAnswers', failures.server);
    await flush();
    expect(received[SYSTEM_IDS.toasts]).toHaveLength(1);
    expect(gate.isPending('saveAnswers')).toBe(false);
  });

  it('an answer typed while Save was saving is not said to be saved: the page says "Not saved yet"', async () => {
    const { gate, subject } = applicantWithGate();
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    subject.send({ type: 'answers.saveAndGo' });
    subject.send({ type: 'answers.set', key: 'zip', value: '62701' });
    gate.resolve('saveAnswers', { version: 2 });
    await flush();
    expect(view(subject)).toMatchObject({ saveStatus: 'unsaved', unsavedKeys: ['zip'] });
  });

  it('a press during a save that ends the session is not tried again', async () => {
    const { gate, subject, received } = applicantWithGate();
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    subject.send({ type: 'answers.saveAndGo' });
    subject.send({ type: 'answers.saveAndGo' });
    gate.reject('saveAnswers', failures.unauthorised);
    await flush();
    expect(sessionEnds(received)).toHaveLength(1);
    expect(gate.isPending('saveAnswers')).toBe(false);
  });
});

describe('answers: answers the server set itself (a document’s, once converted or deleted)', () => {
  it('shows them as saved: with nothing else unsaved the page says so; other changes stay not saved', async () => {
    const { subject, saved, told } = start({
      input: { kept: 'onServer', answers: { first_name: 'Ada' }, version: 5, owner: 'ada@example.org' },
    });
    subject.send({ type: 'answers.confirmed', answers: { personal_statement_doc: 'ANSWERED' } });
    expect(subject.getSnapshot().hasTag('saved')).toBe(true);
    expect(subject.getSnapshot().hasTag('unsaved')).toBe(false);
    expect(answersOf(subject)).toEqual({ first_name: 'Ada', personal_statement_doc: 'ANSWERED' });
    expect(told.at(-1)).toEqual({ type: 'draft.clear', owner: 'ada@example.org' });

    subject.send({ type: 'answers.set', key: 'city', value: 'Boston' });
    subject.send({ type: 'answers.confirmed', answers: { personal_statement_doc: '' } });
    expect(subject.getSnapshot().hasTag('unsaved')).toBe(true);
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    // Only the applicant's own change is sent: the server's answer is not sent back to it.
    expect(saved).toEqual([{ city: 'Boston' }]);
  });
});
