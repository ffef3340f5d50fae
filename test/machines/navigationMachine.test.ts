import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { NavigationState } from '../../machines/events';
import { api } from '../../machines/api/coreEndpoints';
import { navigationMachine } from '../../machines/navigationMachine';
import { failures } from '../qa/fixtures';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { TOAST_TITLES } from '../../machines/toastsMachine';
import { answered, flush, startInSystem } from './helpers/system';

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.session, SYSTEM_IDS.toasts, SYSTEM_IDS.overlays];
const at = (pathname: string, search = '', state?: NavigationState) =>
  ({ type: 'location.changed', pathname, search, hash: '', state }) as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(save: (page: string) => Promise<unknown> = () => Promise.resolve({}), pathname = '/about', search = '', staff = false) {
  const saved: string[] = [];
  const machine = navigationMachine.provide({
    actors: {
      saveLastPage: fromPromise<string, string>(async ({ input }) => {
        saved.push(input);
        await save(input);
        return input;
      }),
    },
  });
  const started = startInSystem(machine, { systemId: SYSTEM_IDS.navigation, input: { pathname, search, staff }, spies: SPIES });
  return { ...started, saved };
}

describe('navigation: routes', () => {
  it('sends an unknown path to the default route, keeping the query string', () => {
    const { subject, emitted } = start(undefined, '/nowhere', '?token=abc');
    expect(subject.getSnapshot().value.route).toBe('pending');
    subject.send(at('/nowhere', '?token=abc'));
    expect(emitted).toEqual([{ type: 'navigate', to: '/about?token=abc', replace: true }]);
    expect(subject.getSnapshot().value.route).toBe('form');
    expect(subject.getSnapshot().context).toMatchObject({ pathname: '/about', search: '?token=abc' });
  });

  it('tells the areas apart', () => {
    const { subject, emitted } = start();
    subject.send(at('/login'));
    expect(subject.getSnapshot().value.route).toBe('auth');
    subject.send(at('/education'));
    expect(subject.getSnapshot().value.route).toBe('form');
    expect(emitted).toEqual([]);
  });

  it('sends a submitted applicant to /completion, on a status change and on a page change', () => {
    const { subject, emitted } = start();
    subject.send(at('/about'));
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/completion', replace: true }]);
    expect(subject.getSnapshot().value.route).toBe('completion');
    subject.send(at('/education'));
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/completion', replace: true });
    subject.send(at('/completion'));
    expect(emitted).toHaveLength(2);
  });

  it('sends anyone not submitted away from /completion, once the status is known', () => {
    const { subject, emitted } = start(undefined, '/completion');
    subject.send(at('/completion'));
    expect(emitted).toEqual([]);
    expect(subject.getSnapshot().value.route).toBe('completion');
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/about', replace: true }]);
    expect(subject.getSnapshot().value.route).toBe('form');
    subject.send(at('/completion'));
    expect(emitted).toHaveLength(2);
  });

  it('does not bounce a submit that already asked for /completion', () => {
    const { subject, emitted } = start();
    subject.send(at('/final-steps'));
    const state = { successMessage: 'Your application was successfully submitted.' };
    subject.send({ type: 'navigate', to: '/completion', state });
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/completion', state, replace: undefined }]);
  });

  it('forwards navigation requests with their state', () => {
    const { subject, emitted } = start();
    subject.send(at('/about'));
    subject.send({ type: 'navigate', to: '/signup', state: { answers: { first_name: 'Ada' } } });
    expect(emitted).toEqual([{ type: 'navigate', to: '/signup', state: { answers: { first_name: 'Ada' } }, replace: undefined }]);
  });

  it('counts visits: a link followed again is a new one, an in-page anchor or Back over it is not', () => {
    const { subject } = start(undefined, '/login');
    const visit = () => subject.getSnapshot().context.location?.visit;
    subject.send({ ...at('/login'), action: 'initial' });
    expect(visit()).toBe(1);
    // The skip link: the browser moves to #main by itself and reports it as a history move.
    subject.send({ ...at('/login'), hash: '#main', action: 'pop' });
    expect(visit()).toBe(1);
    expect(subject.getSnapshot().context.location?.hash).toBe('#main');
    subject.send({ ...at('/login'), action: 'pop' });
    expect(visit()).toBe(1);
    // The app's own navigations are visits, even to the same address (a summary link twice).
    subject.send({ ...at('/about'), hash: '#first_name', action: 'push' });
    subject.send({ ...at('/about'), hash: '#first_name', action: 'push' });
    expect(visit()).toBe(3);
    // Back to another page is a visit too.
    subject.send({ ...at('/login'), action: 'pop' });
    expect(visit()).toBe(4);
  });

  it("closes the frame's overlays whenever the page changes", () => {
    const { subject, received } = start();
    subject.send(at('/about'));
    subject.send(at('/login', '', { errorMessage: 'Your session has ended.' }));
    expect(received[SYSTEM_IDS.overlays]).toEqual([{ type: 'overlay.close' }, { type: 'overlay.close' }]);
  });

  it('turns a success message of navigation state into a toast', () => {
    const { subject, received } = start();
    subject.send(at('/completion', '', { successMessage: 'Done.' }));
    subject.send(at('/about'));
    expect(received[SYSTEM_IDS.toasts]).toEqual([
      { type: 'toast.show', toast: { severity: 'success', title: TOAST_TITLES.success, message: 'Done.' } },
    ]);
  });
});

describe('navigation: the location the views may show', () => {
  const allowed = (subject: { getSnapshot: () => { context: { allowed: { pathname: string; search: string } | null } } }) =>
    subject.getSnapshot().context.allowed;

  it("is the router's location once the rules let the applicant be there, nothing while they redirect it", () => {
    const { subject } = start(undefined, '/nowhere', '?x=1');
    expect(allowed(subject)).toBeNull();
    subject.send({ ...at('/nowhere', '?x=1'), action: 'initial' });
    expect(allowed(subject)).toBeNull();
    subject.send({ ...at('/about', '?x=1'), action: 'replace' });
    expect(allowed(subject)).toMatchObject({ pathname: '/about', search: '?x=1' });
  });

  it('stays where it was while the router performs a move asked for, so the frame does not blink', () => {
    const { subject } = start();
    subject.send(at('/about'));
    subject.send({ type: 'navigate', to: '/education' });
    expect(allowed(subject)).toMatchObject({ pathname: '/about' });
    subject.send(at('/education'));
    expect(allowed(subject)).toMatchObject({ pathname: '/education' });
  });

  it('is nothing once a status or the saved last page sends the applicant elsewhere, until the router is there', () => {
    const { subject } = start();
    subject.send(at('/about'));
    subject.send({ type: 'navigation.restore', lastPage: '/final-steps', hasChangedPage: false });
    expect(allowed(subject)).toBeNull();
    subject.send({ ...at('/final-steps'), action: 'replace' });
    expect(allowed(subject)).toMatchObject({ pathname: '/final-steps' });
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    expect(allowed(subject)).toBeNull();
    subject.send({ ...at('/completion'), action: 'replace' });
    expect(allowed(subject)).toMatchObject({ pathname: '/completion' });
  });
});

describe('navigation: before the router reports its first location', () => {
  // The root actor starts before React mounts the router, and the page's first answers (a
  // preloaded profile) can arrive before the router is connected: a move decided then would be lost.
  it('sends the router nowhere until it reported a location, then decides the saved last page', () => {
    const { subject, emitted } = start();
    subject.send({ type: 'navigation.restore', lastPage: '/final-steps', hasChangedPage: false });
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    expect(emitted).toEqual([]);
    subject.send({ ...at('/about'), action: 'initial' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/final-steps', replace: true }]);
    expect(subject.getSnapshot().context).toMatchObject({ pathname: '/final-steps', webStatus: 'started' });
    subject.send({ ...at('/final-steps'), action: 'replace' });
    expect(emitted).toHaveLength(1);
  });

  it('sends a submitted applicant on to /completion once the router reported where the page opened', () => {
    const { subject, emitted } = start(undefined, '/education');
    subject.send({ type: 'navigation.restore', lastPage: '/education', hasChangedPage: false });
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    expect(emitted).toEqual([]);
    subject.send({ ...at('/education'), action: 'initial' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/completion', replace: true }]);
  });

  it('passes on a request made before the router was there, after the first location', () => {
    const { subject, emitted } = start();
    subject.send({ type: 'navigate', to: '/login', state: { errorMessage: 'Your session has ended.' } });
    expect(emitted).toEqual([]);
    subject.send({ ...at('/about'), action: 'initial' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: 'Your session has ended.' }, replace: undefined }]);
    expect(subject.getSnapshot().context.pathname).toBe('/login');
  });
});

describe('navigation: staff (a staff link opened the page) get no auth pages', () => {
  const QUERY = '?service_token=abcdefghijklmnop';
  const snapshotOf = (subject: { getSnapshot(): unknown }) => subject.getSnapshot() as SnapshotFrom<typeof navigationMachine>;

  it.each(['/login', '/signup', '/confirm', '/forgot', '/reset', '/completion'])(
    'sends a staff link on %s to the read-only view, keeping the token, and never shows the page it came to',
    (route) => {
      // The root says the page was opened by a staff link when it starts the actor.
      const { subject, emitted, received } = start(undefined, route, QUERY, true);
      subject.send({ ...at(route, QUERY), action: 'initial' });
      expect(emitted).toEqual([{ type: 'navigate', to: `/about${QUERY}`, replace: true }]);
      expect(snapshotOf(subject).value.route).toBe('form');
      expect(snapshotOf(subject).context.allowed).toBeNull();
      expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.formArea' }]);
      subject.send({ ...at('/about', QUERY), action: 'replace' });
      expect(snapshotOf(subject).context.allowed?.pathname).toBe('/about');
      expect(emitted).toHaveLength(1);
    },
  );

  it('keeps staff on the read-only view for the page’s life: a later auth card sends them back', () => {
    const { subject, emitted } = start(undefined, '/about', QUERY, true);
    subject.send(at('/about', QUERY));
    expect(emitted).toEqual([]);
    subject.send(at('/login', QUERY));
    expect(emitted).toEqual([{ type: 'navigate', to: `/about${QUERY}`, replace: true }]);
    expect(snapshotOf(subject).value.route).toBe('form');
  });

  it('leaves staff on the form routes, and applicants and visitors on the auth routes', () => {
    const staff = start(undefined, '/education', QUERY, true);
    staff.subject.send(at('/education', QUERY));
    expect(staff.emitted).toEqual([]);
    const visitor = start(undefined, '/login');
    visitor.subject.send(at('/login'));
    expect(visitor.emitted).toEqual([]);
    expect(snapshotOf(visitor.subject).value.route).toBe('auth');
  });
});

describe('navigation: each area asks for its actors', () => {
  const formArea = { type: 'app.formArea' };
  const authArea = { type: 'app.authArea' };

  it('tells the root when the applicant reaches the form area or /completion, and when an auth card', () => {
    const { subject, received } = start(undefined, '/login');
    subject.send(at('/login'));
    subject.send(at('/signup'));
    expect(received[SYSTEM_IDS.app]).toEqual([authArea, authArea]);
    subject.send(at('/education'));
    expect(received[SYSTEM_IDS.app]).toEqual([authArea, authArea, formArea]);
    subject.send(at('/login'));
    subject.send(at('/completion'));
    expect(received[SYSTEM_IDS.app]).toEqual([authArea, authArea, formArea, authArea, formArea]);
  });

  it('and when a rule sends the applicant there: an unknown path, the saved last page', () => {
    const unknown = start(undefined, '/nowhere');
    unknown.subject.send(at('/nowhere'));
    expect(unknown.received[SYSTEM_IDS.app]).toEqual([formArea]);
    const restored = start(undefined, '/login');
    restored.subject.send(at('/login'));
    restored.subject.send({ type: 'navigation.restore', lastPage: '/education', hasChangedPage: false });
    expect(restored.received[SYSTEM_IDS.app]).toEqual([authArea, formArea]);
  });
});

describe('navigation: last page', () => {
  it('returns a student to the saved last_page on load', () => {
    const { subject, emitted } = start();
    subject.send(at('/about'));
    subject.send({ type: 'navigation.restore', lastPage: '/final-steps', hasChangedPage: false });
    expect(emitted).toEqual([{ type: 'navigate', to: '/final-steps', replace: true }]);
    expect(subject.getSnapshot().context.pathname).toBe('/final-steps');
  });

  it('does not once the page was changed, nor when already there', () => {
    const { subject, emitted } = start();
    subject.send(at('/about'));
    subject.send({ type: 'navigation.restore', lastPage: '/final-steps', hasChangedPage: true });
    subject.send({ type: 'navigation.restore', lastPage: '/about', hasChangedPage: false });
    subject.send({ type: 'navigation.restore', lastPage: null, hasChangedPage: false });
    expect(emitted).toEqual([]);
  });

  it('saves the form page as last_page while started or validating, once per change', async () => {
    const { subject, saved } = start();
    subject.send(at('/about'));
    subject.send({ type: 'navigation.restore', lastPage: '/about', hasChangedPage: false });
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    expect(subject.getSnapshot().value.lastPage).toBe('idle');
    subject.send(at('/education'));
    expect(subject.getSnapshot().value.lastPage).toBe('saving');
    await flush();
    subject.send(at('/login'));
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send(at('/final-steps'));
    await flush();
    expect(saved).toEqual(['/education', '/final-steps']);
    expect(subject.getSnapshot().context.savedLastPage).toBe('/final-steps');
  });

  it('does not save without a status or once submitted', () => {
    const { subject, saved } = start();
    subject.send({ type: 'webStatus.changed', webStatus: null });
    subject.send(at('/education'));
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    subject.send(at('/completion'));
    expect(saved).toEqual([]);
  });

  it('tries again on the next page change after a failure; a 401 goes to the session', async () => {
    let outcome: Error | undefined = failures.network;
    const { subject, saved, received } = start(() =>
      answered(() => {
        if (outcome) throw outcome;
      }),
    );
    subject.send(at('/about'));
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    await flush();
    expect(subject.getSnapshot().value.lastPage).toBe('failed');
    outcome = failures.unauthorised;
    subject.send(at('/education'));
    await flush();
    expect(received[SYSTEM_IDS.session]).toEqual([{ type: 'session.unauthorised' }]);
    outcome = undefined;
    subject.send(at('/final-steps'));
    await flush();
    expect(subject.getSnapshot().value.lastPage).toBe('idle');
    expect(saved).toEqual(['/about', '/education', '/final-steps']);
  });

  it('saves the last page on the server, and then counts it as saved', async () => {
    const save = vi.spyOn(api, 'saveLastPage').mockResolvedValue({ message: 'Saved.' });
    const { subject } = startInSystem(navigationMachine, {
      systemId: SYSTEM_IDS.navigation,
      input: { pathname: '/about', search: '', staff: false },
      spies: SPIES,
    });
    subject.send(at('/education'));
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    expect(save).toHaveBeenCalledWith('/education', expect.any(AbortSignal));
    await flush();
    expect(subject.getSnapshot().value.lastPage).toBe('idle');
    expect(subject.getSnapshot().context.savedLastPage).toBe('/education');
    expect(save).toHaveBeenCalledTimes(1);
    save.mockRestore();
  });
});
