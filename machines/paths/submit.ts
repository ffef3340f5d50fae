import type { AnyMachineSnapshot } from 'xstate';
import type { Answers } from '../../src/catalogue/dataModel';
import { ApiError } from '../api/httpClient';
import { submitMachine, type SubmitContext } from '../submitMachine';
import { callOutcomes, failures } from './fixtures';
import { arrivedBy, type PathModel } from './model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as SubmitContext;

const rejected = new ApiError("We're missing some information!", 'http', 422, {
  message: "We're missing some information!",
  errors: [{ key: 'first_name', message: 'First name is required.' }],
});

const kind = (answers: Answers) => (Object.keys(answers).length === 0 ? 'empty' : 'valid');

/** The answers actor's replies to the sequence's `answers.save` (step 2). */
const saveReplies = [
  { type: 'answers.saved' },
  { type: 'answers.saveFailed', reason: 'conflict', message: failures.conflict.message },
  { type: 'answers.saveFailed', reason: 'error', message: failures.network.message },
  { type: 'answers.saveFailed', reason: 'unauthorised', message: failures.unauthorised.message },
];

const outcomes = [
  ...saveReplies,
  ...callOutcomes('postValidations', { message: 'Saved.' }),
  ...callOutcomes('submitApplication', { message: 'Your application was successfully submitted.' }, [
    rejected,
    failures.network,
    failures.unauthorised,
  ]),
];

/**
 * The submit sequence's paths. `validAnswers` is an application without errors (the tests pass
 * their fixture), so that both outcomes of the client-side check are walked.
 */
export function submitModel(validAnswers: Answers): PathModel {
  return {
    name: 'submit',
    machine: submitMachine,
    inputs: [{ errorRoute: '/about' }],
    events: [
      { type: 'app.context', loggedIn: true, serviceUser: false },
      { type: 'app.context', loggedIn: false, serviceUser: false },
      { type: 'webStatus.changed', webStatus: 'started' },
      { type: 'webStatus.changed', webStatus: 'validating' },
      { type: 'answers.changed', answers: validAnswers },
      { type: 'answers.changed', answers: {} },
      { type: 'app.college', essayLimit: 7000 },
      ...outcomes,
    ],
    serializeState: (snapshot, event, previous) =>
      JSON.stringify([
        snapshot.value,
        context(snapshot).loggedIn,
        // Step 3 only asks whether the status is started.
        context(snapshot).webStatus === 'started',
        kind(context(snapshot).answers),
        context(snapshot).errors.length > 0,
        arrivedBy(snapshot, event, previous),
      ]),
  };
}

/**
 * Every loop-free walk through the sequence: the applicant logs in and fills in the form (valid
 * or not) only while no step is running, and the calls succeed or fail.
 */
export function submitSimpleModel(validAnswers: Answers): PathModel {
  return {
    name: 'submit',
    machine: submitMachine,
    inputs: [{ errorRoute: '/about' }],
    onlyListed: true,
    events: (snapshot) => {
      if (snapshot.hasTag('busy')) return outcomes;
      return [
        ...(context(snapshot).loggedIn ? [] : [{ type: 'app.context', loggedIn: true, serviceUser: false }]),
        { type: 'answers.changed', answers: validAnswers },
        { type: 'answers.changed', answers: {} },
        { type: 'submit' },
      ];
    },
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, context(snapshot).loggedIn, kind(context(snapshot).answers), context(snapshot).errors.length > 0]),
  };
}
