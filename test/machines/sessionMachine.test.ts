import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { failures } from '../qa/fixtures';
import { sessionModel, sessionSimpleModel } from '../qa/models/session';
import { SESSION_INVALID_MESSAGE, hasLoginCookie, sessionMachine } from '../../machines/sessionMachine';
import { LOGOUT_MESSAGE, SESSION_ENDED_UNSAVED_MESSAGE } from '../../src/catalogue/messages';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { busyWhileRequesting, invariantSuite, readable, type Invariant, type Step } from './helpers/invariants';
import { answered, createGate, flush, startInSystem } from './helpers/system';

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.answers, SYSTEM_IDS.overlays];
const INACTIVITY = 'You have been automatically logged out due to inactivity.';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(logout: () => Promise<unknown> = () => Promise.resolve({ message: '' })) {
  let calls = 0;
  const machine = sessionMachine.provide({
    actors: {
      logout: fromPromise(() => {
        calls += 1;
        return logout();
      }),
    },
  });
  const started = startInSystem(machine, { systemId: SYSTEM_IDS.session, spies: SPIES });
  return { ...started, calls: () => calls };
}

describe('hasLoginCookie', () => {
  it('detects the readable logged_in cookie', () => {
    expect(hasLoginCookie('logged_in=1')).toBe(true);
    expect(hasLoginCookie('theme=dark; logged_in=1; other=x')).toBe(true);
    expect(hasLoginCookie('logged_in=; theme=dark')).toBe(false);
    expect(hasLoginCookie('not_logged_in=1')).toBe(false);
    expect(hasLoginCookie('')).toBe(false);
  });
});

describe('session', () => {
  it('follows the root until told who is using the app', () => {
    const { subject } = start();
    expect(subject.getSnapshot().value).toBe('unknown');
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    expect(subject.getSnapshot().value).toBe('loggedIn');
    expect(subject.getSnapshot().hasTag('loggedIn')).toBe(true);
  });

  it('announces a login to the root', () => {
    const { subject, received } = start();
    subject.send({ type: 'app.context', loggedIn: false, serviceUser: false });
    subject.send({ type: 'session.loggedIn' });
    expect(subject.getSnapshot().value).toBe('loggedIn');
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.sessionStarted' }]);
  });

  it('logs out through the API, then ends the session and goes to /login with the message', async () => {
    const { subject, received, calls } = start();
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    subject.send({ type: 'session.logout', message: INACTIVITY });
    expect(subject.getSnapshot().value).toBe('loggingOut');
    await flush();
    expect(calls()).toBe(1);
    expect(subject.getSnapshot().value).toBe('loggedOut');
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.sessionEnded' }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: INACTIVITY } }]);
  });

  it('ends the session even when the logout call fails', async () => {
    const { subject, received } = start(() =>
      answered(() => {
        throw failures.network;
      }),
    );
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    subject.send({ type: 'session.logout' });
    await flush();
    expect(subject.getSnapshot().value).toBe('loggedOut');
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
  });

  // Issue 13: Log Out used to reach /login with no message at all.
  it('gives Log Out (a logout with no other reason) its own message on /login', async () => {
    const { subject, received } = start();
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    subject.send({ type: 'session.logout' });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
    expect(LOGOUT_MESSAGE).not.toBe(INACTIVITY);
  });

  it('treats a 401 as a session the server already ended, once', () => {
    const { subject, received, calls } = start();
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    subject.send({ type: 'session.unauthorised' });
    subject.send({ type: 'session.unauthorised' });
    expect(subject.getSnapshot().value).toBe('loggedOut');
    expect(calls()).toBe(0);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.sessionEnded' }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: SESSION_INVALID_MESSAGE } }]);
  });

  it('ignores logout when nobody is logged in', () => {
    const { subject, received } = start();
    subject.send({ type: 'app.context', loggedIn: false, serviceUser: false });
    subject.send({ type: 'session.logout' });
    expect(subject.getSnapshot().value).toBe('loggedOut');
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
  });
});

const toLogin = (step: Step) =>
  step.sent.filter(
    ({ to, event }) => to === SYSTEM_IDS.navigation && event.type === 'navigate' && (event as { to?: string }).to === '/login',
  );
const toApp = (step: Step, type: string) => step.sent.filter(({ to, event }) => to === SYSTEM_IDS.app && event.type === type);

const startWalk = () => {
  const gate = createGate();
  const machine = sessionMachine.provide({ actors: { logout: gate.actor() } });
  return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.session, spies: SPIES }) };
};

const INVARIANTS: Invariant[] = [
  busyWhileRequesting(['logout'], { waitingOnSibling: [{ confirmingLogout: 'saving' }] }),
  {
    name: 'a session that ends tells the app once and lands on /login with a message to read',
    check: (step) => {
      const ended = step.before.hasTag('loggedIn') || step.before.matches('loggingOut') ? step.after.matches('loggedOut') : false;
      expect(toApp(step, 'app.sessionEnded')).toHaveLength(ended ? 1 : 0);
      expect(toLogin(step)).toHaveLength(ended ? 1 : 0);
      for (const { event } of toLogin(step)) {
        expect(readable((event as { state?: { errorMessage?: unknown } }).state?.errorMessage)).toBe(true);
      }
    },
  },
  {
    name: 'a session that starts after a login tells the app once',
    check: (step) => {
      const started = step.before.matches('loggedOut') && step.after.hasTag('loggedIn');
      expect(toApp(step, 'app.sessionStarted')).toHaveLength(started ? 1 : 0);
    },
  },
  {
    name: 'a logout calls the server, whatever it answers, unless Log Out asks first about answers not saved',
    check: (step) => {
      const asks =
        step.event.type === 'session.logout' &&
        step.event.message === undefined &&
        (step.before.context as { answersUnsaved: boolean }).answersUnsaved;
      const leaves =
        (step.event.type === 'session.logout' && step.before.matches('loggedIn') && !asks) ||
        (step.event.type === 'session.logout' && step.event.message !== undefined && step.before.matches('confirmingLogout')) ||
        (step.event.type === 'logout.discard' && step.before.matches({ confirmingLogout: 'asking' })) ||
        (step.event.type === 'answers.saved' && step.before.matches({ confirmingLogout: 'saving' }));
      expect(step.started).toEqual(leaves ? ['logout'] : []);
      if (asks && step.before.matches('loggedIn')) expect(step.after.hasTag('confirmingLogout')).toBe(true);
    },
  },
  {
    name: 'answers not saved are discarded only by the Log Out dialog’s Discard, and saved only by its Save',
    check: (step) => {
      const toAnswers = step.sent.filter(({ to }) => to === SYSTEM_IDS.answers).map(({ event }) => event);
      const discards = step.event.type === 'logout.discard' && step.before.matches({ confirmingLogout: 'asking' });
      const saves = step.event.type === 'logout.save' && step.before.matches({ confirmingLogout: 'asking' });
      expect(toAnswers).toEqual([
        ...(discards ? [{ type: 'answers.discard' }] : []),
        ...(saves ? [{ type: 'answers.save', replyTo: SYSTEM_IDS.session }] : []),
      ]);
    },
  },
];

invariantSuite(sessionModel, startWalk, INVARIANTS, ['shortest']);
invariantSuite(sessionSimpleModel, startWalk, INVARIANTS, ['simple']);

describe('session: a 401 while answers wait to be saved (issue 12)', () => {
  it.each([
    [[true], SESSION_ENDED_UNSAVED_MESSAGE],
    [[true, false], SESSION_INVALID_MESSAGE],
    [[], SESSION_INVALID_MESSAGE],
  ])('the answers actor said unsaved %j → /login says %s', (reports, message) => {
    const { subject, received } = startInSystem(sessionMachine, { systemId: SYSTEM_IDS.session, spies: SPIES });
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    for (const unsaved of reports) subject.send({ type: 'session.answersUnsaved', unsaved });
    subject.send({ type: 'session.unauthorised' });
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: message } }]);
  });
});

describe('session: Log Out while answers are not saved yet (issue 12)', () => {
  const ANSWERS = SYSTEM_IDS.answers;

  function unsavedThenLogOut(logout?: () => Promise<unknown>) {
    const run = start(logout);
    run.subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    run.subject.send({ type: 'session.answersUnsaved', unsaved: true });
    run.subject.send({ type: 'session.logout' });
    return run;
  }

  it('asks first: the dialog opens in place of the Account popover, nothing is called or sent to /login', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    expect(subject.getSnapshot().value).toEqual({ confirmingLogout: 'asking' });
    expect(subject.getSnapshot().hasTag('confirmingLogout')).toBe(true);
    expect(subject.getSnapshot().hasTag('loggedIn')).toBe(true);
    await flush();
    expect(calls()).toBe(0);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.overlays]).toEqual([{ type: 'overlay.close' }]);
  });

  it('with nothing unsaved, Log Out logs out at once as before', async () => {
    const { subject, calls } = start();
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    subject.send({ type: 'session.answersUnsaved', unsaved: true });
    subject.send({ type: 'session.answersUnsaved', unsaved: false });
    subject.send({ type: 'session.logout' });
    expect(subject.getSnapshot().value).toBe('loggingOut');
    await flush();
    expect(calls()).toBe(1);
  });

  it('Cancel stays logged in, with the answers untouched', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    subject.send({ type: 'logout.cancel' });
    expect(subject.getSnapshot().value).toBe('loggedIn');
    await flush();
    expect(calls()).toBe(0);
    expect(received[ANSWERS]).toBeUndefined();
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
  });

  it('Save and log out: the answers actor saves them; once saved, the logout goes on with the Log Out message', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    subject.send({ type: 'logout.save' });
    expect(received[ANSWERS]).toEqual([{ type: 'answers.save', replyTo: SYSTEM_IDS.session }]);
    expect(subject.getSnapshot().value).toEqual({ confirmingLogout: 'saving' });
    expect(subject.getSnapshot().hasTag('busy')).toBe(true);
    // Cancel and Discard wait for the save's outcome.
    subject.send({ type: 'logout.cancel' });
    subject.send({ type: 'logout.discard' });
    expect(subject.getSnapshot().value).toEqual({ confirmingLogout: 'saving' });
    await flush();
    expect(calls()).toBe(0);

    subject.send({ type: 'answers.saved' });
    expect(subject.getSnapshot().value).toBe('loggingOut');
    await flush();
    expect(calls()).toBe(1);
    expect(received[ANSWERS]).toEqual([{ type: 'answers.save', replyTo: SYSTEM_IDS.session }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
  });

  it.each(['error', 'conflict'] as const)('a save that fails (%s) keeps the dialog open, says why, and logs nobody out', async (reason) => {
    const { subject, calls } = unsavedThenLogOut();
    subject.send({ type: 'logout.save' });
    subject.send({ type: 'answers.saveFailed', reason, message: 'Why it failed.' });
    expect(subject.getSnapshot().value).toEqual({ confirmingLogout: 'asking' });
    expect(subject.getSnapshot().context.logoutFailure).toEqual({ reason, message: 'Why it failed.' });
    await flush();
    expect(calls()).toBe(0);
    // Trying again forgets the old reason; a choice that closes the dialog too.
    subject.send({ type: 'logout.save' });
    expect(subject.getSnapshot().context.logoutFailure).toBeNull();
    subject.send({ type: 'answers.saveFailed', reason, message: 'Why it failed.' });
    subject.send({ type: 'logout.cancel' });
    expect(subject.getSnapshot().value).toBe('loggedIn');
    expect(subject.getSnapshot().context.logoutFailure).toBeNull();
  });

  it('Discard and log out: the answers actor drops them, then the logout goes on', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    subject.send({ type: 'logout.discard' });
    expect(received[ANSWERS]).toEqual([{ type: 'answers.discard' }]);
    expect(subject.getSnapshot().value).toBe('loggingOut');
    await flush();
    expect(calls()).toBe(1);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
  });

  it('a session that ends on its own meanwhile keeps the answers: inactivity logs out, a 401 goes to /login, nothing is discarded', async () => {
    const inactive = unsavedThenLogOut();
    inactive.subject.send({ type: 'session.logout' });
    expect(inactive.subject.getSnapshot().value).toEqual({ confirmingLogout: 'asking' });
    inactive.subject.send({ type: 'session.logout', message: INACTIVITY });
    await flush();
    expect(inactive.calls()).toBe(1);
    expect(inactive.received[ANSWERS]).toBeUndefined();
    expect(inactive.received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: INACTIVITY } }]);

    const expired = unsavedThenLogOut();
    expired.subject.send({ type: 'session.unauthorised' });
    expect(expired.subject.getSnapshot().value).toBe('loggedOut');
    expect(expired.received[ANSWERS]).toBeUndefined();
    expect(expired.received[SYSTEM_IDS.navigation]).toEqual([
      { type: 'navigate', to: '/login', state: { errorMessage: SESSION_ENDED_UNSAVED_MESSAGE } },
    ]);
  });

  it('the inactivity actor’s logout never asks, even with answers unsaved (they stay on the device)', () => {
    const { subject, received } = start();
    subject.send({ type: 'app.context', loggedIn: true, serviceUser: false });
    subject.send({ type: 'session.answersUnsaved', unsaved: true });
    subject.send({ type: 'session.logout', message: INACTIVITY });
    expect(subject.getSnapshot().value).toBe('loggingOut');
    expect(received[ANSWERS]).toBeUndefined();
  });
});
