import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { shortestPaths, simplePaths } from '../../machines/paths/model';
import { unexpectedErrorModel } from '../../machines/paths/unexpectedError';
import { unexpectedErrorMachine } from '../../machines/unexpectedErrorMachine';
import { expectEveryStateReached } from './helpers/statePaths';

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

describe('unexpectedError: generated paths', () => {
  it('reach every state', () => {
    expectEveryStateReached(unexpectedErrorMachine, shortestPaths(unexpectedErrorModel).map((path) => path.state));
  });

  it('replayed on the real actor, every simple path ends where the graph says', () => {
    for (const path of simplePaths(unexpectedErrorModel)) {
      const actor = start();
      for (const event of path.events) actor.send(event as never);
      expect(open(actor)).toBe(path.state.hasTag('open'));
    }
  });
});
