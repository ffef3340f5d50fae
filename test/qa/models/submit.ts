import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Answers } from '../../../src/catalogue/dataModel';
import { SESSION_INVALID_MESSAGE } from '../../../src/catalogue/messages';
import { pageOfKey } from '../../../src/catalogue/questions';
import type { ValidationError } from '../../../src/catalogue/schema/application';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../machines/api/httpClient';
import { SUBMITTED_MESSAGE, SUBMIT_CONFLICT_MESSAGE, submitMachine, type SubmitContext } from '../../../machines/submitMachine';
import type { Call, Expectation, PageCheck, PagePlan, Reply, StepPlan } from '../plan';
import { callOutcomes, failures } from '../fixtures';
import { arrivedBy, type PathModel } from '../model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as SubmitContext;

/** A rule only the server knows: the page's own check passes the answer. */
const SERVER_VERDICT = 'This first name could not be accepted.';
const rejected = new ApiError("We're missing some information!", 'http', 422, {
  message: "We're missing some information!",
  errors: [{ key: 'first_name', message: SERVER_VERDICT }],
});

/** The answers actor's failed replies to the sequence's `answers.save` (step 2). */
const saveFailures = [
  { type: 'answers.saveFailed', reason: 'conflict', message: failures.conflict.message },
  { type: 'answers.saveFailed', reason: 'error', message: failures.network.message },
  { type: 'answers.saveFailed', reason: 'unauthorised', message: failures.unauthorised.message },
];

/** The answers actor's replies to `answers.save`: saved (with the answers as saved, complete or empty) or not. */
const saveReplies = (validAnswers: Answers) => [
  { type: 'answers.saved', answers: {} },
  { type: 'answers.saved', answers: validAnswers },
  ...saveFailures,
];

/** An applicant's submit, with errors sending them to /about (a visitor's goes to sign-up). */
const APPLICANT = { role: 'applicant', errorRoute: '/about' } as const;

const outcomes = (validAnswers: Answers) => [
  ...saveReplies(validAnswers),
  ...callOutcomes('postValidations', { message: 'Saved.' }),
  ...callOutcomes('submitApplication', { message: 'Your application was successfully submitted.' }, [
    rejected,
    failures.network,
    failures.unauthorised,
  ]),
];

const hasErrors = (snapshot: AnyMachineSnapshot) => context(snapshot).errors.length > 0;

/** The answers actor saved an empty application (the applicant answered nothing). */
const isEmptySave = (event: AnyEventObject) => Object.keys((event as { answers?: Answers }).answers ?? {}).length === 0;

/**
 * The submit sequence's paths. `validAnswers` is an application without errors (the tests pass
 * their fixture), so that both outcomes of the client-side check are walked.
 */
export function submitModel(validAnswers: Answers): PathModel {
  return {
    name: 'submit',
    machine: submitMachine,
    // A visitor's Submit goes to sign-up (step 1); an applicant's runs the sequence.
    inputs: [APPLICANT, { role: 'visitor', errorRoute: '/about' }],
    events: [
      { type: 'webStatus.changed', webStatus: 'started' },
      { type: 'webStatus.changed', webStatus: 'validating' },
      ...outcomes(validAnswers),
    ],
    serializeState: (snapshot, event, previous) =>
      JSON.stringify([
        snapshot.value,
        context(snapshot).role,
        // Step 3 only asks whether the status is started.
        context(snapshot).webStatus === 'started',
        hasErrors(snapshot),
        arrivedBy(snapshot, event, previous),
      ]),
  };
}

/**
 * Every loop-free walk through an applicant's sequence: Submit while no step is running, the
 * answers as saved valid or not, and the calls succeed or fail.
 */
export function submitSimpleModel(validAnswers: Answers): PathModel {
  return {
    name: 'submit',
    machine: submitMachine,
    inputs: [APPLICANT],
    onlyListed: true,
    events: (snapshot) => (snapshot.hasTag('busy') ? outcomes(validAnswers) : [{ type: 'submit' }]),
    serializeState: (snapshot) => JSON.stringify([snapshot.value, hasErrors(snapshot)]),
  };
}

// --- The plan QA and the model-based browser tests follow -----------------------------------------

const SAVE: Call = { method: 'PUT', path: '/api/answer' };
const CHECK: Call = { method: 'POST', path: '/api/validations' };
const SUBMIT: Call = { method: 'POST', path: '/api/submit' };
const sessionInvalid = { status: 401, body: { message: failures.unauthorised.message } };

/**
 * What the page can cause: an applicant who filled in the whole application, or left it empty,
 * presses Submit, and the server answers each call of the sequence, well or not. Which of the two
 * the answers actor saved decides the path's setup (`before`).
 */
function pageEvents(snapshot: AnyMachineSnapshot, validAnswers: Answers): AnyEventObject[] {
  if (snapshot.matches('savingAnswers')) return saveReplies(validAnswers);
  if (snapshot.matches('runningValidations')) return callOutcomes('postValidations', { message: 'Saved.' });
  if (snapshot.matches('submitting'))
    return callOutcomes('submitApplication', { message: SUBMITTED_MESSAGE }, [rejected, failures.network, failures.unauthorised]);
  return [{ type: 'submit' }];
}

/** The step bar's link to Final Steps: named as needing attention while it holds an error shown. */
const finalStepsLink = (errors: readonly ValidationError[]): string =>
  `Step 3 of 3: Final Steps${errors.some((item) => pageOfKey(item.key) === 'final-steps') ? ', needs attention' : ''}`;

/** Each event as a tester does it, and what the page does for it (test/e2e/model/runner.ts). */
function submitStep(event: AnyEventObject, before: AnyMachineSnapshot): StepPlan {
  const server = (call: Call, reply: Reply, words: string): StepPlan => ({ words, actions: [{ kind: 'server', call, reply }] });
  switch (event.type) {
    case 'submit':
      // The list of what is missing took the applicant to the page of the first missing answer.
      return before.matches('invalid')
        ? {
            words: 'Go to Final Steps and press Submit',
            actions: [
              { kind: 'click', role: 'link', name: finalStepsLink(context(before).errors) },
              { kind: 'await', check: { kind: 'url', path: '/final-steps' } },
              { kind: 'click', role: 'button', name: 'Submit' },
            ],
          }
        : { words: 'Press Submit', actions: [{ kind: 'click', role: 'button', name: 'Submit' }] };
    case 'answers.saved':
      return server(SAVE, 'real', isEmptySave(event) ? 'the server saves the answers (none given)' : 'the server saves the answers');
    case 'answers.saveFailed': {
      const { reason } = event as unknown as { reason: string };
      if (reason === 'conflict')
        return server(
          SAVE,
          { status: 409, body: { message: failures.conflict.message, conflicts: ['first_name'] } },
          'the server refuses the save: another tab changed "First name" first',
        );
      if (reason === 'unauthorised') return server(SAVE, sessionInvalid, 'the server refuses the save: the session has ended');
      return server(SAVE, 'network', 'the network fails while the answers are saved');
    }
    case 'xstate.done.actor.postValidations':
      return server(CHECK, 'real', 'the server records the check of the answers');
    case 'xstate.error.actor.postValidations':
      return (event as unknown as { error: ApiError }).error.kind === 'unauthorised'
        ? server(CHECK, sessionInvalid, 'the server refuses the check: the session has ended')
        : server(CHECK, 'network', 'the network fails during the check');
    case 'xstate.done.actor.submitApplication':
      return server(SUBMIT, 'real', 'the server accepts the application');
    default: {
      const error = (event as unknown as { error: ApiError }).error;
      if (error.status === 422)
        return server(SUBMIT, { status: 422, body: error.body }, 'the server refuses the application: it does not accept "First name"');
      return error.kind === 'unauthorised'
        ? server(SUBMIT, sessionInvalid, 'the server refuses the submit: the session has ended')
        : server(SUBMIT, 'network', 'the network fails while the application is submitted');
    }
  }
}

const onFinalSteps: PageCheck[] = [
  { kind: 'url', path: '/final-steps' },
  { kind: 'heading', name: 'Final Steps' },
];

/** What the applicant sees in each state of the sequence (the page is Final Steps, where Submit is). */
function submitExpectation(snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined): Expectation {
  const { error, errors } = context(snapshot);
  const busy = (words: string, waitsFor: Call): Expectation => ({
    words,
    checks: [...onFinalSteps, { kind: 'button', name: 'Submit', state: 'busy' }],
    waitsFor,
  });
  switch (snapshot.value as string) {
    case 'idle':
      // Back to idle from a step: only a refusal for the session does that.
      if (arrivedBy)
        return {
          words: 'the session has ended: back on Log In with the reason',
          checks: [
            { kind: 'url', path: '/login' },
            { kind: 'heading', name: 'Log In' },
            { kind: 'text', text: SESSION_INVALID_MESSAGE },
          ],
        };
      return {
        words: 'Final Steps, Submit can be pressed',
        checks: [...onFinalSteps, { kind: 'button', name: 'Submit', state: 'enabled' }],
      };
    case 'savingAnswers':
      return busy('the answers are being saved', SAVE);
    case 'runningValidations':
      return busy('the answers are being checked', CHECK);
    case 'submitting':
      return busy('the application is being submitted', SUBMIT);
    case 'invalid':
      // The server found errors the page's own check did not: the applicant is taken to the page
      // of the answer, and the summary says what the server refused.
      if (arrivedBy?.type === 'xstate.error.actor.submitApplication')
        return {
          words: 'About You, the summary saying what the server refused, with a link to the answer',
          checks: [
            { kind: 'url', path: '/about' },
            { kind: 'heading', name: 'About You' },
            { kind: 'region', name: "We're missing some information!" },
            { kind: 'link', name: SERVER_VERDICT },
          ],
        };
      return {
        words: 'the list of what is missing, on the page of the first missing answer',
        checks: [
          { kind: 'url', path: errors.some((item) => item.key === 'first_name') ? '/about' : '/final-steps' },
          { kind: 'region', name: "We're missing some information!" },
          { kind: 'button', name: 'Next', state: 'enabled' },
        ],
      };
    case 'failed':
      return {
        words: 'an error message, Submit can be pressed again',
        checks: [
          ...onFinalSteps,
          { kind: 'alert', text: error ?? GENERIC_ERROR_MESSAGE },
          { kind: 'button', name: 'Submit', state: 'enabled' },
        ],
      };
    case 'conflicted':
      return {
        words: "the other tab's answers, named beside Submit",
        checks: [
          ...onFinalSteps,
          { kind: 'alert', text: SUBMIT_CONFLICT_MESSAGE },
          { kind: 'link', name: 'First name' },
          { kind: 'button', name: 'Submit', state: 'enabled' },
        ],
      };
    default:
      return {
        words: 'the completion page with the success message',
        checks: [
          { kind: 'url', path: '/completion' },
          { kind: 'text', text: SUBMITTED_MESSAGE },
        ],
      };
  }
}

/**
 * The submit sequence's test plan, for a machine (the product's, or a copy the tests break on purpose).
 * Every path starts with an applicant who filled in the whole application or answered nothing
 * (the page's own check finds the errors); the server's own 422 walks the errors it alone finds. Not driven here: the session ended by another actor while a step runs (the
 * root stops the application); the web status plan walks it on the page (its post of validating
 * answered 401).
 */
export function submitPagePlan(validAnswers: Answers, machine: AnyStateMachine = submitMachine): PagePlan {
  return {
    model: {
      name: 'submit',
      machine,
      inputs: [APPLICANT],
      onlyListed: true,
      events: (snapshot) => pageEvents(snapshot, validAnswers),
      serializeState: (snapshot) => JSON.stringify([snapshot.value, hasErrors(snapshot), context(snapshot).error]),
    },
    before: (_input, events) => {
      const saves = events.filter((event) => event.type === 'answers.saved');
      const empty = saves.some(isEmptySave);
      // A path whose saves disagree on the application (filled in, then empty) cannot be set up.
      if (empty && saves.some((event) => !isEmptySave(event))) throw new Error('A submit path saves a filled-in and an empty application.');
      return empty
        ? {
            words: 'Sign up as a new applicant, confirm the account and log in (nothing answered)',
            actions: [{ kind: 'setup', task: 'account' }],
          }
        : {
            words: 'Sign up as a new applicant, confirm the account, log in and fill in the whole application (every required answer)',
            actions: [
              { kind: 'setup', task: 'account' },
              { kind: 'setup', task: 'completeApplication' },
            ],
          };
    },
    start: '/final-steps',
    step: submitStep,
    expect: submitExpectation,
  };
}
