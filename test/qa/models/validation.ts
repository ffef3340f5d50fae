import type { AnyMachineSnapshot } from 'xstate';
import { validationMachine, type ValidationContext } from '../../../machines/validationMachine';
import { callOutcomes } from '../fixtures';
import { arrivedBy, type PathModel } from '../model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as ValidationContext;

export const validationModel: PathModel = {
  name: 'validation',
  machine: validationMachine,
  // The college's essay limit, before the session's status is known (the status events reach the rest).
  inputs: [{ essayLimit: 7000, webStatus: null }],
  events: [
    { type: 'webStatus.changed', webStatus: 'started' },
    { type: 'webStatus.changed', webStatus: 'validating' },
    { type: 'webStatus.changed', webStatus: 'submitted' },
    // The submit sequence checks the answers it saved again.
    { type: 'validation.check', answers: {} },
    { type: 'validation.check', answers: { first_name: 'Augusta' } },
    // Save or Next: the answers as saved.
    { type: 'validation.post', answers: { first_name: 'Ada' } },
    // A refused submit: the server found what the page's own check did not, in the answers it was sent.
    {
      type: 'validation.serverErrors',
      errors: [{ key: 'first_name', message: 'This name could not be accepted.' }],
      answers: { first_name: 'Ada' },
    },
    ...callOutcomes('postValidations', { message: 'Saved.' }),
  ],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      context(snapshot).checked.length,
      context(snapshot).serverErrors.length,
      // A check made while its report waits for the last one's.
      context(snapshot).reportAgain,
      arrivedBy(snapshot, event, previous),
    ]),
};
