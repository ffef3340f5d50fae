import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CONFLICT_MESSAGES, SAVE_STATUS } from '../../src/catalogue/answerMessages';
import { sessionStorageStore } from '../../machines/answerDrafts';
import type { AnswersContext } from '../../machines/answersContext';
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
import { APPLICANT, SPIES, VISITOR, answersOf, fakeStore, start, sessionEnds } from './helpers/answersKit';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
