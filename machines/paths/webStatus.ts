import { webStatusMachine } from '../webStatusMachine';
import { callOutcomes } from './fixtures';
import { arrivedBy, type PathModel } from './model';

const entries = (...statuses: string[]) => statuses.map((web_status) => ({ web_status }));

const LOADS = [
  { type: 'webStatus.load', entries: [], student: true },
  { type: 'webStatus.load', entries: [], student: false },
  { type: 'webStatus.load', entries: entries('started'), student: true },
  { type: 'webStatus.load', entries: entries('started', 'validating'), student: true },
  { type: 'webStatus.load', entries: entries('started', 'validating', 'submitted'), student: true },
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
