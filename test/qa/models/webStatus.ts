import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { SESSION_INVALID_MESSAGE } from '../../../src/catalogue/messages';
import type { ApiError } from '../../../machines/api/httpClient';
import { COMPLETION_ROUTE } from '../../../machines/routes';
import { SUBMITTED_MESSAGE } from '../../../machines/submitMachine';
import { WEB_STATUS_RETRY_DELAY_MS, webStatusMachine } from '../../../machines/webStatusMachine';
import { callOutcomes, failures } from '../fixtures';
import type { Call, Expectation, PageAction, PageCheck, PagePlan, Reply, StepPlan } from '../plan';
import { arrivedBy, type PathModel } from '../model';

const entries = (...statuses: string[]) => statuses.map((web_status) => ({ web_status }));

const LOADS = [
  { type: 'webStatus.load', entries: [], applicant: true },
  { type: 'webStatus.load', entries: [], applicant: false },
  { type: 'webStatus.load', entries: entries('started'), applicant: true },
  { type: 'webStatus.load', entries: entries('started', 'validating'), applicant: true },
  { type: 'webStatus.load', entries: entries('started', 'validating', 'submitted'), applicant: true },
];

export const webStatusModel: PathModel = {
  name: 'webStatus',
  machine: webStatusMachine,
  events: [...LOADS, ...callOutcomes('postWebStatus', { message: 'Saved.' })],
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, snapshot.context, arrivedBy(snapshot, event, previous)]),
};

/**
 * Simple paths: each loop-free walk through the statuses and the retries of their posts, from
 * one load (a reload can jump anywhere, which multiplies the walks without showing anything new).
 */
export const webStatusSimpleModel: PathModel = {
  ...webStatusModel,
  onlyListed: true,
  events: (snapshot) => [
    ...(snapshot.matches('unknown') ? LOADS : []),
    { type: 'webStatus.startValidating' },
    { type: 'webStatus.submitted' },
    ...callOutcomes('postWebStatus', { message: 'Saved.' }),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
};

// --- The plan QA and the model-based browser tests follow -----------------------------------------

const POST_STATUS: Call = { method: 'POST', path: '/api/web-status' };
const sessionInvalid = { status: 401, body: { message: failures.unauthorised.message } };
const load = (applicant: boolean, ...statuses: string[]) => ({ type: 'webStatus.load', entries: entries(...statuses), applicant });
const statusOf = (snapshot: AnyMachineSnapshot) =>
  (['started', 'validating', 'submitted'] as const).find((status) => snapshot.matches(status)) ?? null;

/**
 * What the page can cause: who opens Final Steps (a visitor; a new applicant, whose status the page
 * starts; an applicant with the status started, nothing filled in; one with the status validating
 * and the whole application filled in; one who submitted), Submit, and the server's answers to the
 * status posts. Pressing Submit without answers moves the status to validating and stops at the
 * list of what is missing; with the whole application it goes on to submitted.
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('unknown'))
    return [
      load(false),
      load(true),
      load(true, 'started'),
      load(true, 'started', 'validating'),
      load(true, 'started', 'validating', 'submitted'),
    ];
  const status = statusOf(snapshot);
  if (status && snapshot.matches({ [status]: 'posting' }))
    return callOutcomes('postWebStatus', { message: 'Saved.' }, [failures.network, failures.unauthorised]);
  if (snapshot.matches({ started: 'synced' })) return [{ type: 'webStatus.startValidating' }];
  if (snapshot.matches({ validating: 'synced' })) return [{ type: 'webStatus.submitted' }];
  // Retrying: the delay, sent by the traversal itself (xstate.after.*).
  return [];
}

const LOGIN: PageAction[] = [
  { kind: 'setup', task: 'account' },
  // Before the page opens: the pause before another try runs on the test's clock.
  { kind: 'setup', task: 'clock' },
];

function webStatusStep(event: AnyEventObject, before: AnyMachineSnapshot): StepPlan {
  const server = (reply: Reply, words: string): StepPlan => ({ words, actions: [{ kind: 'server', call: POST_STATUS, reply }] });
  const status = statusOf(before);
  switch (event.type) {
    case 'webStatus.load': {
      const { entries: loaded, applicant } = event as unknown as { entries: { web_status: string }[]; applicant: boolean };
      if (!applicant) return { words: 'Open the page as a visitor: no one is logged in', actions: [] };
      if (loaded.length === 0) return { words: 'Sign up as a new applicant and log in', actions: LOGIN };
      if (loaded.length === 1)
        return {
          words: 'Log in as an applicant whose status is started, nothing filled in',
          actions: [...LOGIN, { kind: 'setup', task: 'started' }],
        };
      if (loaded.length === 2)
        return {
          words: 'Log in as an applicant who filled in the whole application and pressed Submit before (status validating)',
          actions: [...LOGIN, { kind: 'setup', task: 'completeApplication' }, { kind: 'setup', task: 'validating' }],
        };
      return { words: 'Log in as an applicant who has submitted', actions: [...LOGIN, { kind: 'setup', task: 'submitted' }] };
    }
    case 'webStatus.startValidating':
      return { words: 'Press Submit (nothing filled in)', actions: [{ kind: 'click', role: 'button', name: 'Submit' }] };
    case 'webStatus.submitted':
      return { words: 'Press Submit (the whole application filled in)', actions: [{ kind: 'click', role: 'button', name: 'Submit' }] };
    case 'xstate.done.actor.postWebStatus':
      return server('real', `the server records the status ${status ?? ''}`);
    case 'xstate.error.actor.postWebStatus':
      return (event as unknown as { error: ApiError }).error.kind === 'unauthorised'
        ? server(sessionInvalid, 'the server refuses the status: the session has ended')
        : server('network', `the network fails while the status ${status ?? ''} is posted`);
    default:
      return {
        words: `Wait ${WEB_STATUS_RETRY_DELAY_MS / 1000} second: the page tries again`,
        actions: [{ kind: 'wait', ms: WEB_STATUS_RETRY_DELAY_MS }],
      };
  }
}

const onFinalSteps: PageCheck[] = [
  { kind: 'url', path: '/final-steps' },
  { kind: 'heading', name: 'Final Steps' },
];
const missing: PageCheck[] = [
  { kind: 'url', path: '/about' },
  { kind: 'region', name: "We're missing some information!" },
];
const completion: PageCheck[] = [
  { kind: 'url', path: COMPLETION_ROUTE },
  { kind: 'heading', name: SUBMITTED_MESSAGE },
];
const saved = (value: string | null): PageCheck => ({ kind: 'saved', what: 'webStatus', value });

/**
 * What the applicant sees with each status: the form (Final Steps, or after a Submit that found
 * answers missing the list of them), the completion page once submitted. A post that fails is not
 * worth a message: the page goes on, tries again after a pause, and the server keeps the status
 * before (checked through the profile, as staff and the next page load see it); a session that
 * ended takes the applicant to Log In.
 */
function webStatusExpectation(snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined): Expectation {
  const status = statusOf(snapshot);
  if (snapshot.matches('unknown')) return { words: 'the page opens: who is there is not known yet', checks: [] };
  if (snapshot.matches('none')) return { words: 'Final Steps for a visitor: no status', checks: onFinalSteps };
  if (arrivedBy?.type === 'xstate.error.actor.postWebStatus' && (arrivedBy as unknown as { error: ApiError }).error.kind === 'unauthorised')
    return {
      words: 'the session has ended: back on Log In with the reason',
      checks: [
        { kind: 'url', path: '/login' },
        { kind: 'heading', name: 'Log In' },
        { kind: 'text', text: SESSION_INVALID_MESSAGE },
      ],
    };
  const before = status === 'validating' ? 'started' : status === 'started' ? null : 'submitted';
  const known = snapshot.matches({ [status ?? '']: 'synced' }) ? status : before;
  // The submit itself records submitted on the server: its post only confirms it.
  const page =
    status === 'submitted'
      ? { words: 'the completion page', checks: completion }
      : status === 'validating' && arrivedBy?.type !== 'webStatus.load'
        ? { words: 'the list of what is missing, on About You', checks: missing }
        : {
            words: 'Final Steps, Submit can be pressed',
            checks: [...onFinalSteps, { kind: 'button', name: 'Submit', state: 'enabled' } as const],
          };
  const post = snapshot.matches({ [status ?? '']: 'posting' })
    ? `, the status ${status} being posted`
    : snapshot.matches({ [status ?? '']: 'retrying' })
      ? `, nothing said: the post of ${status} failed and waits to be tried again`
      : snapshot.matches({ [status ?? '']: 'failed' })
        ? `, nothing said: the post of ${status} failed for good`
        : '';
  return {
    words: `${page.words}${post}`,
    checks: [...page.checks, saved(known)],
    ...(post.startsWith(', the status') ? { waitsFor: POST_STATUS } : {}),
  };
}

/** Section 4's web status on the real pages; for a machine (the product's, or a broken copy). */
export function webStatusPagePlan(machine: AnyStateMachine = webStatusMachine): PagePlan {
  return {
    model: {
      name: 'webStatus',
      machine,
      onlyListed: true,
      events: pageEvents,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
    },
    start: '/final-steps',
    step: webStatusStep,
    expect: webStatusExpectation,
  };
}
