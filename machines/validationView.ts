import type { SnapshotFrom } from 'xstate';
import type { Answers } from '../src/catalogue/dataModel';
import { pageOfKey } from '../src/catalogue/questions';
import type { ValidationError } from '../src/catalogue/schema/application';
import { unique } from '../src/catalogue/schema/issues';
import { applicationErrors, inTheirPlaces, standingServerErrors, withServerErrors, type validationMachine } from './validationMachine';

type ValidationSnapshot = SnapshotFrom<typeof validationMachine>;

export interface ValidationView {
  /** Errors show (after Save, Next or a submit that found some), until the answers are complete. */
  active: boolean;
  /** The errors; an empty list unless validation is active. */
  errors: readonly ValidationError[];
  /** The ids of the steps holding errors, space-separated (a string, so a view re-renders only when it changes). */
  attention: string;
}

/** No errors: one list, so views comparing lists see no change. */
export const NO_ERRORS: readonly ValidationError[] = [];
const HIDDEN: ValidationView = { active: false, errors: NO_ERRORS, attention: '' };

/** Every field asks with the same two snapshots at each change: the view is made once for them. */
let last: { snapshot: ValidationSnapshot; answers: Answers; view: ValidationView } | undefined;

function showing(snapshot: ValidationSnapshot, answers: Answers): ValidationView {
  if (!snapshot.matches('active')) return HIDDEN;
  const { checked, serverErrors, refused, essayLimit } = snapshot.context;
  // The current answers' errors, in the places the last check showed errors (see inTheirPlaces).
  const errors = inTheirPlaces(
    checked,
    withServerErrors(applicationErrors(answers, essayLimit), standingServerErrors(serverErrors, refused, answers)),
  );
  return { active: true, errors, attention: unique(errors.flatMap((error) => pageOfKey(error.key) ?? [])).join(' ') };
}

/**
 * What the missing-information summary, the steps and the fields show: the validation actor says
 * when errors show and where; the errors are those of the answers (the answers actor's) now.
 */
export function connectValidation(snapshot: ValidationSnapshot, answers: Answers): ValidationView {
  if (last?.snapshot !== snapshot || last.answers !== answers) last = { snapshot, answers, view: showing(snapshot, answers) };
  return last.view;
}

/** Two lists of errors that read the same: a field re-renders only when its words change. */
export const sameErrors = (a: readonly ValidationError[], b: readonly ValidationError[]): boolean =>
  a === b || (a.length === b.length && a.every((error, index) => error.key === b[index]!.key && error.message === b[index]!.message));
