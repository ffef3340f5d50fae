import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authCardMachine } from './authCardMachine';

type AuthCardSnapshot = SnapshotFrom<typeof authCardMachine>;
type AuthCardSend = ActorRefFrom<typeof authCardMachine>['send'];

/** What the open auth card's message needs from the auth card actor. */
export function connectAuthCard(snapshot: AuthCardSnapshot, send: AuthCardSend) {
  return {
    /** The card the actor holds (until `card.open` runs, still the one left behind). */
    card: snapshot.context.card,
    /** The card's call is on its way. */
    busy: snapshot.hasTag('busy'),
    /** A new confirmation code is on its way. */
    resending: snapshot.matches('resending'),
    notice: snapshot.context.notice,
    /** Login met an account not confirmed yet: the message offers to confirm it. */
    offerConfirm: snapshot.matches({ editing: 'notConfirmed' }),
    /** The message has a close button (forgot-password's success, a route's message). */
    noticeClosable: snapshot.can({ type: 'notice.dismiss' }),
    confirmAccount: () => send({ type: 'confirm.go' }),
    dismissNotice: () => send({ type: 'notice.dismiss' }),
  };
}
