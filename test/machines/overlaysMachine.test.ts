import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { overlaysMachine } from '../../machines/overlaysMachine';
import { overlaysModel } from '../qa/models/overlays';
import { invariantSuite, payload } from './helpers/invariants';

describe("the frame's overlays", () => {
  it('opens one at a time: opening another closes the first; close closes whichever is open', () => {
    const actor = createActor(overlaysMachine).start();
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'overlay.open', name: 'account' });
    expect(actor.getSnapshot().value).toBe('account');
    actor.send({ type: 'overlay.open', name: 'help' });
    expect(actor.getSnapshot().value).toBe('help');
    actor.send({ type: 'overlay.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'overlay.open', name: 'privacy' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });
});

invariantSuite(
  overlaysModel,
  () => {
    const subject = createActor(overlaysMachine).start();
    return { subject, machine: overlaysMachine, stop: () => subject.stop() };
  },
  [
    {
      name: 'the overlay open is the last one asked for, and Close closes whichever is open',
      check: (step) => {
        if (step.event.type === 'overlay.open') expect(step.after.value).toBe(payload<{ name: string }>(step).name);
        if (step.event.type === 'overlay.close') expect(step.after.value).toBe('closed');
        expect(step.after.hasTag('open')).toBe(step.after.value !== 'closed');
      },
    },
  ],
  ['shortest', 'simple'],
);
