import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { unexpectedErrorModel } from '../qa/models/unexpectedError';
import { unexpectedErrorMachine } from '../../machines/unexpectedErrorMachine';
import { invariantSuite, payload } from './helpers/invariants';

const open = (actor: ReturnType<typeof start>) => actor.getSnapshot().hasTag('open');
const start = () => createActor(unexpectedErrorMachine).start();

describe('the unexpected-error dialog', () => {
  it('opens on an uncaught error or rejection, stays open through more, and closes when asked', () => {
    const actor = start();
    expect(open(actor)).toBe(false);
    actor.send({ type: 'error.uncaught', kind: 'rejection', message: 'Cannot read properties of undefined' });
    expect(open(actor)).toBe(true);
    actor.send({ type: 'error.uncaught', kind: 'error', message: 'another' });
    expect(open(actor)).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(open(actor)).toBe(false);
    actor.send({ type: 'error.uncaught', kind: 'error', message: 'again' });
    expect(open(actor)).toBe(true);
  });

  it('ignores a cancelled request and the browser noise of ResizeObserver', () => {
    const actor = start();
    actor.send({ type: 'error.uncaught', kind: 'rejection', message: 'The operation was aborted.', aborted: true });
    actor.send({ type: 'error.uncaught', kind: 'error', message: 'ResizeObserver loop completed with undelivered notifications.' });
    expect(open(actor)).toBe(false);
  });
});

invariantSuite(
  unexpectedErrorModel,
  () => {
    const subject = createActor(unexpectedErrorMachine).start();
    return { subject, machine: unexpectedErrorMachine, stop: () => subject.stop() };
  },
  [
    {
      name: 'an aborted request or browser noise never opens the dialog; a real error always shows it',
      check: (step) => {
        if (step.event.type !== 'error.uncaught') return;
        const { aborted, message } = payload<{ aborted?: boolean; message: string }>(step);
        const noise = aborted === true || /ResizeObserver/.test(message);
        if (noise) expect(step.after.hasTag('open')).toBe(step.before.hasTag('open'));
        else expect(step.after.hasTag('open')).toBe(true);
      },
    },
    {
      name: 'Close always closes the dialog',
      check: (step) => {
        if (step.event.type === 'dialog.close') expect(step.after.hasTag('open')).toBe(false);
      },
    },
  ],
  ['shortest', 'simple'],
);
