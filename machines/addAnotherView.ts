import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { countOf, type addAnotherMachine } from './addAnotherMachine';
import { answersNow } from './answersView';
import type { answersMachine } from './answersMachine';

type AddAnotherSnapshot = SnapshotFrom<typeof addAnotherMachine>;
type AddAnotherSend = ActorRefFrom<typeof addAnotherMachine>['send'];
type AnswersActor = ActorRefFrom<typeof answersMachine>;

/** What each add-another group (its slots, Remove, the button) needs from the add-another actor. */
export function connectAddAnother(snapshot: AddAnotherSnapshot, send: AddAnotherSend) {
  return {
    /** No addition or removal is running or asked: every slot after the first has its Remove button. */
    removable: snapshot.context.role === 'applicant' && snapshot.matches('ready'),
    group: (buttonId: string) => {
      const removing = snapshot.context.removing?.buttonId === buttonId ? snapshot.context.removing : null;
      return {
        /** How many slots the group shows. */
        count: countOf(snapshot, buttonId),
        /** The button shows while one more slot may be added. */
        canAdd: snapshot.can({ type: 'add', buttonId }),
        adding: snapshot.hasTag('busy') && snapshot.context.adding === buttonId,
        /** The slot whose removal the dialog asks about, with what it would lose. */
        asking: snapshot.hasTag('asking') ? removing : null,
        /** The slot being removed. */
        removingSlot: snapshot.hasTag('busy') && removing ? removing.slot : null,
        add: () => send({ type: 'add', buttonId }),
        /** Remove asks first when the slot holds answers (read from the answers actor at the click). */
        remove: (slot: number, answers: AnswersActor) => send({ type: 'remove', buttonId, slot, answers: answersNow(answers) }),
      };
    },
    confirmRemove: () => send({ type: 'remove.confirm' }),
    cancelRemove: () => send({ type: 'remove.cancel' }),
  };
}
