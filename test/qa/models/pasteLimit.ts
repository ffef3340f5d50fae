import { pasteLimitMachine } from '../../../machines/pasteLimitMachine';
import { arrivedBy, type PathModel } from '../model';

export const pasteLimitModel: PathModel = {
  name: 'pasteLimit',
  machine: pasteLimitMachine,
  events: [
    // A paste 1,239 characters over the demo college's 7,000, and one that fits.
    { type: 'paste.try', textLength: 5, selectedLength: 0, pastedLength: 8234, limit: 7000 },
    { type: 'paste.try', textLength: 5, selectedLength: 0, pastedLength: 10, limit: 7000 },
    { type: 'text.edited' },
  ],
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, arrivedBy(snapshot, event, previous)]),
};
