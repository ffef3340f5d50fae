import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failures } from '../qa/fixtures';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { answered, flush } from './helpers/system';
import { connectAnswers } from '../../machines/answersView';
import { answersOf, start } from './helpers/answersKit';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('answers: two tabs of one applicant', () => {
  it('sends only the answers changed since the server last confirmed them, with that version', async () => {
    const { subject, saved, baseVersions } = start({
      input: { kept: 'onServer', answers: { first_name: 'Ada', city: 'Boston' }, version: 5 },
    });
    subject.send({ type: 'answers.set', key: 'last_name', value: 'Lovelace' });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    subject.send({ type: 'answers.set', key: 'middle_name', value: 'Byron' });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(saved).toEqual([{ last_name: 'Lovelace' }, { middle_name: 'Byron' }]);
    expect(baseVersions).toEqual([5, 11]);
  });

  /** Tab B loaded first_name 'Ada' at version 5; tab A saved 'Grace' (version 7); B typed 'Augusta' and a last name, then Save. */
  function conflicted(after: { version: number } = { version: 8 }) {
    let refuse = true;
    const started = start({
      input: { kept: 'onServer', answers: { first_name: 'Ada', city: 'Boston' }, version: 5, owner: 'ada@example.org' },
      save: () =>
        answered(() => {
          if (refuse) {
            refuse = false;
            throw failures.conflict;
          }
          return { message: 'Saved.', ...after };
        }),
      server: { answer: { first_name: 'Grace', city: 'Boston' }, answer_version: 7 },
    });
    const { subject } = started;
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Augusta' });
    subject.send({ type: 'answers.set', key: 'last_name', value: 'King' });
    subject.send({ type: 'answers.saveAndGo' });
    return started;
  }

  it('after a conflict keeps what this tab typed, on the page and the device, and offers the other tab’s answer', async () => {
    const { subject, received, told } = conflicted();
    await flush();
    expect(subject.getSnapshot().hasTag('choosing')).toBe(true);
    expect(answersOf(subject)).toEqual({ first_name: 'Augusta', city: 'Boston', last_name: 'King' });
    const context = subject.getSnapshot().context;
    expect(context.offered).toEqual({ first_name: 'Grace' });
    expect(context.offeredFrom).toBe('tab');
    expect(context.conflicts).toEqual(['first_name']);
    // Issue 12: no toast over the form; the page names the answers another tab changed, next to Save.
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
    // On the device too, made over no version: a reload before the choice offers it again.
    expect(told.at(-1)).toEqual({
      type: 'draft.write',
      owner: 'ada@example.org',
      draft: { base: undefined, changes: { first_name: 'Augusta', last_name: 'King' }, sessionEnded: undefined },
    });
  });

  it.each([
    [
      'keeping this tab’s answers saves them over the other tab’s',
      { type: 'offer.keepShown' },
      'Augusta',
      { first_name: 'Augusta', last_name: 'King' },
    ],
    ['using the other tab’s answers saves only this tab’s other changes', { type: 'offer.useOffered' }, 'Grace', { last_name: 'King' }],
    ['using a ticked answer of the other tab takes it', { type: 'offer.usePicked', keys: ['first_name'] }, 'Grace', { last_name: 'King' }],
    [
      'ticking none keeps this tab’s answers',
      { type: 'offer.usePicked', keys: [] },
      'Augusta',
      { first_name: 'Augusta', last_name: 'King' },
    ],
  ] as const)('after a conflict, %s, with the version the page now holds', async (_, choice, firstName, sent) => {
    const { subject, saved, baseVersions, received } = conflicted();
    await flush();
    subject.send(choice);
    await flush();
    expect(answersOf(subject)).toMatchObject({ first_name: firstName, last_name: 'King' });
    expect(saved.at(-1)).toEqual(sent);
    expect(baseVersions.at(-1)).toBe(7);
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: 'saved', saving: false });
    expect(subject.getSnapshot().context.conflicts).toEqual([]);
    // Nothing given back after a login: no toast says answers were restored.
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
  });

  it('after a conflict, choosing to edit keeps this tab’s answers unsaved and named beside Save until the next Save', async () => {
    const { subject, saved } = conflicted();
    await flush();
    subject.send({ type: 'offer.edit' });
    expect(subject.getSnapshot().hasTag('choosing')).toBe(false);
    expect(subject.getSnapshot().hasTag('unsaved')).toBe(true);
    expect(answersOf(subject)).toEqual({ first_name: 'Augusta', city: 'Boston', last_name: 'King' });
    expect(subject.getSnapshot().context.conflicts).toEqual(['first_name']);
    expect(saved).toHaveLength(1);
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Augusta Ada' });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(saved.at(-1)).toEqual({ first_name: 'Augusta Ada', last_name: 'King' });
    expect(subject.getSnapshot().context.conflicts).toEqual([]);
  });

  it('after a conflict over answers both tabs gave alike, asks nothing and keeps this tab’s other changes', async () => {
    const { subject } = start({
      input: { kept: 'onServer', answers: { first_name: 'Ada', city: 'Boston' }, version: 5 },
      save: () => Promise.reject(failures.conflict),
      server: { answer: { first_name: 'Augusta', city: 'Boston' }, answer_version: 7 },
    });
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Augusta' });
    subject.send({ type: 'answers.set', key: 'last_name', value: 'King' });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(subject.getSnapshot().hasTag('choosing')).toBe(false);
    expect(subject.getSnapshot().hasTag('saveFailed')).toBe(true);
    expect(answersOf(subject)).toEqual({ first_name: 'Augusta', city: 'Boston', last_name: 'King' });
    // "edit" is a choice only after another tab's differing save.
    subject.send({ type: 'offer.edit' });
    expect(subject.getSnapshot().hasTag('saveFailed')).toBe(true);
  });
});
