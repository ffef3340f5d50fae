import { sessionMachine } from '../sessionMachine';
import { callOutcomes } from './fixtures';
import { arrivedBy, type PathModel } from './model';

export const sessionModel: PathModel = {
  name: 'session',
  machine: sessionMachine,
  events: [
    { type: 'app.context', loggedIn: true, serviceUser: false },
    { type: 'app.context', loggedIn: false, serviceUser: false },
    { type: 'session.logout' },
    { type: 'session.logout', message: 'You have been automatically logged out due to inactivity.' },
    ...callOutcomes('logout', { message: '' }),
  ],
  // Whether answers wait to be saved only picks the 401's message (tested in sessionMachine.test.ts);
  // a context-only event accepted in every state would multiply the simple paths past any budget.
  ignored: ['session.answersUnsaved'],
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, snapshot.context, arrivedBy(snapshot, event, previous)]),
};
