import { overlaysMachine } from '../../../machines/overlaysMachine';
import { arrivedBy, type PathModel } from '../model';

export const overlaysModel: PathModel = {
  name: 'overlays',
  machine: overlaysMachine,
  events: [
    { type: 'overlay.open', name: 'help' },
    { type: 'overlay.open', name: 'privacy' },
    { type: 'overlay.open', name: 'account' },
    { type: 'overlay.close' },
  ],
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, arrivedBy(snapshot, event, previous)]),
};
