import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { overlaysMachine } from '../../machines/overlaysMachine';
import { overlaysModel } from '../../machines/paths/overlays';
import { generatedPathSuite } from './helpers/replay';

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

generatedPathSuite(overlaysModel, () => {
  const subject = createActor(overlaysMachine).start();
  return { subject, machine: overlaysMachine, stop: () => subject.stop() };
}, ['shortest', 'simple']);
