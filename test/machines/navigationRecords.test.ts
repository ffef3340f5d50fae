import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { NavigationState } from '../../machines/events';
import { navigationMachine } from '../../machines/navigationMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { flush, startInSystem } from './helpers/system';

/*
 * What the navigation actor keeps of where the browser is (the location the views read: its
 * address, its kind of move, its visit count) when a rule sends the applicant on, and what it
 * keeps of who is looking and of the last page saved. Found missing by mutation testing (issue 14).
 */
const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.session, SYSTEM_IDS.toasts, SYSTEM_IDS.overlays];
const at = (pathname: string, search = '', state?: NavigationState) =>
  ({ type: 'location.changed', pathname, search, hash: '', state }) as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(pathname = '/about', search = '', staff = false) {
  const saved: string[] = [];
  const machine = navigationMachine.provide({
    actors: {
      saveLastPage: fromPromise<string, string>(({ input }) => {
        saved.push(input);
        return Promise.resolve(input);
      }),
    },
  });
  const started = startInSystem(machine, { systemId: SYSTEM_IDS.navigation, input: { pathname, search, staff }, spies: SPIES });
  const snapshot = () => started.subject.getSnapshot();
  /** The addresses the actor sent the router to. */
  const sentTo = () => started.emitted.map((event) => (event as { to?: string }).to);
  return { ...started, saved, snapshot, sentTo };
}

describe('navigation: a rule that sends the applicant on still records where the browser was', () => {
  // Each rule judged on a page change: the page opened on /about, then something changed, then the browser moved.
  it.each([
    ['an unknown path', '/nowhere', undefined, false],
    ['a submitted applicant on a form page', '/education', { type: 'webStatus.changed', webStatus: 'submitted' }, false],
    ['/completion before submitting', '/completion', { type: 'webStatus.changed', webStatus: 'started' }, false],
    ['staff on an auth card', '/login', undefined, true],
  ] as const)('%s: the visit counts, and the next report is the next visit', (_, path, change, staff) => {
    const { subject, snapshot, emitted, sentTo } = start('/about', '', staff);
    subject.send({ ...at('/about'), action: 'initial' });
    if (change) subject.send(change);
    // A change that itself sent the applicant on: the router goes there first.
    const movedTo = sentTo().at(-1);
    if (movedTo) subject.send({ ...at(movedTo), action: 'replace' });
    const visits = snapshot().context.location?.visit ?? 0;
    subject.send({ ...at(path), action: 'push' });
    expect(snapshot().context.location).toMatchObject({ pathname: path, visit: visits + 1 });
    const to = snapshot().context.pathname;
    expect(to).not.toBe(path);
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to, replace: true });
    subject.send({ ...at(to), action: 'replace' });
    expect(snapshot().context.location).toMatchObject({ pathname: to, action: 'replace', visit: visits + 2 });
    expect(snapshot().value.route).toBe(to === '/completion' ? 'completion' : 'form');
  });

  it('keeps the query the browser reports, not the one the page opened with', () => {
    const { subject, emitted } = start('/about', '');
    subject.send(at('/about'));
    subject.send(at('/nowhere', '?token=new'));
    expect(emitted).toEqual([{ type: 'navigate', to: '/about?token=new', replace: true }]);
  });

  it('counts a move the router did not name as a link followed (push)', () => {
    const { subject, snapshot } = start();
    subject.send(at('/education'));
    expect(snapshot().context.location?.action).toBe('push');
  });

  it('shows /completion as the area once a page change sends a submitted applicant there', () => {
    const { subject, snapshot } = start();
    subject.send({ ...at('/about'), action: 'initial' });
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    subject.send({ ...at('/completion'), action: 'replace' });
    subject.send({ ...at('/education'), action: 'pop' });
    expect(snapshot().value.route).toBe('completion');
  });

  it('replays what came before the router once only', () => {
    const { subject, snapshot, emitted } = start();
    subject.send({ type: 'navigate', to: '/login' });
    subject.send({ ...at('/about'), action: 'initial' });
    expect(snapshot().context.deferred).toEqual([]);
    subject.send({ ...at('/login'), action: 'push' });
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/login', replace: undefined }]);
  });
});

describe('navigation: what counts as a new visit', () => {
  const visitAfter = (
    ...reports: { pathname: string; search?: string; hash?: string; action: 'initial' | 'push' | 'pop' | 'replace' }[]
  ) => {
    const { subject, snapshot } = start('/about');
    for (const report of reports)
      subject.send({ ...at(report.pathname, report.search ?? ''), hash: report.hash ?? '', action: report.action });
    return snapshot().context.location?.visit;
  };

  it('a first report that is a history move is the first visit', () => {
    expect(visitAfter({ pathname: '/about', hash: '#main', action: 'pop' })).toBe(1);
  });

  it('a link to another field of the same page is a new visit (focus moves there)', () => {
    expect(
      visitAfter(
        { pathname: '/about', action: 'initial' },
        { pathname: '/about', hash: '#first_name', action: 'push' },
        { pathname: '/about', hash: '#last_name', action: 'push' },
      ),
    ).toBe(3);
  });

  it('Back to the same page with another query, or to the very same address, is a new visit', () => {
    expect(
      visitAfter(
        { pathname: '/about', search: '?a=1', action: 'initial' },
        { pathname: '/about', search: '?a=2', hash: '#main', action: 'pop' },
      ),
    ).toBe(2);
    expect(visitAfter({ pathname: '/about', action: 'initial' }, { pathname: '/about', action: 'pop' })).toBe(2);
  });
});

describe('navigation: who is looking, and the last page saved', () => {
  it('keeps staff for the page’s life: an auth card after the form page sends them to the read-only view', () => {
    const { subject, emitted } = start('/education', '?service_token=t', true);
    subject.send(at('/education', '?service_token=t'));
    subject.send(at('/signup', '?service_token=t'));
    expect(emitted).toEqual([{ type: 'navigate', to: '/about?service_token=t', replace: true }]);
  });

  it('remembers staff sent away from an auth card: the next auth card sends them away again', () => {
    const { subject, sentTo } = start('/login', '?service_token=t', true);
    subject.send(at('/login', '?service_token=t'));
    subject.send(at('/about', '?service_token=t'));
    subject.send(at('/forgot', '?service_token=t'));
    expect(sentTo().filter((to) => to === '/about?service_token=t')).toHaveLength(2);
  });

  it('does not save again the last page it just returned the applicant to', async () => {
    const { subject, saved } = start();
    subject.send({ ...at('/about'), action: 'initial' });
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    await flush();
    subject.send({ type: 'navigation.restore', lastPage: '/final-steps', hasChangedPage: false });
    subject.send({ ...at('/final-steps'), action: 'replace' });
    await flush();
    expect(saved).toEqual(['/about']);
  });

  it("closes the frame's overlays when a page change brings a success message too", () => {
    const { subject, received } = start();
    subject.send(at('/completion', '', { successMessage: 'Done.' }));
    expect(received[SYSTEM_IDS.overlays]).toEqual([{ type: 'overlay.close' }]);
  });
});
