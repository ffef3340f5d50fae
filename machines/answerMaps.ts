import { clearKeys, hiddenKeysToClear, keysToClearOnChange } from '../src/catalogue/conditions';
import { descKey, type AnswerValue, type Answers } from '../src/catalogue/dataModel';
import { CONDITION_CATALOGUE } from '../src/catalogue/questions';
import { changedAnswers } from './answerDrafts';

// What the answers actor does to its answers: conditional content and a two-tab conflict.

export type AnswerMap = Record<string, AnswerValue>;

/** Whatever the answers now hide is cleared. */
const withoutHidden = (answers: Answers): AnswerMap =>
  clearKeys(answers, hiddenKeysToClear(answers, CONDITION_CATALOGUE), CONDITION_CATALOGUE);

/**
 * A new answer clears the conditional selects it controls (and
 * their `_desc`) and whatever it hides, losing branches of condition groups included.
 */
export function withAnswer(answers: Answers, key: string, value: AnswerValue, desc?: string): AnswerMap {
  const next: AnswerMap = { ...answers, [key]: value };
  if (desc !== undefined) next[descKey(key)] = desc;
  return clearKeys(next, keysToClearOnChange(key, next, CONDITION_CATALOGUE), CONDITION_CATALOGUE);
}

/** Several answers at once (a restored draft, an offer taken): what they hide is cleared. */
export function withAnswers(answers: Answers, more: Answers): AnswerMap {
  return withoutHidden({ ...answers, ...more });
}

export function withoutKeys(answers: Answers, keys: readonly string[]): AnswerMap {
  return withoutHidden(clearKeys(answers, keys, CONDITION_CATALOGUE));
}

export const hasAnswers = (answers: Answers) => Object.values(answers).some((value) => value !== '' && value !== false);

/** A save refused because another tab changed some of the same answers first (HTTP 409 with `conflicts`). */
export function conflictingKeys(error: unknown): string[] | undefined {
  const body = (error as { status?: number; body?: { conflicts?: unknown } } | undefined) ?? {};
  return body.status === 409 && Array.isArray(body.body?.conflicts) ? (body.body.conflicts as string[]) : undefined;
}

/**
 * After a conflict: the server's answers with every answer this tab changed laid over them, so
 * nothing typed here is replaced; `offered`, the other tab's answers (an empty one as '') to the
 * conflicting questions where they differ from this tab's, for the applicant to choose from.
 */
export function afterConflict(
  server: Answers,
  local: Answers,
  confirmed: Answers,
  conflicts: readonly string[],
): { answers: AnswerMap; offered: AnswerMap } {
  const mine = changedAnswers(local, confirmed);
  const theirs = (key: string): AnswerValue => server[key] ?? '';
  const offered = Object.fromEntries(conflicts.filter((key) => key in mine && theirs(key) !== mine[key]).map((key) => [key, theirs(key)]));
  return { answers: { ...server, ...mine }, offered };
}
