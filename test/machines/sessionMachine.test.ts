import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { failures } from '../qa/fixtures';
import { sessionModel, sessionSimpleModel } from '../qa/models/session';
import { setApiBase } from '../../machines/api/httpClient';
import { SESSION_INVALID_MESSAGE, hasLoginCookie, sessionMachine } from '../../machines/sessionMachine';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../src/catalogue/limits';
import { INACTIVITY_LOGOUT_MESSAGE, LOGOUT_MESSAGE, SESSION_ENDED_UNSAVED_MESSAGE } from '../../src/catalogue/messages';
import { connectInactivity } from '../../machines/inactivityView';
import { connectSession } from '../../machines/sessionView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import type { ModelPath } from '../qa/model';
import { busyWhileRequesting, invariantSuite, readable, type Invariant, type Step } from './helpers/invariants';
import { answered, createGate, flush, startInSystem } from './helpers/system';

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.answers, SYSTEM_IDS.overlays, SYSTEM_IDS.toasts];
const INACTIVITY = 'You have been automatically logged out due to inactivity.';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type Subject = ReturnType<typeof startInSystem<typeof sessionMachine>>['subject'];
/** What the views see of the session: Log Out's progress, the dialog, and whether a session is open (its inactivity actor). */
const view = (subject: Subject) => connectSession(subject.getSnapshot(), subject.send);
const open = (subject: Subject) => view(subject).inactivity !== undefined;

function start(logout: () => Promise<unknown> = () => Promise.resolve({ message: '' }), loggedIn = true) {
  let calls = 0;
  const machine = sessionMachine.provide({
    actors: {
      logout: fromPromise(() => {
        calls += 1;
        return logout();
      }),
    },
  });
  const started = startInSystem(machine, { systemId: SYSTEM_IDS.session, spies: SPIES, input: { loggedIn } });
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
  it('is open from the start when the page opened with a session, and runs the inactivity actor then only', () => {
    const withSession = start();
    expect(open(withSession.subject)).toBe(true);
    // Nothing to announce: the root loads the profile of a session it already knows of.
    expect(withSession.received[SYSTEM_IDS.app]).toBeUndefined();
    const without = start(undefined, false);
    expect(open(without.subject)).toBe(false);
  });

  it('announces a login to the root, and to the toasts (those shown while logged out go)', () => {
    const { subject, received } = start(undefined, false);
    subject.send({ type: 'session.loggedIn' });
    expect(open(subject)).toBe(true);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.sessionStarted' }]);
    expect(received[SYSTEM_IDS.toasts]).toEqual([{ type: 'toast.sessionStarted' }]);
  });

  it('stops the inactivity actor when the session ends, and tells the toasts', async () => {
    const { subject, received } = start();
    subject.send({ type: 'session.logout' });
    expect(open(subject)).toBe(true);
    await flush();
    expect(open(subject)).toBe(false);
    expect(received[SYSTEM_IDS.toasts]).toEqual([{ type: 'toast.sessionEnded' }]);
    subject.send({ type: 'session.loggedIn' });
    expect(open(subject)).toBe(true);
  });

  it('logs out through the API, then ends the session and goes to /login with the message', async () => {
    const { subject, received, calls } = start();
    subject.send({ type: 'session.logout', message: INACTIVITY });
    expect(view(subject).loggingOut).toBe(true);
    await flush();
    expect(calls()).toBe(1);
    expect(open(subject)).toBe(false);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.sessionEnded' }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: INACTIVITY } }]);
  });

  it('ends the session even when the logout call fails', async () => {
    const { subject, received } = start(() =>
      answered(() => {
        throw failures.network;
      }),
    );
    subject.send({ type: 'session.logout' });
    await flush();
    expect(open(subject)).toBe(false);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
  });

  // Issue 13: Log Out used to reach /login with no message at all.
  it('gives Log Out (a logout with no other reason) its own message on /login', async () => {
    const { subject, received } = start();
    subject.send({ type: 'session.logout' });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
    expect(LOGOUT_MESSAGE).not.toBe(INACTIVITY);
  });

  it('treats a 401 as a session the server already ended, once', () => {
    const { subject, received, calls } = start();
    subject.send({ type: 'session.unauthorised' });
    subject.send({ type: 'session.unauthorised' });
    expect(open(subject)).toBe(false);
    expect(calls()).toBe(0);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.sessionEnded' }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: SESSION_INVALID_MESSAGE } }]);
  });

  it('asks the server to end the session: Log Out calls GET /api/logout', async () => {
    vi.useRealTimers();
    const calls: string[] = [];
    const server = createServer((request, response) => {
      calls.push(`${request.method ?? ''} ${request.url ?? ''}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"message":"Logged out."}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const { subject, received } = startInSystem(sessionMachine, {
        systemId: SYSTEM_IDS.session,
        spies: SPIES,
        input: { loggedIn: true },
      });
      view(subject).logOut();
      await vi.waitFor(() => expect(received[SYSTEM_IDS.navigation]).toHaveLength(1));
      expect(calls).toEqual(['GET /api/logout']);
      expect(open(subject)).toBe(false);
    } finally {
      setApiBase(undefined);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('ignores logout when nobody is logged in', () => {
    const { subject, received } = start(undefined, false);
    subject.send({ type: 'session.logout' });
    expect(view(subject).loggingOut).toBe(false);
    expect(open(subject)).toBe(false);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
  });
});

describe('session: the inactivity logout runs exactly while a session is open', () => {
  const IDLE_TWICE = INACTIVITY_TIMEOUT_MS * 2;

  it('a page opened without a session (a visitor, a staff link) is never logged out however long it idles', async () => {
    const { subject, received, calls } = start(undefined, false);
    await vi.advanceTimersByTimeAsync(IDLE_TWICE);
    expect(calls()).toBe(0);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(open(subject)).toBe(false);
  });

  it('an applicant left idle for 15 minutes is logged out with the inactivity message', async () => {
    const { subject, received, calls } = start();
    await vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS);
    expect(calls()).toBe(1);
    expect(open(subject)).toBe(false);
    expect(received[SYSTEM_IDS.navigation]).toEqual([
      { type: 'navigate', to: '/login', state: { errorMessage: INACTIVITY_LOGOUT_MESSAGE } },
    ]);
  });

  it('a session ended elsewhere (a 401) while the warning shows closes it, and nothing logs out later', async () => {
    const { subject, received, calls } = start();
    await vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS);
    const inactivity = view(subject).inactivity!;
    expect(connectInactivity(inactivity.getSnapshot(), inactivity.send).warning).toBe(true);
    subject.send({ type: 'session.unauthorised' });
    expect(view(subject).inactivity).toBeUndefined();
    await vi.advanceTimersByTimeAsync(IDLE_TWICE);
    expect(calls()).toBe(0);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: SESSION_INVALID_MESSAGE } }]);
  });

  it('starts afresh at the next login: the last session’s activity does not count', async () => {
    const { subject, calls } = start();
    const first = view(subject).inactivity!;
    first.send({ type: 'activity', at: Date.now() });
    subject.send({ type: 'session.unauthorised' });
    vi.setSystemTime(Date.now() + IDLE_TWICE);
    subject.send({ type: 'session.loggedIn' });
    const next = view(subject).inactivity!;
    expect(next).not.toBe(first);
    next.send({ type: 'activity', at: Date.now() });
    await flush();
    expect(open(subject)).toBe(true);
    expect(calls()).toBe(0);
  });
});

const toLogin = (step: Step) =>
  step.sent.filter(
    ({ to, event }) => to === SYSTEM_IDS.navigation && event.type === 'navigate' && (event as { to?: string }).to === '/login',
  );
const toApp = (step: Step, type: string) => step.sent.filter(({ to, event }) => to === SYSTEM_IDS.app && event.type === type);

/** A step's snapshots as the views see them. */
const seen = (snapshot: AnyMachineSnapshot) => {
  const { inactivity, loggingOut, askingLogout, savingBeforeLogout } = connectSession(snapshot as SessionSnapshot, () => undefined);
  const isOpen = inactivity !== undefined;
  return { open: isOpen, loggingOut, askingLogout, savingBeforeLogout, working: isOpen && !loggingOut && !askingLogout };
};

const startWalk = (path: ModelPath) => {
  const gate = createGate();
  const machine = sessionMachine.provide({ actors: { logout: gate.actor() } });
  return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.session, spies: SPIES, input: path.input }) };
};

const INVARIANTS: Invariant[] = [
  busyWhileRequesting(['logout'], { waitingOnSibling: [{ loggedIn: { confirmingLogout: 'saving' } }] }),
  {
    name: 'a session that ends tells the app once and lands on /login with a message to read',
    check: (step) => {
      const ended = seen(step.before).open && !seen(step.after).open;
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
      const started = !seen(step.before).open && seen(step.after).open;
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
        (step.event.type === 'session.logout' && seen(step.before).working && !asks) ||
        (step.event.type === 'session.logout' && step.event.message !== undefined && seen(step.before).askingLogout) ||
        (step.event.type === 'logout.discard' && seen(step.before).askingLogout && !seen(step.before).savingBeforeLogout) ||
        (step.event.type === 'answers.saved' && seen(step.before).savingBeforeLogout);
      expect(step.started).toEqual(leaves ? ['logout'] : []);
      if (asks && seen(step.before).working) expect(seen(step.after).askingLogout).toBe(true);
    },
  },
  {
    name: 'answers not saved are discarded only by the Log Out dialog’s Discard, and saved only by its Save',
    check: (step) => {
      const toAnswers = step.sent.filter(({ to }) => to === SYSTEM_IDS.answers).map(({ event }) => event);
      const asking = seen(step.before).askingLogout && !seen(step.before).savingBeforeLogout;
      const discards = step.event.type === 'logout.discard' && asking;
      const saves = step.event.type === 'logout.save' && asking;
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
    const { subject, received } = startInSystem(sessionMachine, { systemId: SYSTEM_IDS.session, spies: SPIES, input: { loggedIn: true } });
    for (const unsaved of reports) subject.send({ type: 'session.answersUnsaved', unsaved });
    subject.send({ type: 'session.unauthorised' });
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: message } }]);
  });
});

describe('session: Log Out while answers are not saved yet (issue 12)', () => {
  const ANSWERS = SYSTEM_IDS.answers;

  function unsavedThenLogOut(logout?: () => Promise<unknown>) {
    const run = start(logout);
    run.subject.send({ type: 'session.answersUnsaved', unsaved: true });
    run.subject.send({ type: 'session.logout' });
    return run;
  }

  it('asks first: the dialog opens in place of the Account popover, nothing is called or sent to /login', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    expect(view(subject)).toMatchObject({ askingLogout: true, savingBeforeLogout: false });
    expect(open(subject)).toBe(true);
    await flush();
    expect(calls()).toBe(0);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.overlays]).toEqual([{ type: 'overlay.close' }]);
  });

  it('with nothing unsaved, Log Out logs out at once as before', async () => {
    const { subject, calls } = start();
    subject.send({ type: 'session.answersUnsaved', unsaved: true });
    subject.send({ type: 'session.answersUnsaved', unsaved: false });
    subject.send({ type: 'session.logout' });
    expect(view(subject).loggingOut).toBe(true);
    await flush();
    expect(calls()).toBe(1);
  });

  it('Cancel stays logged in, with the answers untouched', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    view(subject).cancelLogout();
    expect(view(subject)).toMatchObject({ askingLogout: false, loggingOut: false });
    expect(open(subject)).toBe(true);
    await flush();
    expect(calls()).toBe(0);
    expect(received[ANSWERS]).toBeUndefined();
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
  });

  it('Save and log out: the answers actor saves them; once saved, the logout goes on with the Log Out message', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    view(subject).saveAndLogOut();
    expect(received[ANSWERS]).toEqual([{ type: 'answers.save', replyTo: SYSTEM_IDS.session }]);
    expect(view(subject)).toMatchObject({ askingLogout: true, savingBeforeLogout: true });
    // Cancel and Discard wait for the save's outcome.
    view(subject).cancelLogout();
    view(subject).discardAndLogOut();
    expect(view(subject)).toMatchObject({ askingLogout: true, savingBeforeLogout: true });
    await flush();
    expect(calls()).toBe(0);

    subject.send({ type: 'answers.saved', answers: { first_name: 'Ada' } });
    expect(view(subject).loggingOut).toBe(true);
    await flush();
    expect(calls()).toBe(1);
    expect(received[ANSWERS]).toEqual([{ type: 'answers.save', replyTo: SYSTEM_IDS.session }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
  });

  it.each(['error', 'conflict'] as const)('a save that fails (%s) keeps the dialog open, says why, and logs nobody out', async (reason) => {
    const { subject, calls } = unsavedThenLogOut();
    view(subject).saveAndLogOut();
    subject.send({ type: 'answers.saveFailed', reason, message: 'Why it failed.' });
    expect(view(subject)).toMatchObject({ askingLogout: true, savingBeforeLogout: false });
    expect(view(subject).logoutFailure).toEqual({ reason, message: 'Why it failed.' });
    await flush();
    expect(calls()).toBe(0);
    // Trying again forgets the old reason; a choice that closes the dialog too.
    view(subject).saveAndLogOut();
    expect(view(subject).logoutFailure).toBeNull();
    subject.send({ type: 'answers.saveFailed', reason, message: 'Why it failed.' });
    view(subject).cancelLogout();
    expect(view(subject)).toMatchObject({ askingLogout: false, loggingOut: false });
    expect(open(subject)).toBe(true);
    expect(view(subject).logoutFailure).toBeNull();
  });

  it('Discard and log out: the answers actor drops them, then the logout goes on', async () => {
    const { subject, received, calls } = unsavedThenLogOut();
    view(subject).discardAndLogOut();
    expect(received[ANSWERS]).toEqual([{ type: 'answers.discard' }]);
    expect(view(subject).loggingOut).toBe(true);
    await flush();
    expect(calls()).toBe(1);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: LOGOUT_MESSAGE } }]);
  });

  it('a session that ends on its own meanwhile keeps the answers: inactivity logs out, a 401 goes to /login, nothing is discarded', async () => {
    const inactive = unsavedThenLogOut();
    inactive.subject.send({ type: 'session.logout' });
    expect(view(inactive.subject).askingLogout).toBe(true);
    inactive.subject.send({ type: 'session.logout', message: INACTIVITY });
    await flush();
    expect(inactive.calls()).toBe(1);
    expect(inactive.received[ANSWERS]).toBeUndefined();
    expect(inactive.received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: INACTIVITY } }]);

    const expired = unsavedThenLogOut();
    expired.subject.send({ type: 'session.unauthorised' });
    expect(open(expired.subject)).toBe(false);
    expect(expired.received[ANSWERS]).toBeUndefined();
    expect(expired.received[SYSTEM_IDS.navigation]).toEqual([
      { type: 'navigate', to: '/login', state: { errorMessage: SESSION_ENDED_UNSAVED_MESSAGE } },
    ]);
  });

  it('the inactivity actor’s logout never asks, even with answers unsaved (they stay on the device)', () => {
    const { subject, received } = start();
    subject.send({ type: 'session.answersUnsaved', unsaved: true });
    subject.send({ type: 'session.logout', message: INACTIVITY });
    expect(view(subject).loggingOut).toBe(true);
    expect(received[ANSWERS]).toBeUndefined();
  });
});
