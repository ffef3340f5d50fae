import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../../src/catalogue/limits';
import { INACTIVITY_CHOSEN_LOGOUT_MESSAGE, INACTIVITY_LOGOUT_MESSAGE, SESSION_INVALID_MESSAGE } from '../../../src/catalogue/messages';
import type { ApiError } from '../../../machines/api/httpClient';
import { INACTIVITY_WARNING_TITLE, inactivityMachine } from '../../../machines/inactivityMachine';
import { callOutcomes, failures } from '../fixtures';
import type { PathModel } from '../model';
import type { Call, Expectation, PageCheck, PagePlan, Reply, StepPlan } from '../plan';

/** Wall-clock times of the view's activity events: a recent one, and one a full limit later. */
const SOON = 1000;
const LATE = SOON + INACTIVITY_TIMEOUT_MS;

export const inactivityModel: PathModel = {
  name: 'inactivity',
  machine: inactivityMachine,
  events: [
    { type: 'activity', at: SOON },
    { type: 'activity', at: LATE },
    { type: 'continue', at: SOON + 1000 },
    { type: 'continue', at: LATE },
    { type: 'logout' },
    ...callOutcomes('touchSession', {}, [failures.network, failures.unauthorised]),
  ],
};

// --- The plan QA and the model-based browser tests follow -----------------------------------------

const TOUCH: Call = { method: 'GET', path: '/api/tabs' };
const minutes = (ms: number) => `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;

/** What the page can cause: the applicant leaves the page alone, answers the modal; the session call's answers. */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('warning')) return [{ type: 'continue', at: SOON + 1000 }, { type: 'logout' }];
  if (snapshot.matches('keeping')) return callOutcomes('touchSession', {}, [failures.network, failures.unauthorised]);
  // The timers: sent by the traversal itself (xstate.after.*).
  return [];
}

function inactivityStep(event: AnyEventObject): StepPlan {
  const server = (reply: Reply, words: string): StepPlan => ({ words, actions: [{ kind: 'server', call: TOUCH, reply }] });
  switch (event.type) {
    case 'continue':
      return { words: 'Press Continue', actions: [{ kind: 'click', role: 'button', name: 'Continue' }] };
    case 'logout':
      return { words: 'Press Logout', actions: [{ kind: 'click', role: 'button', name: 'Logout' }] };
    case 'xstate.done.actor.touchSession':
      return server('real', 'the server keeps the session');
    case 'xstate.error.actor.touchSession':
      return (event as unknown as { error: ApiError }).error.kind === 'unauthorised'
        ? server({ status: 401, body: { message: failures.unauthorised.message } }, 'the server says the session has ended')
        : server('network', 'the network fails');
    default: {
      const ms = event.type.includes('untilWarning') ? INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS : INACTIVITY_WARNING_MS;
      return { words: `Leave the page alone for ${minutes(ms)}`, actions: [{ kind: 'wait', ms }] };
    }
  }
}

const onForm: PageCheck[] = [
  { kind: 'url', path: '/about' },
  { kind: 'heading', name: 'About You' },
];
const onLogin = (message: string): PageCheck[] => [
  { kind: 'url', path: '/login' },
  { kind: 'heading', name: 'Log In' },
  { kind: 'text', text: message },
];

function inactivityExpectation(snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined): Expectation {
  if (snapshot.matches('warning'))
    return {
      words: 'the "Still working?" modal',
      checks: [
        { kind: 'dialog', name: INACTIVITY_WARNING_TITLE },
        { kind: 'button', name: 'Continue', state: 'enabled' },
      ],
    };
  if (snapshot.matches('keeping'))
    return { words: 'the modal is closed while the session is kept', checks: [...onForm, { kind: 'noDialog' }], waitsFor: TOUCH };
  if (snapshot.matches('loggingOut')) {
    if (arrivedBy?.type === 'logout') return { words: 'logged out as asked', checks: onLogin(INACTIVITY_CHOSEN_LOGOUT_MESSAGE) };
    if (arrivedBy?.type === 'xstate.error.actor.touchSession')
      return { words: 'the session had ended', checks: onLogin(SESSION_INVALID_MESSAGE) };
    return { words: 'logged out for inactivity', checks: onLogin(INACTIVITY_LOGOUT_MESSAGE) };
  }
  return { words: 'the application, no modal', checks: [...onForm, { kind: 'noDialog' }] };
}

/** The inactivity handling's plan, on Playwright's clock; for a machine (the product's, or a broken copy). */
export function inactivityPagePlan(machine: AnyStateMachine = inactivityMachine): PagePlan {
  return {
    model: { name: 'inactivity', machine, onlyListed: true, events: pageEvents },
    start: '/about',
    // The inactivity actor runs while an applicant's session is open: every path starts logged in.
    before: {
      words: 'Log in as an applicant',
      actions: [
        { kind: 'setup', task: 'account' },
        { kind: 'setup', task: 'clock' },
      ],
    },
    step: inactivityStep,
    expect: inactivityExpectation,
  };
}
