import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { confirmTriggerMachine } from '../../machines/confirmTriggerMachine';
import { confirmTriggerModel } from '../qa/models/confirmTrigger';
import { invariantSuite } from './helpers/invariants';

const start = () => createActor(confirmTriggerMachine).start();

describe('a confirmation trigger', () => {
  it('asks first, reveals only after Continue, and hides again when unchecked', () => {
    const actor = start();
    actor.send({ type: 'trigger.confirm' });
    expect(actor.getSnapshot().hasTag('revealed')).toBe(false);
    actor.send({ type: 'trigger.ask' });
    expect(actor.getSnapshot().hasTag('asking')).toBe(true);
    actor.send({ type: 'trigger.confirm' });
    expect(actor.getSnapshot().hasTag('revealed')).toBe(true);
    expect(actor.getSnapshot().hasTag('asking')).toBe(false);
    actor.send({ type: 'trigger.hide' });
    expect(actor.getSnapshot().hasTag('revealed')).toBe(false);
  });

  it('Cancel closes the question and reveals nothing', () => {
    const actor = start();
    actor.send({ type: 'trigger.ask' });
    actor.send({ type: 'trigger.cancel' });
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});

invariantSuite(
  confirmTriggerModel,
  () => {
    const subject = createActor(confirmTriggerMachine).start();
    return { subject, machine: confirmTriggerMachine, stop: () => subject.stop() };
  },
  [
    {
      name: 'what the trigger guards is revealed only after the applicant confirmed',
      check: (step) => {
        if (step.after.hasTag('revealed') && !step.before.hasTag('revealed')) {
          expect(step.before.hasTag('asking')).toBe(true);
          expect(step.event.type).toBe('trigger.confirm');
        }
      },
    },
    {
      name: 'asking and revealed never show together',
      check: (step) => expect(step.after.hasTag('asking') && step.after.hasTag('revealed')).toBe(false),
    },
  ],
  ['shortest', 'simple'],
);
