import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { PAGES } from '../../../src/catalogue/pages';
import { navigationMachine, type NavigationContext } from '../../../machines/navigationMachine';
import { AUTH_CARDS, AUTH_ROUTES, COMPLETION_ROUTE, DEFAULT_ROUTE, FORM_ROUTES } from '../../../machines/routes';
import { SUBMITTED_MESSAGE } from '../../../machines/submitMachine';
import { callOutcomes, failures } from '../fixtures';
import { arrivedBy, type PathModel } from '../model';
import type { Call, Expectation, PageAction, PageCheck, PagePlan, Reply, StepPlan } from '../plan';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as NavigationContext;
const location = (pathname: string, extra: { search?: string; successMessage?: string } = {}) => ({
  type: 'location.changed',
  pathname,
  search: extra.search ?? '',
  hash: '',
  state: extra.successMessage ? { successMessage: extra.successMessage } : undefined,
});

export const navigationModel: PathModel = {
  name: 'navigation',
  machine: navigationMachine,
  // An applicant's or visitor's page, and a page a staff link opened.
  inputs: [
    { pathname: '/about', search: '', staff: false },
    { pathname: '/about', search: '?service_token=abcdefghijklmnop', staff: true },
  ],
  events: (snapshot) => [
    location('/about'),
    location('/education', { successMessage: 'Saved.' }),
    location('/completion'),
    location('/login'),
    location('/nowhere', { search: '?token=abc' }),
    { type: 'navigate', to: '/final-steps' },
    { type: 'webStatus.changed', webStatus: null },
    { type: 'webStatus.changed', webStatus: 'started' },
    { type: 'webStatus.changed', webStatus: 'submitted' },
    { type: 'navigation.restore', lastPage: '/education', hasChangedPage: false },
    { type: 'navigation.restore', lastPage: '/education', hasChangedPage: true },
    ...callOutcomes('saveLastPage', context(snapshot).pathname),
  ],
  // The area, the status, staff or not and whether last_page is current, reached by each kind of event.
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      context(snapshot).webStatus,
      context(snapshot).staff,
      context(snapshot).pathname === context(snapshot).savedLastPage,
      arrivedBy(snapshot, event, previous),
    ]),
};

// --- The plan QA and the model-based browser tests follow -----------------------------------------

const SAVE_LAST_PAGE: Call = { method: 'PUT', path: '/api/last-page' };
/** An address no route knows, with a query the redirect keeps (section 2). */
const UNKNOWN = { pathname: '/nowhere', search: '?ref=mail' };
const pageTitle = (pathname: string) => PAGES.find((page) => page.route === pathname)?.title;
const stepLink = (pathname: string) => {
  const index = PAGES.findIndex((page) => page.route === pathname);
  return `Step ${index + 1} of ${PAGES.length}: ${PAGES[index]?.title ?? ''}`;
};
const restore = (lastPage: string | null) => ({ type: 'navigation.restore', lastPage, hasChangedPage: false });
const status = (webStatus: string | null) => ({ type: 'webStatus.changed', webStatus });

/** Who types which address first: visitors, and three applicants who log in (through the API) before. */
const FIRST_VISITS: Record<string, { words: string; actions: PageAction[] }> = {
  [UNKNOWN.pathname + UNKNOWN.search]: { words: 'As a visitor, type the address', actions: [] },
  '/completion': { words: 'As a visitor, type the address', actions: [] },
  '/about': { words: 'Sign up as a new applicant, log in and type the address', actions: [{ kind: 'setup', task: 'account' }] },
  '/education': {
    words: 'Sign up, submit a whole application (through the API) and type the address',
    actions: [
      { kind: 'setup', task: 'account' },
      { kind: 'setup', task: 'submitted' },
    ],
  },
  '/final-steps': {
    words: 'Sign up, leave the application on Your Academics (the last page saved) and type the address',
    actions: [
      { kind: 'setup', task: 'account' },
      { kind: 'setup', task: 'lastPage', path: '/education' },
    ],
  },
};

/**
 * What the page can cause. A page load is the router's first report (`pending`): the applicant
 * types an address, a visitor or an applicant logged in before; for an applicant the profile then
 * brings the last page and the status, in that order (machines/appMachine.ts; if it comes before
 * the router's report, it waits for it and is judged in the same order). Then the step links,
 * Back, and the server's answers to the saving of the last page.
 *
 * Not driven here: a page a staff link opened (the read-only view: test/e2e/service.e2e.ts),
 * and the move to /completion after a submission (the submit plan ends there: test/qa/models/submit.ts).
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { webStatus, pathname, search, savedLastPage } = context(snapshot);
  if (snapshot.matches({ route: 'pending' }))
    return Object.keys(FIRST_VISITS).map((address) => {
      const { pathname: path, search: query } = new URL(address, 'http://app.invalid');
      return location(path, { search: query });
    });
  const visitor = search !== '' || snapshot.matches({ route: 'completion' });
  if (webStatus === undefined) {
    if (visitor) return [status(null)];
    if (savedLastPage === undefined) return [restore(pathname === '/final-steps' ? '/education' : null)];
    return [status(pathname === '/education' && savedLastPage === null ? 'submitted' : 'started')];
  }
  if (snapshot.matches({ lastPage: 'saving' })) return callOutcomes('saveLastPage', pathname, [failures.network]);
  // The next page change saves again: Back, after a failure on the second page.
  if (snapshot.matches({ lastPage: 'failed' })) return pathname === '/education' ? [{ ...location('/about'), action: 'pop' }] : [];
  if (webStatus === null && snapshot.matches({ route: 'form' })) return [location('/signup')];
  if (webStatus === 'started' && pathname === '/about') return [location('/education')];
  return [];
}

function navigationStep(event: AnyEventObject, before: AnyMachineSnapshot): StepPlan {
  const server = (reply: Reply, words: string): StepPlan => ({ words, actions: [{ kind: 'server', call: SAVE_LAST_PAGE, reply }] });
  switch (event.type) {
    case 'location.changed': {
      const { pathname, search, action } = event as unknown as { pathname: string; search: string; action?: string };
      if (before.matches({ route: 'pending' })) {
        // The router's first report: the address typed (the page opened before is left behind).
        const first = FIRST_VISITS[pathname + search]!;
        return { words: `${first.words} ${pathname + search}`, actions: [...first.actions, { kind: 'goto', path: pathname + search }] };
      }
      if (action === 'pop') return { words: 'Press Back', actions: [{ kind: 'history', go: 'back' }] };
      if (pathname === '/signup')
        return {
          words: `As a visitor, type "Ada" in "First name" and press the step link "${pageTitle('/education')}"`,
          actions: [
            { kind: 'fill', label: 'First name', value: 'Ada' },
            { kind: 'click', role: 'link', name: stepLink('/education') },
          ],
        };
      return {
        words: `Press the step link "${pageTitle(pathname)}"`,
        actions: [{ kind: 'click', role: 'link', name: stepLink(pathname) }],
      };
    }
    case 'navigation.restore': {
      const { lastPage } = event as unknown as { lastPage: string | null };
      return { words: `the profile arrives: the last page saved is ${lastPage ?? 'none'}`, actions: [] };
    }
    case 'webStatus.changed': {
      const { webStatus } = event as unknown as { webStatus: string | null };
      return { words: webStatus === null ? 'the page finds no one logged in' : `the page learns the status: ${webStatus}`, actions: [] };
    }
    case 'xstate.done.actor.saveLastPage':
      return server('real', 'the server saves the last page');
    default:
      return server('network', 'the network fails while the last page is saved');
  }
}

/**
 * Where the applicant must be, the spec's rule restated rather than read from the machine's own
 * redirect (which a broken machine would change too): an address no route knows goes to the default
 * route keeping its query, as the browser reported it.
 */
function expectedAddress(snapshot: AnyMachineSnapshot): string {
  const { location: browser, pathname, search } = context(snapshot);
  const known = [...FORM_ROUTES, ...AUTH_ROUTES, COMPLETION_ROUTE];
  if (browser && !known.includes(browser.pathname)) return DEFAULT_ROUTE + browser.search;
  return pathname + search;
}

function navigationExpectation(snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined): Expectation {
  const { pathname, webStatus, savedLastPage } = context(snapshot);
  if (snapshot.matches({ route: 'pending' }))
    return { words: 'the page is opening: nothing is shown until the router says where it is', checks: [] };
  if (snapshot.matches({ route: 'completion' })) {
    if (webStatus === undefined) return { words: 'the completion page waits for the status before it shows anything', checks: [] };
    return {
      words: 'the completion page',
      checks: [
        { kind: 'url', path: COMPLETION_ROUTE },
        { kind: 'heading', name: SUBMITTED_MESSAGE },
      ],
    };
  }
  const checks: PageCheck[] = [{ kind: 'url', path: expectedAddress(snapshot) }];
  const title = snapshot.matches({ route: 'auth' })
    ? Object.values(AUTH_CARDS).find((card) => card.route === pathname)?.title
    : pageTitle(pathname);
  if (title) checks.push({ kind: 'heading', name: title });
  const applicant = webStatus === 'started' || webStatus === 'validating';
  if (snapshot.matches({ lastPage: 'saving' }))
    return { words: `${title ?? pathname}, the last page being saved`, checks, waitsFor: SAVE_LAST_PAGE };
  if (snapshot.matches({ lastPage: 'failed' }))
    return {
      words: `${title ?? pathname}, nothing said: the server keeps the last page before (the next page change saves again)`,
      checks: [...checks, { kind: 'saved', what: 'lastPage', value: savedLastPage ?? null }],
    };
  const sentOn =
    (arrivedBy?.type === 'navigation.restore' && arrivedBy.lastPage === pathname) ||
    (arrivedBy?.type === 'location.changed' && pathname !== arrivedBy.pathname);
  const words = sentOn ? `sent on to ${title ?? pathname}` : (title ?? pathname);
  return {
    words,
    checks: applicant && savedLastPage !== undefined ? [...checks, { kind: 'saved', what: 'lastPage', value: savedLastPage }] : checks,
  };
}

/** Section 2's navigation rules on the real pages; for a machine (the product's, or a broken copy). */
export function navigationPagePlan(machine: AnyStateMachine = navigationMachine): PagePlan {
  return {
    model: {
      name: 'navigation',
      machine,
      inputs: [{ pathname: '/about', search: '', staff: false }],
      onlyListed: true,
      events: pageEvents,
      serializeState: (snapshot) => {
        const { pathname, search, webStatus, savedLastPage } = context(snapshot);
        // undefined (not known yet) and null (none) are different states: JSON would write both as null.
        return JSON.stringify([snapshot.value, pathname, search, webStatus ?? `${webStatus}`, savedLastPage ?? `${savedLastPage}`]);
      },
    },
    start: '/about',
    step: navigationStep,
    expect: navigationExpectation,
    notDriven: 'a page a staff link opened (staff are sent from any other route to the read-only view): test/e2e/service.e2e.ts',
  };
}
