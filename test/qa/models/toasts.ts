import type { AnyMachineSnapshot } from 'xstate';
import { toastsMachine, type ToastsContext } from '../../../machines/toastsMachine';
import { arrivedBy, type PathModel } from '../model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as ToastsContext;

export const toastsModel: PathModel = {
  name: 'toasts',
  machine: toastsMachine,
  events: (snapshot) => [
    { type: 'toast.show', toast: { severity: 'success', title: 'Success', message: 'Saved.' } },
    { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: 'Failed.' } },
    ...context(snapshot).toasts.flatMap((toast) => [
      { type: 'toast.dismiss', id: toast.id },
      { type: 'toast.expire', id: toast.id },
    ]),
    { type: 'toast.dismiss', id: 'toast-unknown' },
    // The session actor: a session ends, one starts (the toasts shown in between go).
    { type: 'toast.sessionEnded' },
    { type: 'toast.sessionStarted' },
  ],
  // Up to two toasts, by severity, reached by each kind of event: every transition gets a path.
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      snapshot.value,
      context(snapshot)
        .toasts.slice(0, 2)
        .map((toast) => [toast.severity, context(snapshot).untilLogin.includes(toast.id)]),
      arrivedBy(snapshot, event, previous),
    ]),
};
