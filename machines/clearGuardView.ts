import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AnswerValue } from '../src/catalogue/dataModel';
import { answersNow } from './answersView';
import type { answersMachine } from './answersMachine';
import type { clearGuardMachine } from './clearGuardMachine';

type ClearGuardSnapshot = SnapshotFrom<typeof clearGuardMachine>;
type ClearGuardSend = ActorRefFrom<typeof clearGuardMachine>['send'];
type AnswersActor = ActorRefFrom<typeof answersMachine>;

/** What a choice and the question before it clears typed answers need from the clear guard. */
export function connectClearGuard(snapshot: ClearGuardSnapshot, send: ClearGuardSend) {
  return {
    /** A choice would hide typed answers: the dialog names them and waits. */
    asking: snapshot.hasTag('asking'),
    /** The choice waiting for the answer (its key and label). */
    pending: snapshot.context.pending,
    /** The answer keys the choice would clear. */
    losing: snapshot.context.losing,
    /**
     * A choice (select, radio, checkbox), with the answers as they are at the click: the guard asks
     * first when it would hide typed answers, and otherwise passes it to the answers actor.
     */
    change: (answers: AnswersActor, key: string, value: AnswerValue, desc?: string) =>
      send({ type: 'clearGuard.change', key, value, ...(desc === undefined ? {} : { desc }), answers: answersNow(answers) }),
    confirm: () => send({ type: 'clearGuard.confirm' }),
    cancel: () => send({ type: 'clearGuard.cancel' }),
  };
}
