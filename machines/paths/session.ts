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
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, snapshot.context, arrivedBy(snapshot, event, previous)]),
};
