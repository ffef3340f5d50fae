import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Answers } from '../../src/catalogue/dataModel';
import type { StoreEvent } from '../../machines/answerDrafts';
import { answersMachine } from '../../machines/answersMachine';
import { saveRetryDelay, SAVE_RETRY_FIRST_MS, SAVE_RETRY_MAX_MS } from '../../machines/browserSignals';
import { failures } from '../qa/fixtures';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { answered, flush, startInSystem } from './helpers/system';
import { connectAnswers } from '../../machines/answersView';

/*
 * Issue 12, case 2 and the states behind "Not saved yet": answers the server has not confirmed
 * are `unsaved` (leaving the page asks first); a save that fails for the network waits — for the
 * browser's online event when it is offline, after a doubling pause otherwise — and goes again.
 */

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.validation, SYSTEM_IDS.submit, SYSTEM_IDS.toasts, SYSTEM_IDS.session];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start() {
  const outcomes: unknown[] = [];
  const sent: Answers[] = [];
  let guards = 0;
  const machine = answersMachine.provide({
    actors: {
      // Nothing kept on this device from before the login.
      answerStore: fromCallback<StoreEvent>(({ sendBack }) => sendBack({ type: 'answers.restored', answers: {} })),
      connection: fromCallback(() => undefined),
      // Counts the beforeunload guards in place.
      leaveGuard: fromCallback(() => {
        guards += 1;
        return () => {
          guards -= 1;
        };
      }),
      saveAnswers: fromPromise<{ version: number }, { changes: Answers; baseVersion: number | undefined }>(({ input }) =>
        answered(() => {
          sent.push(input.changes);
          const outcome = outcomes.shift();
          if (outcome instanceof Error) throw outcome;
          return { version: sent.length + 1 };
        }),
      ),
    },
  });
  const input = { kept: 'onServer', answers: { first_name: 'Ada' }, version: 1 } as const;
  const run = startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input });
  return { ...run, outcomes, sent, guards: () => guards };
}

const tags = (subject: { getSnapshot(): { hasTag(tag: string): boolean } }) =>
  ['unsaved', 'offline', 'retrying', 'saved', 'busy'].filter((tag) => subject.getSnapshot().hasTag(tag));

describe('answers: unsaved until the server confirms them', () => {
  it('a change is unsaved (leaving asks first) until a save goes through, and undoing it is no change', async () => {
    const { subject, guards } = start();
    expect(tags(subject)).toEqual([]);
    expect(guards()).toBe(0);
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Grace' });
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: 'unsaved', saving: false });
    expect(tags(subject)).toEqual(['unsaved']);
    expect(guards()).toBe(1);
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: null, saving: false, offering: false });
    expect(guards()).toBe(0);
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(tags(subject)).toEqual(['saved']);
    expect(guards()).toBe(0);
  });
});

describe('answers: a save that fails for the network', () => {
  it('offline: keeps the answers, shows no toast, and saves them when the browser is online again', async () => {
    const { subject, outcomes, sent, received, guards } = start();
    subject.send({ type: 'connection.offline' });
    subject.send({ type: 'answers.set', key: 'middle_name', value: 'Grace' });
    outcomes.push(failures.network);
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: 'offline', saving: false });
    expect(tags(subject)).toEqual(['unsaved', 'offline']);
    expect(guards()).toBe(1);
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
    expect(subject.getSnapshot().context.answers).toMatchObject({ middle_name: 'Grace' });
    // Offline, no pause starts another try: only the browser's online event does.
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_MAX_MS * 2);
    expect(sent).toHaveLength(1);
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    subject.send({ type: 'connection.online' });
    await flush();
    expect(sent.at(-1)).toEqual({ middle_name: 'Grace', city: 'Springfield' });
    expect(tags(subject)).toEqual(['saved']);
    expect(guards()).toBe(0);
  });

  it('online yet unreachable: tries again after pauses that double, up to a ceiling; the online event tries at once', async () => {
    const { subject, outcomes, sent } = start();
    subject.send({ type: 'answers.set', key: 'middle_name', value: 'Grace' });
    outcomes.push(failures.network, failures.network, failures.network);
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: 'retrying', saving: false });
    expect(tags(subject)).toEqual(['unsaved', 'retrying']);
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_FIRST_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    // The second pause is twice the first.
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_FIRST_MS * 2 - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    // The browser says the network is back: no need to wait out the pause.
    subject.send({ type: 'connection.online' });
    await flush();
    expect(sent).toHaveLength(4);
    expect(tags(subject)).toEqual(['saved']);
    expect(subject.getSnapshot().context.retries).toBe(0);
    expect([0, 1, 2, 10].map(saveRetryDelay)).toEqual([
      SAVE_RETRY_FIRST_MS,
      SAVE_RETRY_FIRST_MS * 2,
      SAVE_RETRY_FIRST_MS * 4,
      SAVE_RETRY_MAX_MS,
    ]);
  });

  it('going offline while retrying stops the pauses; Save tries again at once; a Next that failed goes nowhere later', async () => {
    const { subject, outcomes, sent, received } = start();
    subject.send({ type: 'answers.set', key: 'middle_name', value: 'Grace' });
    outcomes.push(failures.network, failures.network);
    subject.send({ type: 'answers.saveAndGo', to: '/education' });
    await flush();
    subject.send({ type: 'connection.offline' });
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: 'offline', saving: false });
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_MAX_MS);
    expect(sent).toHaveLength(1);
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(sent).toHaveLength(2);
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: 'offline', saving: false });
    subject.send({ type: 'connection.online' });
    await flush();
    expect(sent).toHaveLength(3);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
  });

  it('another actor waiting for the save hears it failed instead of waiting for the network', async () => {
    const { subject, outcomes, received } = start();
    subject.send({ type: 'connection.offline' });
    outcomes.push(failures.network);
    subject.send({ type: 'answers.save', replyTo: SYSTEM_IDS.submit });
    await flush();
    expect(received[SYSTEM_IDS.submit]?.filter((event) => event.type.startsWith('answers.save'))).toEqual([
      { type: 'answers.saveFailed', reason: 'error', message: failures.network.message },
    ]);
  });
});
