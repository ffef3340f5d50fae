/**
 * Which questions to mark as required, derived from the schema rather than a second list: a
 * question is required when leaving it empty, with every other answer as it is, is an error.
 * That follows the cross-field rules too ("a cell phone is required" only while there is no home
 * phone; the ZIP code only for the United States) without the view knowing any of them.
 */
import { conditionKeys, isAnswered } from '../catalogue/conditions';
import type { AnswerValue, Answers } from '../catalogue/dataModel';
import { DEFAULT_ESSAY_LIMIT } from '../catalogue/limits';
import { BRANCH_GROUPS, CONDITION_CATALOGUE, QUESTIONS } from '../catalogue/questions';
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

/** Keys that could be required for these controlling answers: an error when they are empty. */
function candidates(answers: Answers): string[] {
  const withControls = validateApplication(blanked(answers, (key) => CONTROLLING.has(key)), options());
  const bare = validateApplication(blanked(answers, () => false), options());
  return [...new Set([...withControls, ...bare].map((error) => error.key).filter((key) => key !== ''))];
}

function computeRequired(answers: Answers): ReadonlySet<string> {
  const required = new Set<string>();
  for (const key of candidates(answers)) {
    const question = QUESTIONS.find((q) => q.key === key);
    if (!question) continue;
    const without = { ...blanked(answers, () => true), [key]: empty(question.valueType) };
    if (validateApplication(without, options()).some((error) => error.key === key)) required.add(key);
  }
  return required;
}

/**
 * Required-ness changes only with the controlling answers and with which answers are empty, not
 * with each keystroke inside a field: the last result is reused while that signature holds.
 */
let last: { signature: string; required: ReadonlySet<string> } | undefined;

export function requiredKeys(answers: Answers): ReadonlySet<string> {
  const signature = QUESTIONS.map((q) =>
    CONTROLLING.has(q.key) ? `${q.key}=${String(answers[q.key] ?? '')}` : isAnswered(answers[q.key]) ? '1' : '0',
  ).join('|');
  if (last?.signature !== signature) last = { signature, required: computeRequired(answers) };
  return last.required;
}
