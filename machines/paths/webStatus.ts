import { webStatusMachine } from '../webStatusMachine';
import { callOutcomes } from './fixtures';
import type { PathModel } from './model';

const entries = (...statuses: string[]) => statuses.map((web_status) => ({ web_status }));

export const webStatusModel: PathModel = {
  name: 'webStatus',
  machine: webStatusMachine,
  events: [
    { type: 'webStatus.load', entries: [], student: true },
    { type: 'webStatus.load', entries: [], student: false },
    { type: 'webStatus.load', entries: entries('started'), student: true },
    { type: 'webStatus.load', entries: entries('started', 'validating'), student: true },
    { type: 'webStatus.load', entries: entries('started', 'validating', 'submitted'), student: true },
    ...callOutcomes('postWebStatus', { message: 'Saved.' }),
  ],
  serializeState: (snapshot, event) => JSON.stringify([snapshot.value, snapshot.context, event?.type]),
};

/** Simple paths: each loop-free walk through the statuses and the retries of their posts. */
export const webStatusSimpleModel: PathModel = {
  ...webStatusModel,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
};
