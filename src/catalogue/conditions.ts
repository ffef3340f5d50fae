/**
 * Conditional content: what shows depends on other answers.
 *
 * Three building blocks:
 * - a rule `{ valueKey, operator, target }` compares one answer;
 * - a condition is a rule or a combination `{ all: [...] }`, `{ any: [...] }`
 *   or `{ not: condition }` (all of an empty list is true, any of it false);
 * - a branch group is an ordered list of branches `{ when, keys }`: only the
 *   first branch whose condition holds is shown, the keys of every other
 *   branch are hidden (and so cleared), "the first true branch wins".
 *
 * Visibility is transitive: a field whose condition reads a hidden answer is
 * hidden too, so clearing a controlling answer never leaves stale dependants.
 *
 * This module knows nothing of the real catalogue (which imports it); the
 * functions take a `ConditionCatalogue`, and questions.ts exports the real one
 * as CONDITION_CATALOGUE.
 */
import { descKey, type AnswerValue, type Answers } from './dataModel';

type Operator = 'notEquals' | 'equals' | 'lt' | 'lte' | 'gt' | 'gte' | 'notAnswered' | 'answered' | 'in' | 'notIn';

type RuleTarget = AnswerValue | number | readonly string[];

export type ConditionRule = {
  readonly valueKey: string;
  readonly operator: Operator;
  /** Unused by answered/notAnswered; a list for in/notIn. */
  readonly target?: RuleTarget;
};

export type Condition =
  ConditionRule | { readonly all: readonly Condition[] } | { readonly any: readonly Condition[] } | { readonly not: Condition };

type ConditionBranch = { readonly when: Condition; readonly keys: readonly string[] };
export type BranchGroup = { readonly id: string; readonly branches: readonly ConditionBranch[] };

/**
 * A select shown only for some values of another answer.
 * - displayOnly: fixed options; the field's own `condition` decides when it shows.
 * - displayAndOptions: the options depend on the controlling answer; a value
 *   without a list (or with an empty one) hides the field.
 * Either way, a change of the controlling answer clears the field and its `_desc`.
 */
type ConditionalSelect =
  | { readonly mode: 'displayOnly'; readonly controllingKey: string }
  | {
      readonly mode: 'displayAndOptions';
      readonly controllingKey: string;
      /** Option source per controlling value: a list name or inline options. */
      readonly optionsByValue: Readonly<Record<string, string | readonly unknown[]>>;
    };

/** What the visibility rules need to know about a field. */
export type ConditionalField = {
  readonly key: string;
  readonly valueType: 'string' | 'boolean';
  readonly hasDesc: boolean;
  readonly section?: string;
  readonly condition?: Condition;
  readonly conditionalSelect?: ConditionalSelect;
};

export type ConditionCatalogue = {
  readonly fields: readonly ConditionalField[];
  readonly sections?: readonly { readonly id: string; readonly condition?: Condition }[];
  readonly branchGroups?: readonly BranchGroup[];
};

// --- Rule helpers: short and typo-proof in the catalogue --------------------------

export const when = {
  equals: (valueKey: string, target: AnswerValue | number): ConditionRule => ({ valueKey, operator: 'equals', target }),
  notEquals: (valueKey: string, target: AnswerValue | number): ConditionRule => ({
    valueKey,
    operator: 'notEquals',
    target,
  }),
  in: (valueKey: string, target: readonly string[]): ConditionRule => ({ valueKey, operator: 'in', target }),
  notIn: (valueKey: string, target: readonly string[]): ConditionRule => ({ valueKey, operator: 'notIn', target }),
  answered: (valueKey: string): ConditionRule => ({ valueKey, operator: 'answered' }),
  notAnswered: (valueKey: string): ConditionRule => ({ valueKey, operator: 'notAnswered' }),
  all: (...all: Condition[]): Condition => ({ all }),
  any: (...any: Condition[]): Condition => ({ any }),
  not: (condition: Condition): Condition => ({ not: condition }),
};

// --- Evaluation ----------------------------------------------------------------------

export function isAnswered(value: AnswerValue | undefined | null): boolean {
  return value === true || (typeof value === 'string' && value !== '');
}

function equalsTarget(value: AnswerValue | undefined, target: RuleTarget | undefined): boolean {
  // Unchecked checkboxes may be stored as '' (the generic empty answer).
  if (typeof target === 'boolean') return (value === true) === target;
  if (Array.isArray(target)) return false;
  return String(value ?? '') === String(target ?? '');
}

/**
 * Ordering compares numbers when both sides are numeric and strings otherwise
 * (ISO dates order correctly as strings). An empty answer satisfies no ordering.
 */
function compare(value: AnswerValue | undefined, target: RuleTarget | undefined): number | undefined {
  if (!isAnswered(value) || target === undefined || Array.isArray(target) || typeof value === 'boolean') return undefined;
  const left = String(value);
  const right = String(target);
  const [a, b] = [Number(left), Number(right)];
  if (left.trim() !== '' && right.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return left < right ? -1 : left > right ? 1 : 0;
}

function inTarget(value: AnswerValue | undefined, target: RuleTarget | undefined): boolean {
  const list: readonly unknown[] = Array.isArray(target) ? target : target === undefined ? [] : [target];
  return list.some((item) => equalsTarget(value, item as RuleTarget));
}

export function evaluateRule(rule: ConditionRule, answers: Answers): boolean {
  const value = answers[rule.valueKey];
  switch (rule.operator) {
    case 'equals':
      return equalsTarget(value, rule.target);
    case 'notEquals':
      return !equalsTarget(value, rule.target);
    case 'answered':
      return isAnswered(value);
    case 'notAnswered':
      return !isAnswered(value);
    case 'in':
      return inTarget(value, rule.target);
    case 'notIn':
      return !inTarget(value, rule.target);
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const order = compare(value, rule.target);
      if (order === undefined) return false;
      return { lt: order < 0, lte: order <= 0, gt: order > 0, gte: order >= 0 }[rule.operator];
    }
  }
}

export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  if ('all' in condition) return condition.all.every((item) => evaluateCondition(item, answers));
  if ('any' in condition) return condition.any.some((item) => evaluateCondition(item, answers));
  if ('not' in condition) return !evaluateCondition(condition.not, answers);
  return evaluateRule(condition, answers);
}

/** Answer keys a condition reads. */
export function conditionKeys(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionKeys);
  if ('any' in condition) return condition.any.flatMap(conditionKeys);
  if ('not' in condition) return conditionKeys(condition.not);
  return [condition.valueKey];
}

/** Index of the first branch whose condition holds, or -1. */
function winningBranch(group: BranchGroup, answers: Answers): number {
  return group.branches.findIndex((branch) => evaluateCondition(branch.when, answers));
}

// --- Visibility -----------------------------------------------------------------------

function hasOptions(source: string | readonly unknown[] | undefined): boolean {
  if (source === undefined) return false;
  // Inline lists start with the '--' choice, which alone offers nothing.
  return typeof source === 'string' || source.length > 1;
}

/**
 * Returns a memoised `isVisible(key)` for one set of answers. Keys the
 * catalogue does not know (e.g. `_desc` companions) are visible.
 */
export function visibility(answers: Answers, catalogue: ConditionCatalogue): (key: string) => boolean {
  const fields = new Map(catalogue.fields.map((field) => [field.key, field]));
  const sections = new Map((catalogue.sections ?? []).map((section) => [section.id, section]));
  const groupsByKey = new Map<string, BranchGroup[]>();
  for (const group of catalogue.branchGroups ?? []) {
    for (const key of group.branches.flatMap((branch) => branch.keys)) {
      groupsByKey.set(key, [...(groupsByKey.get(key) ?? []), group]);
    }
  }
  const memo = new Map<string, boolean>();

  const conditionHolds = (condition: Condition | undefined): boolean =>
    condition === undefined || (evaluateCondition(condition, answers) && conditionKeys(condition).every(isVisible));

  function compute(key: string): boolean {
    const field = fields.get(key);
    if (!field) return true;
    const section = field.section === undefined ? undefined : sections.get(field.section);
    if (!conditionHolds(section?.condition) || !conditionHolds(field.condition)) return false;
    const select = field.conditionalSelect;
    if (select?.mode === 'displayAndOptions') {
      const controlling = answers[select.controllingKey];
      if (!isVisible(select.controllingKey)) return false;
      if (!hasOptions(select.optionsByValue[String(controlling ?? '')])) return false;
    }
    return (groupsByKey.get(key) ?? []).every((group) => {
      const winner = winningBranch(group, answers);
      const branch = group.branches[winner];
      return branch !== undefined && branch.keys.includes(key) && conditionHolds(branch.when);
    });
  }

  function isVisible(key: string): boolean {
    const known = memo.get(key);
    if (known !== undefined) return known;
    // A cycle in the configuration must not recurse forever; treat it as visible.
    memo.set(key, true);
    const visible = compute(key);
    memo.set(key, visible);
    return visible;
  }

  return isVisible;
}

// --- Clearing ---------------------------------------------------------------------------

function withDesc(field: ConditionalField): string[] {
  return field.hasDesc ? [field.key, descKey(field.key)] : [field.key];
}

function holdsAnswer(field: ConditionalField, answers: Answers): boolean {
  return isAnswered(answers[field.key]) || (field.hasDesc && isAnswered(answers[descKey(field.key)]));
}

/**
 * Answered keys (and their `_desc`) whose field, section or branch is hidden:
 * hidden content must not keep answers the applicant can no longer see.
 */
export function hiddenKeysToClear(answers: Answers, catalogue: ConditionCatalogue): string[] {
  const isVisible = visibility(answers, catalogue);
  return catalogue.fields.filter((field) => holdsAnswer(field, answers) && !isVisible(field.key)).flatMap(withDesc);
}

/**
 * Keys to clear after `changedKey` changed: conditional selects it controls
 * (their options or relevance changed, so the old choice is meaningless), plus
 * whatever the new answers hide. `answers` already holds the new value.
 */
export function keysToClearOnChange(changedKey: string, answers: Answers, catalogue: ConditionCatalogue): string[] {
  const dependants = catalogue.fields
    .filter((field) => field.conditionalSelect?.controllingKey === changedKey && holdsAnswer(field, answers))
    .flatMap(withDesc);
  return [...new Set([...dependants, ...hiddenKeysToClear(answers, catalogue)])];
}

/** The empty answer of a key: false for checkboxes, '' otherwise. */
function emptyAnswer(key: string, catalogue: ConditionCatalogue): AnswerValue {
  return catalogue.fields.find((field) => field.key === key)?.valueType === 'boolean' ? false : '';
}

/** A copy of the answers with the given keys emptied. */
export function clearKeys(answers: Answers, keys: readonly string[], catalogue: ConditionCatalogue): Record<string, AnswerValue> {
  const next: Record<string, AnswerValue> = { ...answers };
  for (const key of keys) next[key] = emptyAnswer(key, catalogue);
  return next;
}
