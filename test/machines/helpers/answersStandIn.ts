import { fromCallback, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { AnswersSaveReply } from '../../../machines/events';

/**
 * A stand-in for the answers actor, for actors that ask it to save (`answers.save`): it records
 * every event and answers each request with what `reply` resolves to, as the real one answers
 * once its PUT is over.
 */
export function answersStandIn(reply: () => AnswersSaveReply | Promise<AnswersSaveReply> = () => ({ type: 'answers.saved', answers: {} })) {
  const received: AnyEventObject[] = [];
  const logic = fromCallback<AnyEventObject>(({ system, receive }) => {
    receive((event) => {
      received.push(event);
      if (event.type !== 'answers.save') return;
      void Promise.resolve()
        .then(reply)
        .then((outcome) => (system.get(event.replyTo as string) as AnyActorRef | undefined)?.send(outcome));
    });
  });
  return { logic, received };
}
