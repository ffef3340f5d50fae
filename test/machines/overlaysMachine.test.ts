import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { overlaysMachine } from '../../machines/overlaysMachine';
import { shortestPaths, simplePaths } from '../../machines/paths/model';
import { overlaysModel } from '../../machines/paths/overlays';
import { expectEveryStateReached } from './helpers/statePaths';

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

describe('overlays: generated paths', () => {
  it('reach every state', () => {
    expectEveryStateReached(overlaysMachine, shortestPaths(overlaysModel).map((path) => path.state));
  });

  it('replayed on the real actor, every simple path ends where the graph says', () => {
    const paths = simplePaths(overlaysModel);
    expect(paths.length).toBeGreaterThan(4);
    for (const path of paths) {
      const actor = createActor(overlaysMachine).start();
      for (const event of path.events) actor.send(event as never);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    }
  });
});
