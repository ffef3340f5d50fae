import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { failures } from '../../machines/paths/fixtures';
import { sessionModel } from '../../machines/paths/session';
import { SESSION_INVALID_MESSAGE, hasLoginCookie, sessionMachine } from '../../machines/sessionMachine';
import { LOGOUT_MESSAGE, SESSION_ENDED_UNSAVED_MESSAGE } from '../../src/catalogue/messages';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { busyWhileRequesting, invariantSuite, readable, type Step } from './helpers/invariants';
import { answered, createGate, flush, startInSystem } from './helpers/system';

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.navigation];
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

invariantSuite(
  sessionModel,
  () => {
    const gate = createGate();
    const machine = sessionMachine.provide({ actors: { logout: gate.actor() } });
    return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.session, spies: SPIES }) };
  },
  [
    busyWhileRequesting(['logout']),
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
      name: 'Log Out always calls the server, whatever it answers',
      check: (step) => {
        if (step.event.type === 'session.logout' && step.before.hasTag('loggedIn')) expect(step.started).toEqual(['logout']);
        else expect(step.started).toEqual([]);
      },
    },
  ],
  ['shortest', 'simple'],
);

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
