import { useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { answersIn } from '../../machines/answersView';
import type { answersMachine } from '../../machines/answersMachine';
import type { validationMachine } from '../../machines/validationMachine';
import { connectValidation, type ValidationView } from '../../machines/validationView';
import { NO_ACTOR, useOptionalAnswers, useOptionalValidation } from '../app/actors';

/*
 * Its own module, imported only by the form area's views: the validation view holds the
 * application's rules (the catalogue's schema), which the first chunk of /login must not carry.
 */

type ValidationSnapshot = SnapshotFrom<typeof validationMachine>;
type AnswersSnapshot = SnapshotFrom<typeof answersMachine>;

/**
 * One value of the validation view: when and where the validation actor shows errors, over the
 * answers actor's answers. `fallback` until the form actors are loaded; `same`: when two picks
 * count as the same (the view re-renders only when its value changes, not at every keystroke).
 */
export function useValidationValue<T>(pick: (view: ValidationView) => T, fallback: T, same?: (a: T, b: T) => boolean): T {
  const validation = useOptionalValidation();
  const answers = useOptionalAnswers();
  const snapshot = useSelector<AnyActorRef, ValidationSnapshot | undefined>(validation ?? NO_ACTOR, (current) =>
    validation ? (current as ValidationSnapshot) : undefined,
  );
  return useSelector<AnyActorRef, T>(
    answers ?? NO_ACTOR,
    (current) => (snapshot && answers ? pick(connectValidation(snapshot, answersIn(current as AnswersSnapshot))) : fallback),
    same,
  );
}
