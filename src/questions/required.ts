/**
 * Which questions to mark as required, derived from the schema rather than a second list: a
 * question is required when leaving it empty, with every other answer as it is, is an error.
 * That follows the cross-field rules too ("a cell phone is required" only while there is no home
 * phone; the ZIP code only for the United States) without the view knowing any of them.
 */
import { conditionKeys, isAnswered } from '../catalogue/conditions';
import type { AnswerValue, Answers } from '../catalogue/dataModel';
import { DEFAULT_ESSAY_LIMIT } from '../catalogue/limits';
import type { PageId } from '../catalogue/pages';
import { BRANCH_GROUPS, CONDITION_CATALOGUE, QUESTION_BY_KEY, QUESTIONS } from '../catalogue/questions';
import { validateApplication } from '../catalogue/schema/application';

const empty = (valueType: 'string' | 'boolean'): AnswerValue => (valueType === 'boolean' ? false : '');

/** Answers that decide what is shown; everything else can be blanked without hiding a question. */
const CONTROLLING: ReadonlySet<string> = new Set([
  ...QUESTIONS.flatMap((q) => [
    ...(q.condition ? conditionKeys(q.condition) : []),
    ...(q.conditionalSelect ? [q.conditionalSelect.controllingKey] : []),
  ]),
  ...BRANCH_GROUPS.flatMap((group) => group.branches.flatMap((branch) => conditionKeys(branch.when))),
  ...(CONDITION_CATALOGUE.sections ?? []).flatMap((section) => (section.condition ? conditionKeys(section.condition) : [])),
]);

const options = () => ({ essayLimit: DEFAULT_ESSAY_LIMIT, now: new Date() });

function blanked(answers: Answers, keep: (key: string) => boolean): Record<string, AnswerValue> {
  return Object.fromEntries(QUESTIONS.map((q) => [q.key, keep(q.key) ? (answers[q.key] ?? empty(q.valueType)) : empty(q.valueType)]));
}

/** Keys of the page that could be required for these controlling answers: an error when they are empty. */
function candidates(answers: Answers, page: PageId | undefined): string[] {
  const withControls = validateApplication(
    blanked(answers, (key) => CONTROLLING.has(key)),
    options(),
  );
  const bare = validateApplication(
    blanked(answers, () => false),
    options(),
  );
  const keys = [...withControls, ...bare].map((error) => error.key).filter((key) => key !== '');
  return [...new Set(page ? keys.filter((key) => QUESTION_BY_KEY.get(key)?.page === page) : keys)];
}

function computeRequired(answers: Answers, page: PageId | undefined): ReadonlySet<string> {
  const required = new Set<string>();
  for (const key of candidates(answers, page)) {
    const question = QUESTIONS.find((q) => q.key === key);
    if (!question) continue;
    const without = { ...blanked(answers, () => true), [key]: empty(question.valueType) };
    if (validateApplication(without, options()).some((error) => error.key === key)) required.add(key);
  }
  return required;
}

/**
 * Required-ness changes only with the controlling answers and with which answers are empty, not
 * with each keystroke inside a field: the last result per page is reused while that signature
 * holds. `page` limits the work to the questions a step shows (each costs a validation run).
 */
const last = new Map<PageId | 'all', { signature: string; required: ReadonlySet<string> }>();

export function requiredKeys(answers: Answers, page?: PageId): ReadonlySet<string> {
  const signature = QUESTIONS.map((q) =>
    CONTROLLING.has(q.key) ? `${q.key}=${String(answers[q.key] ?? '')}` : isAnswered(answers[q.key]) ? '1' : '0',
  ).join('|');
  const cached = last.get(page ?? 'all');
  if (cached?.signature === signature) return cached.required;
  const required = computeRequired(answers, page);
  last.set(page ?? 'all', { signature, required });
  return required;
}
