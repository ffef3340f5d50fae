import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { overlaysMachine } from '../../machines/overlaysMachine';
import { connectOverlays } from '../../machines/overlaysView';
import { overlaysModel } from '../qa/models/overlays';
import { invariantSuite, payload } from './helpers/invariants';

describe("the frame's overlays", () => {
  it('opens one at a time: opening another closes the first; close closes whichever is open', () => {
    const actor = createActor(overlaysMachine).start();
    const view = () => connectOverlays(actor.getSnapshot(), (event) => actor.send(event));
    expect(view()).toMatchObject({ open: null, footerDialog: null, anyOpen: false });
    view().show('account');
    expect(view()).toMatchObject({ open: 'account', footerDialog: null, anyOpen: true });
    view().show('help');
    expect(view()).toMatchObject({ open: 'help', footerDialog: 'help', anyOpen: true });
    view().close();
    expect(view()).toMatchObject({ open: null, footerDialog: null, anyOpen: false });
    view().show('privacy');
    expect(view()).toMatchObject({ open: 'privacy', footerDialog: 'privacy', anyOpen: true });
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
