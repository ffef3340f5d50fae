import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { connectInactivity } from '../../machines/inactivityView';
import { currentView } from '../../src/app/actors';
import { INACTIVITY_LOGOUT_MESSAGE, INACTIVITY_WARNING_TITLE, inactivityMachine } from '../../machines/inactivityMachine';
import { INACTIVITY_CHOSEN_LOGOUT_MESSAGE } from '../../src/catalogue/messages';
import { api } from '../../machines/api/coreEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../src/catalogue/limits';
import { controlledActors, startWithSiblings } from './helpers/siblingHarness';

const UNTIL_WARNING = INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

function start() {
  const control = controlledActors(['touchSession']);
  // The session actor runs it while an applicant's session is open: here, from the start.
  const run = startWithSiblings(inactivityMachine.provide({ actors: control.actors }), { systemId: 'inactivity' });
  const view = () => currentView(run.subject, connectInactivity);
  return { ...run, control, view, send: (event: AnyEventObject) => run.subject.send(event) };
}

describe('inactivityMachine', () => {
  it("shows 'Still working?' 60 s before the 15-minute limit, then logs out", () => {
    const t = start();
    vi.advanceTimersByTime(UNTIL_WARNING - 1);
    expect(t.view().warning).toBe(false);
    vi.advanceTimersByTime(1);
    expect(t.view().warning).toBe(true);
    vi.advanceTimersByTime(INACTIVITY_WARNING_MS - 1);
    expect(t.received(SYSTEM_IDS.session)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.logout', message: INACTIVITY_LOGOUT_MESSAGE }]);
    t.stop();
  });

  it('restarts the countdown on activity', () => {
    const t = start();
    vi.advanceTimersByTime(UNTIL_WARNING - 1000);
    t.send({ type: 'activity', at: Date.now() });
    vi.advanceTimersByTime(UNTIL_WARNING - 1);
    expect(t.view().warning).toBe(false);
    vi.advanceTimersByTime(1);
    expect(t.view().warning).toBe(true);
    t.stop();
  });

  it('keeps the modal open on mere activity; Continue touches the server session and starts over', async () => {
    const t = start();
    vi.advanceTimersByTime(UNTIL_WARNING);
    t.send({ type: 'activity', at: Date.now() });
    expect(t.view().warning).toBe(true);
    t.send({ type: 'continue', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.control.calls.map((call) => call.name)).toEqual(['touchSession']);
    await t.control.resolve('touchSession', {});
    expect(t.view().warning).toBe(false);
    vi.advanceTimersByTime(UNTIL_WARNING - 1);
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([]);
    t.stop();
  });

  // Issue 13 changed this: the modal's Logout used to carry the inactivity message, though the applicant chose to leave.
  it("logs out from the modal's Logout with a message of its own, not the inactivity one", () => {
    const t = start();
    vi.advanceTimersByTime(UNTIL_WARNING);
    t.send({ type: 'logout' });
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.logout', message: INACTIVITY_CHOSEN_LOGOUT_MESSAGE }]);
    expect(INACTIVITY_CHOSEN_LOGOUT_MESSAGE).not.toBe(INACTIVITY_LOGOUT_MESSAGE);
    t.stop();
  });

  it('logs out when activity comes 15 minutes or more after the last one (a laptop that slept)', () => {
    const t = start();
    t.send({ type: 'activity', at: Date.now() });
    // Asleep: the wall clock moves on, the timers do not run.
    vi.setSystemTime(Date.now() + INACTIVITY_TIMEOUT_MS);
    t.send({ type: 'activity', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.logout', message: INACTIVITY_LOGOUT_MESSAGE }]);
    t.stop();
  });

  it('logs out from the modal when activity shows the limit has passed', () => {
    const t = start();
    t.send({ type: 'activity', at: Date.now() });
    vi.advanceTimersByTime(UNTIL_WARNING);
    vi.setSystemTime(Date.now() + INACTIVITY_WARNING_MS);
    t.send({ type: 'activity', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.logout', message: INACTIVITY_LOGOUT_MESSAGE }]);
    t.stop();
  });

  it('does not let Continue keep a session idle for 15 minutes or more', () => {
    const t = start();
    t.send({ type: 'activity', at: Date.now() });
    vi.advanceTimersByTime(UNTIL_WARNING);
    vi.setSystemTime(Date.now() + INACTIVITY_WARNING_MS);
    t.send({ type: 'continue', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.logout', message: INACTIVITY_LOGOUT_MESSAGE }]);
    t.stop();
  });

  it('counts Continue as activity: a sleep after it is measured from the click', async () => {
    const t = start();
    t.send({ type: 'activity', at: Date.now() });
    vi.advanceTimersByTime(UNTIL_WARNING);
    t.send({ type: 'continue', at: Date.now() });
    await t.control.resolve('touchSession', {});
    // Asleep right after Continue, a little under the limit.
    vi.setSystemTime(Date.now() + INACTIVITY_TIMEOUT_MS - 1);
    t.send({ type: 'activity', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([]);
    t.stop();
  });

  it("titles the modal 'Still working?' (spec section 2)", () => {
    expect(INACTIVITY_WARNING_TITLE).toBe('Still working?');
  });

  it('reports a session the server no longer knows, and shrugs off other failures', async () => {
    const t = start();
    vi.advanceTimersByTime(UNTIL_WARNING);
    t.send({ type: 'continue', at: Date.now() });
    await t.control.reject('touchSession', new ApiError('offline', 'network', undefined));
    expect(t.view().warning).toBe(false);
    vi.advanceTimersByTime(UNTIL_WARNING);
    t.send({ type: 'continue', at: Date.now() });
    await t.control.reject('touchSession', new ApiError('Your session is invalid.', 'unauthorised', 401));
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.unauthorised' }]);
    t.stop();
  });

  it('does not log out on the first activity after logging in, whatever the time of day', () => {
    vi.setSystemTime(Date.UTC(2026, 10, 27, 9, 30));
    const t = start();
    t.send({ type: 'activity', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([]);
    t.stop();
  });

  it('a late report of older activity does not move the last activity back', () => {
    const t = start();
    vi.setSystemTime(10 * 60_000);
    t.send({ type: 'activity', at: Date.now() });
    t.send({ type: 'activity', at: 60_000 });
    // Asleep until 10 minutes after the latest activity: under the limit.
    vi.setSystemTime(20 * 60_000);
    t.send({ type: 'activity', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([]);
    t.stop();
  });

  it('counts activity while the modal is open, so a later Continue measures from it', () => {
    const t = start();
    t.send({ type: 'activity', at: Date.now() });
    vi.advanceTimersByTime(UNTIL_WARNING);
    t.send({ type: 'activity', at: Date.now() });
    // Asleep with the modal open: the wall clock moves on, the warning timer does not run.
    vi.setSystemTime(Date.now() + INACTIVITY_TIMEOUT_MS - 1);
    t.send({ type: 'continue', at: Date.now() });
    expect(t.view().warning).toBe(false);
    expect(t.control.calls.map((call) => call.name)).toEqual(['touchSession']);
    expect(t.received(SYSTEM_IDS.session)).toEqual([]);
    t.stop();
  });

  it("Continue asks the server for the tab choices, which keeps the server's session alive", async () => {
    const tabChoices = vi.spyOn(api, 'tabChoices').mockResolvedValue({});
    const actor = createActor(inactivityMachine).start();
    vi.advanceTimersByTime(UNTIL_WARNING);
    expect(tabChoices).not.toHaveBeenCalled();
    actor.send({ type: 'continue', at: Date.now() });
    expect(tabChoices).toHaveBeenCalledWith(expect.any(AbortSignal));
    await vi.advanceTimersByTimeAsync(0);
    expect(currentView(actor, connectInactivity).warning).toBe(false);
    actor.stop();
    tabChoices.mockRestore();
  });

  it('runs alone without a session sibling', () => {
    const actor = createActor(inactivityMachine).start();
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS);
    expect(currentView(actor, connectInactivity).warning).toBe(false);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
