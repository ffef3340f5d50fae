import { unexpectedErrorMachine } from '../../../machines/unexpectedErrorMachine';
import { arrivedBy, type PathModel } from '../model';

export const unexpectedErrorModel: PathModel = {
  name: 'unexpectedError',
  machine: unexpectedErrorMachine,
  events: () => [
    { type: 'error.uncaught', kind: 'error', message: 'x is not a function' },
    { type: 'error.uncaught', kind: 'rejection', message: 'The operation was aborted.', aborted: true },
    { type: 'error.uncaught', kind: 'error', message: 'ResizeObserver loop completed with undelivered notifications.' },
    { type: 'dialog.close' },
  ],
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, arrivedBy(snapshot, event, previous)]),
};
