import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { AnswerValue, Answers } from '../catalogue/dataModel';
import type { CollegeLists } from '../catalogue/options';
import { connectAnswers } from '../../machines/answersView';
import { connectApp } from '../../machines/appView';
import { connectClearGuard } from '../../machines/clearGuardView';
import { fieldErrors, monthYearErrors } from '../../machines/validationMachine';
import { NO_ERRORS, sameErrors } from '../../machines/validationView';
import { currentView, useAnswers, useAppActor, useClearGuard, useViewValue } from '../app/actors';
import { useValidationValue } from '../layout/useValidationValue';
import { useCollege } from '../app/useApp';

/** The whole answers object: a stable reference until an answer changes. */
export function useAllAnswers(): Answers {
  return useViewValue(useAnswers(), connectAnswers, (view) => view.answers);
}

/** One answer: a primitive, so a field re-renders only when its own answer changes. */
export function useAnswer(key: string): AnswerValue | undefined {
  return useSelector(useAnswers(), (snapshot) => snapshot.context.answers[key]);
}

export function useTextAnswer(key: string): string {
  const value = useAnswer(key);
  return typeof value === 'string' ? value : '';
}

/** Staff read; nothing may be edited. */
export function useReadOnly(): boolean {
  const staff = useViewValue(useAppActor(), connectApp, (view) => view.staff);
  const readOnly = useViewValue(useAnswers(), connectAnswers, (view) => view.readOnly);
  return staff || readOnly;
}

const NO_LISTS: CollegeLists = { entryTerms: [], majors: [], decisionTypes: [], housingOptions: [] };

/** The college's own option lists (entry terms, majors…), empty until its configuration loaded. */
export function useCollegeLists(): CollegeLists {
  return useCollege() ?? NO_LISTS;
}

const NONE: readonly string[] = [];

/** The validation errors; an empty list unless validation is active. */
function useErrors() {
  return useValidationValue((view) => view.errors, NO_ERRORS, sameErrors);
}

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
  const actor = useAnswers();
  return useMemo(
    () => (key: string, value: AnswerValue, desc?: string) =>
      actor.send(desc === undefined ? { type: 'answers.set', key, value } : { type: 'answers.set', key, value, desc }),
    [actor],
  );
}

/**
 * Sends a choice (select, radio, checkbox) through the clear guard, which asks first when the new
 * answer would hide typed answers and otherwise passes it to the answers actor.
 */
export function useSetChoice() {
  const answers = useAnswers();
  const guard = useClearGuard();
  return useMemo(
    () => (key: string, value: AnswerValue, desc?: string) => currentView(guard, connectClearGuard).change(answers, key, value, desc),
    [answers, guard],
  );
}
