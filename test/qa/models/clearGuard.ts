import { clearGuardMachine } from '../../../machines/clearGuardMachine';
import { arrivedBy, type PathModel } from '../model';

const CONVICTED = { conviction: 'Y', conviction_desc: 'Yes', conviction_comment: 'A parking fine.' };

export const clearGuardModel: PathModel = {
  name: 'clearGuard',
  machine: clearGuardMachine,
  events: [
    // A choice that would hide a typed comment, and one that hides nothing typed.
    { type: 'clearGuard.change', key: 'conviction', value: 'N', desc: 'No', answers: CONVICTED },
    { type: 'clearGuard.change', key: 'conviction', value: 'N', desc: 'No', answers: { conviction: 'Y', conviction_desc: 'Yes' } },
    { type: 'clearGuard.confirm' },
    { type: 'clearGuard.cancel' },
  ],
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, arrivedBy(snapshot, event, previous)]),
};
