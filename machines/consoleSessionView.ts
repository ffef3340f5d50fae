import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { consoleSessionMachine } from './consoleSessionMachine';

type SessionSnapshot = SnapshotFrom<typeof consoleSessionMachine>;
type SessionSend = ActorRefFrom<typeof consoleSessionMachine>['send'];

/** Where the console's session stands, as the pages show it. */
export type ConsoleSessionPhase = 'checking' | 'failed' | 'password' | 'code' | 'signedIn';

function phaseOf(snapshot: SessionSnapshot): ConsoleSessionPhase {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('failed')) return 'failed';
  if (
    snapshot.matches({ signedOut: 'code' }) ||
    snapshot.matches({ signedOut: 'checkingCode' }) ||
    snapshot.matches({ signedOut: 'checkingPasskey' })
  )
    return 'code';
  if (snapshot.matches('signedOut')) return 'password';
  return 'signedIn';
}

/** What the console's pages need from the session actor. */
export function connectConsoleSession(snapshot: SessionSnapshot, send: SessionSend) {
  return {
    phase: phaseOf(snapshot),
    /** Who is signed in (signing out included). */
    staff: snapshot.matches('signedIn') ? snapshot.context.staff : null,
    /** The signed-in staff member may use the admins' pages and calls: the console hides them from readers (the server refuses them anyway). */
    isAdmin: snapshot.matches('signedIn') && snapshot.context.staff?.role === 'admin',
    /** Reviewers and admins review applications; readers read them. */
    reviews: snapshot.matches('signedIn') && (snapshot.context.staff?.role === 'reviewer' || snapshot.context.staff?.role === 'admin'),
    /** The address typed at the first step. */
    email: snapshot.context.email,
    /** A step's call is on its way: its button says so and is not pressed twice. */
    busy:
      snapshot.matches({ signedOut: 'checkingPassword' }) ||
      snapshot.matches({ signedOut: 'checkingCode' }) ||
      snapshot.matches({ signedOut: 'checkingPasskey' }) ||
      snapshot.matches({ signedIn: 'signingOut' }),
    /** The browser's passkey prompt is open (or its answer on its way to the server). */
    passkeyBusy: snapshot.matches({ signedOut: 'checkingPasskey' }),
    /** The inactivity actor while signed in ('Still working?'); undefined otherwise. */
    inactivity: snapshot.children.inactivity,
    fieldErrors: snapshot.context.fieldErrors,
    message: snapshot.context.message,
    signIn: (email: string, password: string) => send({ type: 'console.signIn', email, password }),
    enterCode: (code: string) => send({ type: 'console.code', code }),
    signInWithPasskey: () => send({ type: 'console.passkey' }),
    restart: () => send({ type: 'console.restart' }),
    signOut: () => send({ type: 'console.signOut' }),
    retry: () => send({ type: 'console.retry' }),
  };
}
