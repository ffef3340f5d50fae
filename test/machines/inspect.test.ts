import { describe, expect, it } from 'vitest';
import { createConsoleActor } from '../../machines/consoleMachine';
import { createAppActor } from '../../machines/inspect';
import { browserInspection, wantsInspection } from '../../machines/inspection';
import { SYSTEM_IDS } from '../../machines/systemIds';

describe('inspection', () => {
  it('is asked for by ?inspect or VITE_INSPECT=1, in development only', () => {
    expect(wantsInspection('?inspect', { DEV: true })).toBe(true);
    expect(wantsInspection('?token=abc&inspect=1', { DEV: true })).toBe(true);
    expect(wantsInspection('', { DEV: true, VITE_INSPECT: '1' })).toBe(true);
    expect(wantsInspection('', { DEV: true })).toBe(false);
    expect(wantsInspection('?inspect', { DEV: false, VITE_INSPECT: '1' })).toBe(false);
  });

  it('stays off unless asked for', async () => {
    await expect(browserInspection('?token=abc')).resolves.toBeUndefined();
  });

  it('creates the root actor, unstarted, under the app system id', async () => {
    const actor = await createAppActor({ pathname: '/about', search: '', cookie: '' });
    expect(actor.system.get(SYSTEM_IDS.app)).toBe(actor);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it("creates the console's root actor, unstarted, under the console's system id", async () => {
    const actor = await createConsoleActor({ pathname: '/staff', search: '' });
    expect(actor.system.get('console')).toBe(actor);
    expect(actor.getSnapshot().status).toBe('active');
  });
});
