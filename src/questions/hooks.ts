import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AnswerValue, Answers } from '../catalogue/dataModel';
import type { CollegeLists } from '../catalogue/options';
import type { answersMachine } from '../../machines/answersMachine';
import type { clearGuardMachine } from '../../machines/clearGuardMachine';
import type { validationMachine } from '../../machines/validationMachine';
import { fieldErrors, monthYearErrors } from '../../machines/validationMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useAppActor, useSystemActor } from '../app/actors';
import { useCollege } from '../app/useApp';

export type AnswersActor = ActorRefFrom<typeof answersMachine>;
type ValidationActor = ActorRefFrom<typeof validationMachine>;
type ClearGuardActor = ActorRefFrom<typeof clearGuardMachine>;

export const useAnswersActor = () => useSystemActor<AnswersActor>(SYSTEM_IDS.answers);
const useValidationActor = () => useSystemActor<ValidationActor>(SYSTEM_IDS.validation);

/** The whole answers object: a stable reference until an answer changes. */
export function useAnswers(): Answers {
  return useSelector(useAnswersActor(), (snapshot) => snapshot.context.answers);
}

/** One answer: a primitive, so a field re-renders only when its own answer changes. */
export function useAnswer(key: string): AnswerValue | undefined {
  return useSelector(useAnswersActor(), (snapshot) => snapshot.context.answers[key]);
}

export function useTextAnswer(key: string): string {
  const value = useAnswer(key);
  return typeof value === 'string' ? value : '';
}

/** Service users read; nothing may be edited (section 6). */
export function useReadOnly(): boolean {
  const app = useSelector(useAppActor(), (snapshot) => snapshot.hasTag('readOnly'));
  const answers = useSelector(useAnswersActor(), (snapshot) => snapshot.matches('readOnly'));
  return app || answers;
}

const NO_LISTS: CollegeLists = { entryTerms: [], majors: [], decisionTypes: [], housingOptions: [] };

/** The college's own option lists (entry terms, majors…), empty until its configuration loaded. */
export function useCollegeLists(): CollegeLists {
  return useCollege() ?? NO_LISTS;
}

/** The validation errors; an empty list unless validation is active (section 5). */
function useErrors() {
  return useSelector(useValidationActor(), (snapshot) => snapshot.context.errors);
}

const NONE: readonly string[] = [];

export function useFieldErrors(key: string): readonly string[] {
  const errors = useErrors();
  return useMemo(() => (errors.length === 0 ? NONE : fieldErrors(errors, key)), [errors, key]);
}

export function useMonthYearErrors(monthKey: string, yearKey: string): readonly string[] {
  const errors = useErrors();
  return useMemo(() => (errors.length === 0 ? NONE : monthYearErrors(errors, monthKey, yearKey)), [errors, monthKey, yearKey]);
}

/** Sends one answer; select and radio answers carry the chosen label as desc. */
export function useSetAnswer() {
  const actor = useAnswersActor();
  return useMemo(
    () => (key: string, value: AnswerValue, desc?: string) =>
      actor.send(desc === undefined ? { type: 'answers.set', key, value } : { type: 'answers.set', key, value, desc }),
    [actor],
  );
}

/**
 * Sends a choice (select, radio, checkbox) through the clear guard, which asks first when the new
 * answer would hide typed answers (issue 12) and otherwise passes it to the answers actor.
 */
export function useSetChoice() {
  const answers = useAnswersActor();
  const guard = useSystemActor<ClearGuardActor>(SYSTEM_IDS.clearGuard);
  return useMemo(
    () => (key: string, value: AnswerValue, desc?: string) =>
      guard.send({
        type: 'clearGuard.change',
        key,
        value,
        ...(desc === undefined ? {} : { desc }),
        answers: answers.getSnapshot().context.answers,
      }),
    [answers, guard],
  );
}
