import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTORED_MESSAGES } from '../../src/catalogue/answerMessages';
import { failures } from '../qa/fixtures';
import { answersIn, connectAnswers } from '../../machines/answersView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { flush } from './helpers/system';
import { applicant, OWNER, startOnDevice, toasts } from './helpers/answersDevice';

/*
 * What changes the answers besides typing one (an address lookup filling several, a switch or an
 * upload clearing some), and what the answers given back say once saved (issue 12).
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const TOOK_SAT = { sat_taken: 'Y', sat_score_math: '700' };
/** How often the answers the views read changed since now (a new answers object each time). */
function changesSeen(subject: ReturnType<typeof startOnDevice>['subject']): () => number {
  let last = answersIn(subject.getSnapshot());
  let count = 0;
  subject.subscribe((snapshot) => {
    if (answersIn(snapshot) !== last) count += 1;
    last = answersIn(snapshot);
  });
  return () => count;
}

describe('several answers at once, and answers cleared', () => {
  it('a visitor’s: taken together, what they hide cleared, each a change the views see, and kept for a reload', () => {
    const { subject } = startOnDevice();
    const changes = changesSeen(subject);
    subject.send({ type: 'answers.setMany', answers: TOOK_SAT });
    expect(subject.getSnapshot().context.answers).toEqual(TOOK_SAT);
    subject.send({ type: 'answers.setMany', answers: { sat_taken: 'N' } });
    expect(subject.getSnapshot().context.answers).toEqual({ sat_taken: 'N', sat_score_math: '' });
    subject.send({ type: 'answers.clear', keys: ['sat_taken'] });
    expect(subject.getSnapshot().context.answers).toEqual({ sat_taken: '', sat_score_math: '' });
    expect(changes()).toBe(3);
  });

  it('an applicant’s: not saved until Save, kept as a draft meanwhile, and a change after Saved is unsaved again', async () => {
    const { subject, drafts, sent } = startOnDevice({}, applicant({ city: 'Boston' }, 1));
    subject.send({ type: 'answers.setMany', answers: TOOK_SAT });
    expect(subject.getSnapshot().hasTag('unsaved')).toBe(true);
    expect(drafts[OWNER]?.changes).toEqual(TOOK_SAT);
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    expect(sent).toEqual([TOOK_SAT]);
    expect(subject.getSnapshot().hasTag('saved')).toBe(true);
    subject.send({ type: 'answers.clear', keys: ['city'] });
    expect(subject.getSnapshot().hasTag('unsaved')).toBe(true);
    expect(drafts[OWNER]?.changes).toEqual({ city: '' });
    subject.send({ type: 'answers.saveAndGo' });
    await flush();
    subject.send({ type: 'answers.setMany', answers: { first_name: 'Ada' } });
    expect(subject.getSnapshot().hasTag('unsaved')).toBe(true);
  });

  it('a choice with a new description only is a change; the same choice again is none', () => {
    const { subject } = startOnDevice();
    const changes = changesSeen(subject);
    subject.send({ type: 'answers.set', key: 'country', value: 'USA', desc: 'United States' });
    subject.send({ type: 'answers.set', key: 'country', value: 'USA', desc: 'United States' });
    expect(changes()).toBe(1);
    subject.send({ type: 'answers.set', key: 'country', value: 'USA', desc: 'United States of America' });
    expect(subject.getSnapshot().context.answers.country_desc).toBe('United States of America');
    expect(changes()).toBe(2);
    subject.send({ type: 'answers.set', key: 'country', value: 'USA' });
    expect(changes()).toBe(2);
  });
});

describe('a draft that changes nothing', () => {
  it('is neither applied nor offered: the account’s answers stand and nothing is said', async () => {
    for (const base of [1, 0]) {
      const { subject, sent, received } = startOnDevice(
        { [OWNER]: { base, changes: { city: 'Boston' } } },
        applicant({ city: 'Boston' }, 1),
      );
      await flush();
      expect(connectAnswers(subject.getSnapshot(), subject.send)).toMatchObject({ saveStatus: null, saving: false, offering: false });
      expect(sent).toEqual([]);
      expect(toasts(received)).toEqual([]);
    }
  });
});

describe('what the answers given back say once saved', () => {
  it.each([
    ['had not ended: "saved", not "your session had ended"', false],
    ['ended: says the session had ended', true],
  ])('an outdated draft taken, of a session that %s', async (_what, sessionEnded) => {
    const { subject, received } = startOnDevice(
      { [OWNER]: { base: 2, changes: { city: 'Springfield' }, sessionEnded } },
      applicant({ city: 'Boston' }, 5),
    );
    await flush();
    subject.send({ type: 'offer.useOffered' });
    await flush();
    expect(toasts(received)).toEqual([RESTORED_MESSAGES.saved(1, sessionEnded)]);
  });

  it('a draft over the same version, of a session that had not ended: "saved"', async () => {
    const { received } = startOnDevice({ [OWNER]: { base: 5, changes: { city: 'Springfield' } } }, applicant({ city: 'Boston' }, 5));
    await flush();
    expect(toasts(received)).toEqual([RESTORED_MESSAGES.saved(1, false)]);
  });

  it('picking a choice takes its description along, and counts the answer once', async () => {
    const { subject, sent, received } = startOnDevice(
      { [OWNER]: { base: 2, changes: { country: 'CAN', country_desc: 'Canada', city: 'Toronto' } } },
      applicant({ country: 'USA', country_desc: 'United States' }, 5),
    );
    await flush();
    subject.send({ type: 'offer.usePicked', keys: ['country'] });
    await flush();
    expect(sent).toEqual([{ country: 'CAN', country_desc: 'Canada' }]);
    expect(toasts(received)).toEqual([RESTORED_MESSAGES.saved(1, false)]);
  });

  it('answers typed before logging in, picked: says they were typed, not kept from a session', async () => {
    const device = {};
    const typing = startOnDevice({}, undefined, device);
    typing.subject.send({ type: 'answers.set', key: 'city', value: 'Springfield' });
    typing.stop();
    const { subject, received } = startOnDevice({}, applicant({ first_name: 'Ada' }, 4), device);
    subject.send({ type: 'offer.usePicked', keys: ['city'] });
    await flush();
    expect(toasts(received)).toEqual([RESTORED_MESSAGES.typedSaved(1)]);
  });
});

// The message with answers left unsaved is answersDrafts.test.ts's; here, the session's plain one.
describe('a session that ends on a save (401)', () => {
  it('tells /login plainly when no answer was left unsaved', async () => {
    const run = startOnDevice({}, applicant({}, 1));
    run.outcomes.push(failures.unauthorised);
    run.subject.send({ type: 'answers.save', replyTo: SYSTEM_IDS.submit });
    await flush();
    expect(run.received[SYSTEM_IDS.session]).toContainEqual({ type: 'session.unauthorised' });
  });
});
