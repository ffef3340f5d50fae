import { confirmTriggerMachine } from '../../../machines/confirmTriggerMachine';
import { arrivedBy, type PathModel } from '../model';

export const confirmTriggerModel: PathModel = {
  name: 'confirmTrigger',
  machine: confirmTriggerMachine,
  serializeState: (snapshot, event, previous) => JSON.stringify([snapshot.value, arrivedBy(snapshot, event, previous)]),
};
