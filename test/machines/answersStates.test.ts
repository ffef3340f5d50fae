import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failures } from '../qa/fixtures';
import { SAVE_RETRY_FIRST_MS } from '../../machines/browserSignals';
import { answersIn, connectAnswers } from '../../machines/answersView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { ApiError } from '../../machines/api/httpClient';
import { flush } from './helpers/system';
import { applicant, OWNER, startOnDevice } from './helpers/answersDevice';

/*
 * The applicant's answers in every state a save can leave them in: Next and Save go on from each,
 * what waits for the server stays on the device, and whoever is told is told from each.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const serverError = new ApiError('The server is down.', 'http', 500);
const navigations = (received: Record<string, { type: string }[] | undefined>) => received[SYSTEM_IDS.navigation] ?? [];
const pageChanges = (received: Record<string, { type: string }[] | undefined>) =>
  (received[SYSTEM_IDS.app] ?? []).filter((event) => event.type === 'app.pageChanged').length;

function loggedIn(answers: Record<string, string> = {}) {
  return startOnDevice({}, applicant(answers, 1));
}

describe('Next from each state a save leaves', () => {
  it('after a Save that went through, after a failed save and while waiting for the network: saves, then goes on', async () => {
    for (const arrange of ['saved', 'failed', 'waiting'] as const) {
      const run = loggedIn();
      run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
      if (arrange === 'failed') run.outcomes.push(serverError);
      if (arrange === 'waiting') run.outcomes.push(failures.network);
      run.subject.send({ type: 'answers.saveAndGo' });
      await flush();
      run.subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
      run.subject.send({ type: 'answers.saveAndGo', to: '/education' });
      expect(pageChanges(run.received), arrange).toBe(2);
      await flush();
      expect(navigations(run.received), arrange).toEqual([{ type: 'navigate', to: '/education' }]);
      expect(connectAnswers(run.subject.getSnapshot(), run.subject.send)).toMatchObject({
        saveStatus: null,
        saving: false,
        offering: false,
      });
    }
  });
});

describe('what stays on the device', () => {
  it('an applicant’s cleared answers wait in the draft, which a save then drops', async () => {
    const run = loggedIn({ city: 'Boston' });
    run.subject.send({ type: 'answers.clear', keys: ['city'] });
    expect(run.subject.getSnapshot().context.answers.city).toBe('');
    expect(run.drafts[OWNER]?.changes).toEqual({ city: '' });
    run.subject.send({ type: 'answers.saveAndGo', to: '/education' });
    await flush();
    expect(run.drafts[OWNER]).toBeUndefined();
  });

  it('a save asked for by another actor drops the draft too', async () => {
    const run = loggedIn();
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    expect(run.drafts[OWNER]).toBeDefined();
    run.subject.send({ type: 'answers.save', replyTo: SYSTEM_IDS.submit });
    await flush();
    expect(run.drafts[OWNER]).toBeUndefined();
  });

  it('answers typed into a new account wait in its draft while the network is down, over its version', async () => {
    const device = {};
    const typing = startOnDevice({}, undefined, device);
    typing.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    typing.stop();
    const run = startOnDevice({}, applicant({}, 7), device);
    run.outcomes.push(failures.network);
    await flush();
    expect(run.drafts[OWNER]).toEqual({ base: 7, changes: { city: 'Springfield' } });
  });

  it('answers typed before logging in, taken over the account’s, wait in its draft while the network is down', async () => {
    const device = {};
    const typing = startOnDevice({}, undefined, device);
    typing.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    typing.stop();
    const run = startOnDevice({}, applicant({ first_name: 'Ada' }, 4), device);
    run.outcomes.push(failures.network);
    run.subject.send({ type: 'offer.useOffered' });
    await flush();
    expect(run.drafts[OWNER]).toEqual({ base: 4, changes: { city: 'Springfield' } });
  });
});

describe('the network coming back', () => {
  it('counts the pauses afresh and knows it is online: a new failure waits 2 s again', async () => {
    const run = loggedIn();
    run.subject.send({ type: 'connection.offline' });
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    run.outcomes.push(failures.network, failures.network);
    run.subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(connectAnswers(run.subject.getSnapshot(), run.subject.send)).toMatchObject({ saveStatus: 'offline', saving: false });
    expect(run.received[SYSTEM_IDS.session]).toContainEqual({ type: 'session.answersUnsaved', unsaved: true });
    run.subject.send({ type: 'connection.online' });
    await flush();
    expect(connectAnswers(run.subject.getSnapshot(), run.subject.send)).toMatchObject({ saveStatus: 'retrying', saving: false });
    expect(run.subject.getSnapshot().context.retries).toBe(1);
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_FIRST_MS);
    expect(run.sent).toHaveLength(3);
  });
});

describe('who the applicant is', () => {
  it('carries an applicant’s answers to the auth card they follow', () => {
    const run = loggedIn({ city: 'Boston' });
    run.subject.send({ type: 'answers.carryTo', to: '/forgot-password' });
    expect(navigations(run.received)).toEqual([{ type: 'navigate', to: '/forgot-password', state: { answers: { city: 'Boston' } } }]);
  });
});

describe('more of what the page and its neighbours are told', () => {
  it('Next right after a Save saves nothing new and goes on', async () => {
    const run = loggedIn();
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    run.subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(run.subject.getSnapshot().hasTag('saved')).toBe(true);
    run.subject.send({ type: 'answers.saveAndGo', to: '/education' });
    expect(pageChanges(run.received)).toBe(2);
    await flush();
    expect(navigations(run.received)).toEqual([{ type: 'navigate', to: '/education' }]);
  });

  it('a change after Saved waits in the draft again', async () => {
    const run = loggedIn();
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    run.subject.send({ type: 'answers.saveAndGo' });
    await flush();
    run.subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    expect(run.drafts[OWNER]?.changes).toEqual({ first_name: 'Ada' });
    run.subject.send({ type: 'answers.saveAndGo' });
    await flush();
    run.subject.send({ type: 'answers.setMany', answers: { last_name: 'King' } });
    expect(run.drafts[OWNER]?.changes).toEqual({ last_name: 'King' });
  });

  it('the same answer twice is one change for an applicant too', () => {
    const run = loggedIn();
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    const once = answersIn(run.subject.getSnapshot());
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    // The views read the same answers: nothing re-renders, nothing is saved again.
    expect(answersIn(run.subject.getSnapshot())).toBe(once);
  });

  it('a failed save says the server’s words in an error toast', async () => {
    const run = loggedIn();
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    run.outcomes.push(serverError);
    run.subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(run.received[SYSTEM_IDS.toasts]).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: serverError.message } },
    ]);
  });

  it('answers given back and then turned down are never said to be saved', async () => {
    const run = startOnDevice({ [OWNER]: { base: 2, changes: { city: 'Springfield' } } }, applicant({ city: 'Boston' }, 5));
    await flush();
    run.subject.send({ type: 'offer.keepShown' });
    run.subject.send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    run.subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(run.received[SYSTEM_IDS.toasts]).toBeUndefined();
  });

  it('knows the network is back even while nothing waits: a later failure is retried, not left offline', async () => {
    const run = loggedIn();
    run.subject.send({ type: 'connection.offline' });
    run.subject.send({ type: 'connection.online' });
    run.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    run.outcomes.push(failures.network);
    run.subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(connectAnswers(run.subject.getSnapshot(), run.subject.send)).toMatchObject({ saveStatus: 'retrying', saving: false });
  });

  it('a visitor without answers moves on, the page told', () => {
    const run = startOnDevice();
    run.subject.send({ type: 'answers.saveAndGo', to: '/education' });
    expect(pageChanges(run.received)).toBe(1);
    expect(navigations(run.received)).toEqual([{ type: 'navigate', to: '/education' }]);
  });
});
