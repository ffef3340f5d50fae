import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from './sessionMachine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type SessionSend = ActorRefFrom<typeof sessionMachine>['send'];

/** What Log Out and the question before it (answers not saved yet) need from the session actor. */
export function connectSession(snapshot: SessionSnapshot, send: SessionSend) {
  const asking = snapshot.hasTag('confirmingLogout');
  return {
    /** The logout call is on its way. */
    loggingOut: snapshot.hasTag('busy'),
    /** Log Out met answers not saved yet: the dialog asks what becomes of them. */
    askingLogout: asking,
    /** "Save and log out" is saving. */
    savingBeforeLogout: asking && snapshot.hasTag('busy'),
    logoutFailure: snapshot.context.logoutFailure,
    /** The inactivity actor: it runs while an applicant's session is open, and is undefined otherwise. */
    inactivity: snapshot.children.inactivity,
    logOut: () => send({ type: 'session.logout' }),
    cancelLogout: () => send({ type: 'logout.cancel' }),
    discardAndLogOut: () => send({ type: 'logout.discard' }),
    saveAndLogOut: () => send({ type: 'logout.save' }),
  };
}
