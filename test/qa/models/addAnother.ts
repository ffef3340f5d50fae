import { addAnotherMachine, type AddAnotherInput } from '../../../machines/addAnotherMachine';
import { ApiError } from '../../../machines/api/httpClient';
import { callOutcomes, failures } from '../fixtures';
import type { PathModel } from '../model';

export const addAnotherModel: PathModel = {
  name: 'addAnother',
  machine: addAnotherMachine,
  // A visitor's groups, an applicant's (loaded), and staff's (the staff copy's counts).
  inputs: [{ role: 'visitor' }, { role: 'applicant' }, { role: 'staff', counts: { parents: 2 } }] satisfies AddAnotherInput[],
  events: [
    // 'parents' holds two slots, so its button runs out; an unknown button never grows.
    { type: 'add', buttonId: 'parents' },
    { type: 'add', buttonId: 'unknown' },
    ...callOutcomes('loadCounts', { legacy: 2 }),
    ...callOutcomes('saveCount', { message: 'Saved.' }, [new ApiError('Server trouble.', 'http', 500), failures.unauthorised]),
    // Issue 13: an added parent removed after asking; its answers saved by the answers actor first.
    { type: 'remove', buttonId: 'parents', slot: 1, answers: { parent_2_first_name: 'Grace' } },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'answers.saved', answers: {} },
    { type: 'answers.saveFailed', reason: 'error', message: 'Server trouble.' },
    ...callOutcomes('saveRemovedCount', { message: 'Saved.' }, [new ApiError('Server trouble.', 'http', 500), failures.unauthorised]),
  ],
};
