import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { confirmTriggerMachine } from '../../machines/confirmTriggerMachine';
import { connectConfirmTrigger } from '../../machines/confirmTriggerView';
import { inactivityMachine } from '../../machines/inactivityMachine';
import { connectInactivity } from '../../machines/inactivityView';
import { overlaysMachine } from '../../machines/overlaysMachine';
import { connectOverlays } from '../../machines/overlaysView';
import { sessionMachine } from '../../machines/sessionMachine';
import { connectSession } from '../../machines/sessionView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { unexpectedErrorMachine } from '../../machines/unexpectedErrorMachine';
import { connectUnexpectedError } from '../../machines/unexpectedErrorView';
import { currentView } from '../../src/app/actors';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../src/catalogue/limits';
import { controlledActors, startWithSiblings } from './helpers/siblingHarness';
import { startInSystem } from './helpers/system';

/*
 * What the frame's views show, read through each machine's view API from real actors (network
 * calls stood in), and the intents the views send through it.
 */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('the overlays view API', () => {
  it('names the one overlay open; a footer dialog is Help or the privacy notice, never the Account popover', () => {
    const actor = createActor(overlaysMachine).start();
    const view = () => currentView(actor, connectOverlays);
    expect(view()).toMatchObject({ open: null, footerDialog: null, anyOpen: false });
    view().show('account');
    expect(view()).toMatchObject({ open: 'account', footerDialog: null, anyOpen: true });
    view().show('privacy');
    expect(view()).toMatchObject({ open: 'privacy', footerDialog: 'privacy', anyOpen: true });
    view().close();
    expect(view()).toMatchObject({ open: null, footerDialog: null, anyOpen: false });
  });
});

describe('the unexpected-error view API', () => {
  it('opens the dialog for an uncaught error, not for a cancelled call, and closes it', () => {
    const actor = createActor(unexpectedErrorMachine).start();
    const view = () => currentView(actor, connectUnexpectedError);
    view().report({ kind: 'rejection', message: 'The operation was aborted.', aborted: true });
    expect(view().open).toBe(false);
    view().report({ kind: 'error', message: 'x is undefined' });
    expect(view().open).toBe(true);
    view().close();
    expect(view().open).toBe(false);
  });
});

describe('the confirm-trigger view API', () => {
  it('reveals the content only after the applicant confirms, and hides it again', () => {
    const actor = createActor(confirmTriggerMachine).start();
    const view = () => currentView(actor, connectConfirmTrigger);
    expect(view()).toMatchObject({ revealed: false, asking: false });
    view().ask();
    expect(view()).toMatchObject({ revealed: false, asking: true });
    view().cancel();
    expect(view()).toMatchObject({ revealed: false, asking: false });
    view().ask();
    view().confirm();
    expect(view()).toMatchObject({ revealed: true, asking: false });
    view().hide();
    expect(view().revealed).toBe(false);
  });
});

describe('the inactivity view API', () => {
  it('warns before the limit, and Continue ends the warning', async () => {
    const control = controlledActors(['touchSession']);
    const run = startWithSiblings(inactivityMachine.provide({ actors: control.actors }), { systemId: 'inactivity' });
    const view = () => currentView(run.subject, connectInactivity);
    expect(view().warning).toBe(false);
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS);
    expect(view().warning).toBe(true);
    view().reportActivity(Date.now());
    expect(view().warning).toBe(true);
    view().keepWorking(Date.now());
    await control.resolve('touchSession', {});
    expect(view().warning).toBe(false);
    run.stop();
  });

  it('is there to watch only while an applicant’s session is open (the session view gives it)', () => {
    const visitor = startInSystem(sessionMachine, { systemId: SYSTEM_IDS.session, input: { loggedIn: false }, spies: [SYSTEM_IDS.app] });
    expect(currentView(visitor.subject, connectSession).inactivity).toBeUndefined();
    visitor.subject.send({ type: 'session.loggedIn' });
    const inactivity = currentView(visitor.subject, connectSession).inactivity;
    expect(inactivity && currentView(inactivity, connectInactivity).warning).toBe(false);
    visitor.stop();
  });
});

describe('the session view API', () => {
  it('shows Log Out busy while the logout call runs', async () => {
    let finish: () => void = () => {};
    const machine = sessionMachine.provide({
      actors: { logout: fromPromise(() => new Promise<unknown>((resolve) => (finish = () => resolve({ message: '' })))) },
    });
    const run = startInSystem(machine, {
      systemId: SYSTEM_IDS.session,
      spies: [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.answers],
      input: { loggedIn: true },
    });
    const view = () => currentView(run.subject, connectSession);
    expect(view()).toMatchObject({ loggingOut: false, askingLogout: false, savingBeforeLogout: false, logoutFailure: null });
    view().logOut();
    expect(view().loggingOut).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(view().loggingOut).toBe(false);
  });
});
