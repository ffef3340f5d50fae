import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTORED_MESSAGES } from '../../src/catalogue/answerMessages';
import { failures } from '../qa/fixtures';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { flush } from './helpers/system';
import { applicant, OWNER, startOnDevice, toasts } from './helpers/answersDevice';
import { connectAnswers } from '../../machines/answersView';

/*
 * Issue 12, cases 3 to 5: a logged-in applicant's answers not confirmed by the server are kept on
 * the device, one draft per account, and come back after a reload, a closed tab or an ended
 * session (saved at once when the server has not changed since, offered otherwise); answers typed
 * before logging in to an account holding other answers are offered, never dropped.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const start = startOnDevice;

describe('answers: a draft per account on the device', () => {
  it('keeps every change the server has not confirmed, and drops the draft once it has', async () => {
    const { subject, drafts } = start({}, applicant({ first_name: 'Ada' }, 3));
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    expect(drafts[OWNER]).toEqual({ base: 3, changes: { city: 'Springfield' } });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(drafts[OWNER]).toBeUndefined();
  });

  it('after a reload: a draft over the version the server still holds comes back and is saved, and the page says so', async () => {
    const { subject, drafts, sent, received } = start(
      { [OWNER]: { base: 3, changes: { city: 'Springfield', middle_name: 'Grace' } } },
      applicant({ first_name: 'Ada' }, 3),
    );
    await flush();
    expect(subject.getSnapshot().context.answers).toEqual({ first_name: 'Ada', city: 'Springfield', middle_name: 'Grace' });
    expect(sent).toEqual([{ city: 'Springfield', middle_name: 'Grace' }]);
    expect(drafts[OWNER]).toBeUndefined();
    expect(toasts(received)).toEqual([RESTORED_MESSAGES.saved(2, false)]);
  });

  it("another account's draft stays where it is", async () => {
    const { drafts, sent } = start({ 'grace@example.org': { base: 3, changes: { city: 'Boston' } } }, applicant({ first_name: 'Ada' }, 3));
    await flush();
    expect(sent).toEqual([]);
    expect(drafts['grace@example.org']).toEqual({ base: 3, changes: { city: 'Boston' } });
  });

  it('a session that ends on Save keeps the answers for the next login; /login and the toast say what happened', async () => {
    const { subject, drafts, outcomes, received, sent, stop } = start({}, applicant({}, 1));
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    outcomes.push(failures.unauthorised);
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(received[SYSTEM_IDS.session]!.filter((event) => event.type === 'session.unauthorised')).toEqual([
      { type: 'session.unauthorised', message: RESTORED_MESSAGES.sessionEnded },
    ]);
    expect(drafts[OWNER]).toEqual({ base: 1, changes: { city: 'Springfield' }, sessionEnded: true });
    // The session is over: its application stops; the device keeps them for the next login.
    stop();
    const next = start(drafts, applicant({ first_name: 'Ada' }, 1));
    await flush();
    expect(next.sent.at(-1)).toEqual({ city: 'Springfield' });
    expect(sent).toHaveLength(1);
    expect(toasts(next.received)).toEqual([RESTORED_MESSAGES.saved(1, true)]);
    expect(drafts[OWNER]).toBeUndefined();
  });

  it('a session that ends through another call (the PDF poll met the 401) marks the draft: the next login says the session had ended', async () => {
    const { subject, drafts, received, stop } = start({}, applicant({}, 1));
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    // The root tells it before stopping the session's application.
    subject.send({ type: 'answers.sessionEnded' });
    expect(drafts[OWNER]).toEqual({ base: 1, changes: { city: 'Springfield' }, sessionEnded: true });
    stop();
    const next = start(drafts, applicant({}, 1));
    await flush();
    expect(toasts(next.received)).toEqual([RESTORED_MESSAGES.saved(1, true)]);
    expect(toasts(received)).toEqual([]);
  });

  it("a logout leaves the draft on the device: only a save or the applicant's own choice clears it", () => {
    const { subject, drafts, stop } = start({}, applicant({}, 1));
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    subject.send({ type: 'answers.sessionEnded' });
    stop();
    // The next session, a visitor's, starts empty.
    expect(start(drafts).subject.getSnapshot().context.answers).toEqual({});
    // Nobody chose to leave them: the session ended, and the next login says so.
    expect(drafts[OWNER]).toEqual({ base: 1, changes: { city: 'Springfield' }, sessionEnded: true });
  });

  it('a draft older than what the server holds is offered: keeping the account’s answers discards it', async () => {
    const { subject, drafts, sent } = start({ [OWNER]: { base: 2, changes: { city: 'Springfield' } } }, applicant({ city: 'Boston' }, 5));
    await flush();
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ offering: true, saving: false });
    expect(subject.getSnapshot().context.offered).toEqual({ city: 'Springfield' });
    subject.send({ type: 'offer.keepShown' });
    expect(subject.getSnapshot().context.answers).toEqual({ city: 'Boston' });
    expect(drafts[OWNER]).toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe('answers: typed before logging in to an account that holds answers', () => {
  function typedThenLoggedIn() {
    const drafts = {};
    const device = {};
    const typing = start(drafts, undefined, device);
    typing.subject.send({ type: 'answers.set', key: 'last_name', value: 'King' });
    typing.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    // Logging in stops the visitor's application; the applicant's starts on the same device.
    typing.stop();
    return start(drafts, applicant({ last_name: 'Byron', first_name: 'Ada' }, 4), device);
  }

  it('offers them instead of dropping them, showing the account’s meanwhile', () => {
    const { subject, sent } = typedThenLoggedIn();
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ offering: true, saving: false });
    expect(subject.getSnapshot().hasTag('choosing')).toBe(true);
    expect(subject.getSnapshot().context.offered).toEqual({ last_name: 'King', city: 'Springfield' });
    expect(subject.getSnapshot().context.answers).toEqual({ last_name: 'Byron', first_name: 'Ada' });
    expect(sent).toEqual([]);
  });

  it("keep the account's: nothing is saved, the offer is gone", () => {
    const { subject, sent } = typedThenLoggedIn();
    subject.send({ type: 'offer.keepShown' });
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: null, saving: false, offering: false });
    expect(subject.getSnapshot().context.answers).toEqual({ last_name: 'Byron', first_name: 'Ada' });
    expect(sent).toEqual([]);
  });

  it('use the new ones: all of them are saved over the account’s', async () => {
    const { subject, sent, received } = typedThenLoggedIn();
    subject.send({ type: 'offer.useOffered' });
    await flush();
    expect(sent).toEqual([{ last_name: 'King', city: 'Springfield' }]);
    expect(subject.getSnapshot().context.answers).toEqual({ last_name: 'King', first_name: 'Ada', city: 'Springfield' });
    // Typed before logging in, not kept from an earlier visit: the toast says so.
    expect(toasts(received)).toEqual(['2 answers you typed before logging in are now saved in your account.']);
  });

  it('pick per answer: only the ticked ones are saved', async () => {
    const { subject, sent } = typedThenLoggedIn();
    subject.send({ type: 'offer.usePicked', keys: ['city'] });
    await flush();
    expect(sent).toEqual([{ city: 'Springfield' }]);
    expect(subject.getSnapshot().context.answers).toEqual({ last_name: 'Byron', first_name: 'Ada', city: 'Springfield' });
  });
});

describe('answers: Log Out without the answers not saved yet (answers.discard)', () => {
  it('goes back to what the server holds, tells the session, and leaves no draft on the device', () => {
    const { subject, drafts, sent, received } = start({}, applicant({ first_name: 'Ada' }, 3));
    subject.send({ type: 'answers.set', key: 'first_name', value: 'Grace' });
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    expect(drafts[OWNER]).toBeDefined();
    expect(subject.getSnapshot().hasTag('unsaved')).toBe(true);

    subject.send({ type: 'answers.discard' });
    expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: null, saving: false, offering: false });
    expect(subject.getSnapshot().context.answers).toEqual({ first_name: 'Ada' });
    expect(drafts[OWNER]).toBeUndefined();
    expect(sent).toEqual([]);
    expect(received[SYSTEM_IDS.session]?.at(-1)).toEqual({ type: 'session.answersUnsaved', unsaved: false });
  });

  it('while a save waits for the network: no retry goes out afterwards', async () => {
    const { subject, drafts, sent, outcomes } = start({}, applicant({}, 3));
    subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    outcomes.push(failures.network);
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(subject.getSnapshot().hasTag('retrying')).toBe(true);
    subject.send({ type: 'answers.discard' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toEqual([{ city: 'Springfield' }]);
    expect(drafts[OWNER]).toBeUndefined();
  });
});
