import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { consoleInvitationMachine } from './consoleInvitationMachine';

type InvitationSnapshot = SnapshotFrom<typeof consoleInvitationMachine>;
type InvitationSend = ActorRefFrom<typeof consoleInvitationMachine>['send'];

/** The invitation page's steps. */
export type InvitationStep = 'loading' | 'invalid' | 'password' | 'authenticator' | 'accepted';

function stepOf(snapshot: InvitationSnapshot): InvitationStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('invalid')) return 'invalid';
  if (snapshot.matches('choosingPassword') || snapshot.matches('savingPassword')) return 'password';
  if (snapshot.matches('accepted')) return 'accepted';
  return 'authenticator';
}

/** The optional passkey once the account is set up: offered, being made and checked, or added. */
export type PasskeyOffer = 'offered' | 'adding' | 'added';

function passkeyOf(snapshot: InvitationSnapshot): PasskeyOffer {
  if (snapshot.matches({ accepted: 'addingPasskey' })) return 'adding';
  return snapshot.matches({ accepted: 'passkeyAdded' }) ? 'added' : 'offered';
}

/** What the invitation page needs from its actor. */
export function connectConsoleInvitation(snapshot: InvitationSnapshot, send: InvitationSend) {
  return {
    step: stepOf(snapshot),
    /** Whom the invitation is for. */
    member: snapshot.context.member,
    /** The QR code, its URI and the key to type by hand, once the password is chosen. */
    setup: snapshot.context.setup,
    /** Shown once, when the account is ready. */
    recoveryCodes: snapshot.context.recoveryCodes,
    busy: snapshot.matches('savingPassword') || snapshot.matches('confirming') || snapshot.matches('loading'),
    fieldErrors: snapshot.context.fieldErrors,
    message: snapshot.context.message,
    /** Once the account is set up (step 'accepted'). */
    passkey: passkeyOf(snapshot),
    passkeyMessage: snapshot.context.passkeyMessage,
    choosePassword: (password: string) => send({ type: 'invitation.password', password }),
    confirmCode: (code: string) => send({ type: 'invitation.code', code }),
    addPasskey: () => send({ type: 'invitation.addPasskey' }),
  };
}
