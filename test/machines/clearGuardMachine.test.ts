import { describe, expect, it } from 'vitest';
import { clearGuardMachine, type ClearGuardEvent } from '../../machines/clearGuardMachine';
import { connectClearGuard } from '../../machines/clearGuardView';
import { clearGuardModel } from '../qa/models/clearGuard';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { invariantSuite, type Step } from './helpers/invariants';
import { startInSystem } from './helpers/system';

/*
 * Issue 12: a choice that hides a block holding typed answers (a conviction comment, a mailing
 * address) asks before it clears them; any other choice goes straight to the answers actor.
 */

const COMMENT = 'A speeding ticket on a school night.';
const CONVICTED = { conviction: 'Y', conviction_desc: 'Yes', conviction_comment: COMMENT };
const answerNo = (answers: Record<string, string | boolean>): ClearGuardEvent => ({
  type: 'clearGuard.change',
  key: 'conviction',
  value: 'N',
  desc: 'No',
  answers,
});
const SET_NO = { type: 'answers.set', key: 'conviction', value: 'N', desc: 'No' };

function start() {
  const run = startInSystem(clearGuardMachine, { systemId: SYSTEM_IDS.clearGuard, spies: [SYSTEM_IDS.answers] });
  const sentToAnswers = () => run.received[SYSTEM_IDS.answers] ?? [];
  return { ...run, sentToAnswers, snapshot: () => run.subject.getSnapshot() };
}

describe('a choice that would clear typed answers', () => {
  it('asks first, naming the answers that would go; Cancel changes nothing', () => {
    const run = start();
    run.subject.send(answerNo(CONVICTED));
    expect(run.snapshot().hasTag('asking')).toBe(true);
    expect(run.snapshot().context.losing).toEqual(['conviction_comment']);
    expect(run.snapshot().context.pending).toEqual({ key: 'conviction', value: 'N', desc: 'No' });
    expect(run.sentToAnswers()).toEqual([]);

    run.subject.send({ type: 'clearGuard.cancel' });
    expect(run.snapshot().hasTag('asking')).toBe(false);
    expect(run.snapshot().context).toEqual({ pending: null, losing: [] });
    expect(run.sentToAnswers()).toEqual([]);
    run.stop();
  });

  it('makes the change once the applicant confirms', () => {
    const run = start();
    run.subject.send(answerNo(CONVICTED));
    run.subject.send({ type: 'clearGuard.confirm' });
    expect(run.sentToAnswers()).toEqual([SET_NO]);
    expect(run.snapshot().hasTag('asking')).toBe(false);
    expect(run.snapshot().context).toEqual({ pending: null, losing: [] });
    run.stop();
  });

  it('names every answer the hidden block would lose, choices included, once some typed text is among them', () => {
    const run = start();
    run.subject.send({
      type: 'clearGuard.change',
      key: 'mailing_addr_same_as_perm_addr',
      value: 'Y',
      desc: 'Yes',
      answers: {
        mailing_addr_same_as_perm_addr: 'N',
        mailing_address_line_1: 'PO Box 12',
        mailing_country: 'CAN',
        mailing_country_desc: 'Canada',
      },
    });
    expect(run.snapshot().hasTag('asking')).toBe(true);
    expect(run.snapshot().context.losing).toEqual(['mailing_country', 'mailing_address_line_1']);
    run.stop();
  });

  it('takes no other change while asking', () => {
    const run = start();
    run.subject.send(answerNo(CONVICTED));
    const another: ClearGuardEvent = { type: 'clearGuard.change', key: 'conviction', value: 'Y', desc: 'Yes', answers: {} };
    expect(run.snapshot().can(another)).toBe(false);
    run.stop();
  });
});

describe('the clear guard as the choice fields and the dialog see it (its view API)', () => {
  const view = (run: ReturnType<typeof start>) => connectClearGuard(run.snapshot(), run.subject.send);

  it('asks nothing and names nothing before any choice', () => {
    const run = start();
    expect(view(run)).toMatchObject({ asking: false, pending: null, losing: [] });
    run.stop();
  });

  it('asks before a choice hides a typed date: when the mailing address takes effect', () => {
    const run = start();
    run.subject.send({
      type: 'clearGuard.change',
      key: 'mailing_addr_same_as_perm_addr',
      value: 'Y',
      desc: 'Yes',
      answers: { mailing_addr_same_as_perm_addr: 'N', mailing_addr_effective_date: '2027-01-01' },
    });
    expect(view(run)).toMatchObject({ asking: true, losing: ['mailing_addr_effective_date'] });
    expect(run.sentToAnswers()).toEqual([]);
    run.stop();
  });
});

describe('a choice that clears no typed answer', () => {
  it.each([
    ['nothing would be hidden', { type: 'clearGuard.change', key: 'gender', value: 'F', desc: 'Female', answers: {} }],
    ['the hidden comment is empty', answerNo({ conviction: 'Y', conviction_comment: '' })],
    ['the hidden comment holds only spaces', answerNo({ conviction: 'Y', conviction_comment: '  ' })],
    [
      'the hidden block holds only choices',
      {
        type: 'clearGuard.change',
        key: 'mailing_addr_same_as_perm_addr',
        value: 'Y',
        desc: 'Yes',
        answers: { mailing_addr_same_as_perm_addr: 'N', mailing_country: 'CAN', mailing_country_desc: 'Canada' },
      },
    ],
    ['a checkbox is ticked', { type: 'clearGuard.change', key: 'optin_sms_ind', value: true, answers: {} }],
  ] as [string, ClearGuardEvent][])('goes straight to the answers actor when %s', (_what, event) => {
    const run = start();
    run.subject.send(event);
    expect(run.snapshot().hasTag('asking')).toBe(false);
    const { answers: _answers, type: _type, ...change } = event as Extract<ClearGuardEvent, { type: 'clearGuard.change' }>;
    expect(run.sentToAnswers()).toEqual([{ type: 'answers.set', ...change }]);
    run.stop();
  });
});

const answerSets = (step: Step) => step.sent.filter(({ to, event }) => to === SYSTEM_IDS.answers && event.type === 'answers.set');

invariantSuite(clearGuardModel, () => {
  const run = startInSystem(clearGuardMachine, { systemId: SYSTEM_IDS.clearGuard, spies: [SYSTEM_IDS.answers] });
  return { ...run, machine: clearGuardMachine };
}, [
  {
    name: 'typed answers are never cleared without the applicant saying yes',
    check: (step) => {
      const asked = step.after.hasTag('asking') && !step.before.hasTag('asking');
      const confirmed = step.event.type === 'clearGuard.confirm' && step.before.hasTag('asking');
      const harmless = step.event.type === 'clearGuard.change' && !step.before.hasTag('asking') && !asked;
      expect(answerSets(step)).toHaveLength(confirmed || harmless ? 1 : 0);
    },
  },
  {
    name: 'the question always says which answers would be lost, and the change it waits for',
    check: (step) => {
      const context = step.after.context as { pending: unknown; losing: string[] };
      if (step.after.hasTag('asking')) {
        expect(context.pending).not.toBeNull();
        expect(context.losing.length).toBeGreaterThan(0);
      } else {
        expect(context).toEqual({ pending: null, losing: [] });
      }
    },
  },
  {
    name: 'a confirmed change is the one that was asked about',
    check: (step) => {
      if (step.event.type !== 'clearGuard.confirm' || !step.before.hasTag('asking')) return;
      const pending = (step.before.context as { pending: { key: string; value: unknown } }).pending;
      expect(answerSets(step)[0]?.event).toMatchObject({ key: pending.key, value: pending.value });
    },
  },
]);
