import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { CONFLICT_MESSAGES, SAVE_STATUS } from '../../src/catalogue/answerMessages';
import type { Answers } from '../../src/catalogue/dataModel';
import { sessionStorageStore, type StoreEvent } from '../../machines/answerDrafts';
import type { AnswersContext, AnswersInput } from '../../machines/answersContext';
import { answersMachine } from '../../machines/answersMachine';
import { withAnswer } from '../../machines/answerMaps';
import { answersModel } from '../qa/models/answers';
import { failures } from '../qa/fixtures';
import { SYSTEM_IDS } from '../../machines/systemIds';
import {
  acknowledgedOnlyAfterServer,
  busyWhileRequesting,
  failureIsReadable,
  invariantSuite,
  payload,
  readable,
} from './helpers/invariants';
import { answered, createGate, flush, startInSystem } from './helpers/system';
import { connectAnswers } from '../../machines/answersView';

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.validation, SYSTEM_IDS.submit, SYSTEM_IDS.toasts, SYSTEM_IDS.session];
/** An applicant's session whose server holds no answers yet. */
const APPLICANT: AnswersInput = { kept: 'onServer', answers: {}, version: 1 };
const VISITOR: AnswersInput = { kept: 'onDevice', answers: {} };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A store that remembers what it was told and may hand back earlier answers. */
function fakeStore(stored?: Answers, { silent = false } = {}) {
  const told: StoreEvent[] = [];
  const logic = fromCallback<StoreEvent>(({ sendBack, receive }) => {
    // As the real store: always said at start, empty when nothing was kept (a generated path says it itself: `silent`).
    if (!silent) sendBack({ type: 'answers.restored', answers: stored ?? {} });
    receive((event) => told.push(event));
  });
  return { logic, told };
}

function start(
  options: {
    input?: AnswersInput;
    save?: (answers: Answers) => Promise<unknown>;
    stored?: Answers;
    server?: { answer: Answers; answer_version: number };
  } = {},
) {
  const store = fakeStore(options.stored);
  const saved: Answers[] = [];
  const baseVersions: (number | undefined)[] = [];
  const machine = answersMachine.provide({
    actors: {
      answerStore: store.logic,
      saveAnswers: fromPromise<{ version: number }, { changes: Answers; baseVersion: number | undefined }>(async ({ input }) => {
        saved.push(input.changes);
        baseVersions.push(input.baseVersion);
        return (await (options.save ? options.save(input.changes) : { message: 'Saved.', version: saved.length + 10 })) as {
          version: number;
        };
      }),
      loadServerAnswers: fromPromise(() => Promise.resolve(options.server ?? { answer: {}, answer_version: 0 })),
    },
  });
  return {
    ...startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input: options.input ?? VISITOR }),
    told: store.told,
    saved,
    baseVersions,
  };
}

const answersOf = (subject: { getSnapshot(): { context: unknown } }) => (subject.getSnapshot().context as AnswersContext).answers;

describe('answers: conditional content', () => {
  it('stores the _desc companion of a choice', () => {
    expect(withAnswer({}, 'gender', 'F', 'Female')).toMatchObject({ gender: 'F', gender_desc: 'Female' });
  });

  it('clears a conditional select and its _desc when its controlling answer changes', () => {
    const texan = withAnswer(withAnswer({}, 'country', 'USA', 'United States'), 'state', 'Texas', 'Texas');
    expect(texan).toMatchObject({ state: 'Texas', state_desc: 'Texas' });
    expect(withAnswer(texan, 'country', 'CAN', 'Canada')).toMatchObject({ country: 'CAN', state: '', state_desc: '' });
  });

  it('clears answers that become hidden', () => {
    const other = withAnswer(withAnswer({}, 'pref_pronoun', 'OTHER', 'Other'), 'other_pronoun', 'xe/xem');
    expect(withAnswer(other, 'pref_pronoun', 'SHE', 'She/her')).toMatchObject({ other_pronoun: '' });
  });

  it('keeps the first true branch of a condition group and clears the others', () => {
    const taken = withAnswer(withAnswer({}, 'sat_taken', 'Y', 'Yes'), 'sat_score_math', '700');
    const planned = withAnswer(taken, 'sat_taken', 'N', 'No');
    expect(planned).toMatchObject({ sat_taken: 'N', sat_score_math: '' });
  });
});

describe('answers: anonymous visitor', () => {
  it('restores answers typed before a reload and persists every change', async () => {
    const { subject, told, received } = start({ stored: { first_name: 'Ada' } });
    await flush();
    expect(answersOf(subject)).toEqual({ first_name: 'Ada' });
    subject.send({ type: 'answers.set', key: 'last_name', value: 'Lovelace' });
    expect(told).toEqual([{ type: 'store.write', answers: { first_name: 'Ada', last_name: 'Lovelace' } }]);
    expect(answersOf(subject)).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    // No actor follows the answers: validation gets them with a check, the submit sequence with the reply to its save.
    expect(received[SYSTEM_IDS.validation]).toBeUndefined();
    expect(received[SYSTEM_IDS.submit]).toBeUndefined();
  });

  it('ignores a repeated identical answer', () => {
    const { subject, told } = start();
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    expect(told).toHaveLength(1);
  });

  it('sends a visitor with answers to sign-up with them, on Next or Save', () => {
    const { subject, received } = start();
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/signup', state: { answers: { first_name: 'Ada' } } }]);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.pageChanged' }]);
  });

  it('lets a visitor without answers move on', () => {
    const { subject, received } = start();
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    subject.send({ type: 'answers.saveAndGo' });
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/education' }]);
  });

  it('carries the answers to the auth cards', () => {
    const { subject, received } = start();
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    subject.send({ type: 'answers.carryTo', to: '/login' });
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { answers: { first_name: 'Ada' } } }]);
  });

  it("sends a service user to the auth cards without the applicant's answers shown to them", () => {
    const { subject, received } = start({ input: { kept: 'fixed', answers: { first_name: 'Ada' } } });
    subject.send({ type: 'answers.carryTo', to: '/signup' });
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/signup' }]);
  });
});

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

/** The session ends the answers actor asked for (it also hears whether answers wait to be saved). */
const sessionEnds = (received: Record<string, EventObject[]>) =>
  (received[SYSTEM_IDS.session] ?? []).filter((event) => event.type === 'session.unauthorised');

describe('answers: what the session actor is told (issue 12, case 4)', () => {
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

describe('answers: student', () => {
  it('saves, runs validations, then goes to the target', async () => {
    const { subject, received, saved, told } = start({ input: APPLICANT });
    // The device forgets a visitor's answers: from now on they live on the server.
    expect(told).toEqual([{ type: 'store.clear' }]);
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saving: true });
    expect(subject.getSnapshot().hasTag('busy')).toBe(true);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    await flush();
    expect(saved).toEqual([{ first_name: 'Ada' }]);
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: null, saving: false, offering: false });
    // The check is of the answers as saved.
    expect(received[SYSTEM_IDS.validation]).toEqual([{ type: 'validation.post', answers: { first_name: 'Ada' } }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/education' }]);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.pageChanged' }]);
  });

  it('saves without moving when no target is given', async () => {
    const { subject, received } = start({ input: APPLICANT });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.validation]).toEqual([{ type: 'validation.post', answers: {} }]);
  });

  it('keeps what a visitor typed when the new account has no answers, and saves it', async () => {
    // Typed before logging in: kept on the device (sessionStorage) until the applicant's session starts.
    const { subject, saved } = start({ input: APPLICANT, stored: { first_name: 'Ada' } });
    await flush();
    expect(saved).toEqual([{ first_name: 'Ada' }]);
    expect(answersOf(subject)).toEqual({ first_name: 'Ada' });
  });

  it('shows a failed save as an error toast and lets the applicant try again', async () => {
    let outcome: Error | undefined = failures.server;
    const { subject, received } = start({
      save: () =>
        answered(() => {
          if (outcome) throw outcome;
          return {};
        }),
      input: APPLICANT,
    });
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    await flush();
    expect(subject.getSnapshot().value).toEqual({ onServer: 'failed' });
    expect(subject.getSnapshot().context.error).toBe(failures.server.message);
    expect(received[SYSTEM_IDS.toasts]).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: failures.server.message } },
    ]);
    outcome = failures.unauthorised;
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    await flush();
    expect(sessionEnds(received)).toEqual([{ type: 'session.unauthorised' }]);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
  });

  it('a visitor after a session starts with no answers and keeps none of the applicant’s on the device', () => {
    const { subject, told } = start({ input: VISITOR });
    expect(answersOf(subject)).toEqual({});
    expect(told).toEqual([]);
  });
});

describe('answers: service user', () => {
  it('shows the loaded answers and refuses changes', () => {
    const { subject, received } = start({ input: { kept: 'fixed', answers: { first_name: 'Ada' } } });
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Eve' });
    subject.send({ type: 'answers.clear', keys: ['first_name'] });
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    expect(answersOf(subject)).toEqual({ first_name: 'Ada' });
    expect(subject.getSnapshot().can({ type: 'answers.set', key: 'first_name', value: 'Eve' })).toBe(false);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
  });
});

describe('sessionStorageStore', () => {
  it('reads, writes and clears sessionStorage', () => {
    const items = new Map<string, string>([['admissions.answers', '{"first_name":"Ada"}']]);
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    try {
      const machine = answersMachine.provide({ actors: { answerStore: sessionStorageStore } });
      const actor = createActor(machine, { input: VISITOR }).start();
      expect(actor.getSnapshot().context.answers).toEqual({ first_name: 'Ada' });
      actor.send({ type: 'answers.set', key: 'last_name', value: 'Lovelace' });
      expect(JSON.parse(items.get('admissions.answers')!)).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
      actor.stop();
      // The next session, an applicant's, takes them and clears them from the device.
      const next = createActor(machine, { input: { ...APPLICANT, owner: 'ada@example.org' } }).start();
      expect(next.getSnapshot().context.answers).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
      expect(items.has('admissions.answers')).toBe(false);
      next.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

invariantSuite(
  answersModel,
  (path) => {
    const gate = createGate();
    const machine = answersMachine.provide({
      actors: { answerStore: fakeStore(undefined, { silent: true }).logic, saveAnswers: gate.actor(), loadServerAnswers: gate.actor() },
    });
    return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input: path.input }) };
  },
  [
    busyWhileRequesting(['saveAnswers', 'loadServerAnswers']),
    acknowledgedOnlyAfterServer(['answers.saved']),
    // A conflict shows as the conflict notice (src/pages/ConflictNotice.tsx), from `conflicts`.
    // A save that failed for the network shows beside Save that the answers wait (the save status).
    failureIsReadable((snapshot) => {
      if ((snapshot.context as AnswersContext).conflicts.length > 0) return CONFLICT_MESSAGES.save;
      if (snapshot.hasTag('offline')) return SAVE_STATUS.offline;
      if (snapshot.hasTag('retrying')) return SAVE_STATUS.retrying;
      return undefined;
    }),
    {
      name: 'the answers count as on the server only once the server said so',
      check: (step) => {
        const confirmed = (snapshot: typeof step.after) => (snapshot.context as AnswersContext).confirmed;
        if (JSON.stringify(confirmed(step.after)) === JSON.stringify(confirmed(step.before))) return;
        // answers.confirmed: an answer the server set itself (a document's), as its document actor heard from the server.
        const fromServer = step.kind === 'done' || step.event.type === 'answers.confirmed';
        expect(fromServer, 'confirmed answers changed').toBe(true);
      },
    },
    {
      name: 'whoever asked for a save gets exactly one reply per request',
      check: (step) => {
        const replies = step.sent.filter(({ event }) => event.type === 'answers.saved' || event.type === 'answers.saveFailed');
        const repliedTo = replies.map(({ to }) => to);
        expect(new Set(repliedTo).size).toBe(repliedTo.length);
        for (const { event } of replies) {
          if (event.type === 'answers.saveFailed') expect(readable((event as { message?: unknown }).message)).toBe(true);
        }
      },
    },
    {
      name: 'typing while a save runs is never lost: the answers typed stay in the actor',
      check: (step) => {
        if (step.event.type !== 'answers.set' || step.before.context === step.after.context) return;
        const { key, value } = payload<{ key: string; value: unknown }>(step);
        expect((step.after.context as AnswersContext).answers[key]).toEqual(value);
      },
    },
  ],
);
