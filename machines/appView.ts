import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from './appMachine';

type AppSnapshot = SnapshotFrom<typeof appMachine>;
type AppSend = ActorRefFrom<typeof appMachine>['send'];

/**
 * What the page's frame needs from the root actor: whether the page failed or still loads, who is
 * using it (staff read a printout) and whether the code of each area has arrived.
 */
export function connectApp(snapshot: AppSnapshot, send: AppSend) {
  return {
    /** The root error screen: the college or the profile could not be read (or the root itself failed). */
    failed: snapshot.hasTag('error') || snapshot.status === 'error',
    /** The college and the profile are still on their way. */
    loading: snapshot.hasTag('loading'),
    /** A staff member with a service link: they read the application, never edit it. */
    staff: snapshot.hasTag('staff'),
    authReady: snapshot.hasTag('authReady'),
    authFailed: snapshot.hasTag('authFailed'),
    /** The session's application exists, with its form actors (answers, validation…). */
    formReady: snapshot.hasTag('formReady'),
    /** Its code could not be fetched. */
    formFailed: snapshot.hasTag('formFailed'),
    submission: snapshot.context.submission,
    retryAuthArea: () => send({ type: 'app.authArea' }),
    retryFormArea: () => send({ type: 'app.formArea' }),
  };
}
