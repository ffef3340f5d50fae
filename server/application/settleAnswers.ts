import { hiddenKeysToClear, isAnswered } from '../../src/catalogue/conditions';
import { descKey, type AnswerValue, type Answers } from '../../src/catalogue/dataModel';
import type { CollegeLists, OptionList } from '../../src/catalogue/options';
import {
  ADD_ANOTHER_GROUPS,
  CONDITION_CATALOGUE,
  DOCUMENT_KEYS,
  QUESTIONS,
  QUESTION_BY_KEY,
  optionsFor,
  slotKeys,
  slotTitle,
  type Question,
} from '../../src/catalogue/questions';
import { rangeProblem } from '../../src/catalogue/schema/application';

/**
 * What the server stores is what staff are shown, so it is settled by the catalogue on every save
 * (and the same rules tidy what is read for exports and the printed copy):
 * - a select's or radio's display text (`_desc`) is the catalogue's label of the chosen option,
 *   never the text a client sent, and never stands without its answer;
 * - answers the form hides (by their conditions, or in add-another slots beyond the group's count)
 *   are cleared, and a save into a slot beyond the count is refused;
 * - document answers are set by the upload flow only, and one stands answered only while its
 *   document's conversion is completed (a row claiming an upload that is not there reads unanswered);
 * - a score outside the catalogue's range is refused.
 */

const SETTLE_MESSAGES = {
  serverOnly: (key: string) => `Answer ${key} is set by uploading a document, not by saving answers.`,
  beyondCount: (key: string, title: string) =>
    `Answer ${key} belongs to ${title}, which is not on the form. Please add it with its "Add another" button first.`,
  notAnOption: (key: string) => `Answer ${key} is not one of the available options.`,
} as const;

type AddAnotherCounts = Readonly<Record<string, number>>;

export type SettledChanges =
  | { readonly ok: true; readonly changes: Record<string, AnswerValue> }
  | { readonly ok: false; readonly key: string; readonly message: string };

interface SettleContext {
  readonly counts: AddAnotherCounts;
  /** The document answers whose conversion is completed: the only ones that may stand answered. */
  readonly attachedDocuments: ReadonlySet<string>;
  readonly college: CollegeLists;
  readonly now: Date;
}

const DESC_QUESTIONS = QUESTIONS.filter((question) => question.hasDesc);
const DOCUMENTS: ReadonlySet<string> = new Set(DOCUMENT_KEYS);

/** Answer keys of every slot beyond its group's count, with the slot's title for a message. */
function slotsBeyondCounts(counts: AddAnotherCounts): Map<string, string> {
  const beyond = new Map<string, string>();
  for (const group of ADD_ANOTHER_GROUPS) {
    for (let slot = counts[group.buttonId] ?? 1; slot < group.max; slot += 1) {
      for (const key of slotKeys(group, slot)) beyond.set(key, slotTitle(group, slot));
    }
  }
  return beyond;
}

const emptyOf = (key: string): AnswerValue => (QUESTION_BY_KEY.get(key)?.valueType === 'boolean' ? false : '');

/** The catalogue's label of the chosen option ('' for no choice); undefined when the value is not offered. */
function labelOf(question: Question, answers: Answers, context: SettleContext): string | undefined {
  const value = String(answers[question.key] ?? '');
  if (value === '') return '';
  // Year lists move with the calendar; a year is its own label.
  if (typeof question.options === 'object' && 'years' in question.options) return /^\d{4}$/.test(value) ? value : undefined;
  return labelsOf(optionsFor(question, answers, context.college, context.now)).get(value);
}

/** Labels by value, built once per option list (the catalogue's lists are built once and kept). */
const labelMaps = new WeakMap<OptionList, ReadonlyMap<string, string>>();
function labelsOf(options: OptionList): ReadonlyMap<string, string> {
  let labels = labelMaps.get(options);
  if (!labels) {
    labels = new Map(options.filter((option) => option.value !== '').map((option) => [option.value, option.label]));
    labelMaps.set(options, labels);
  }
  return labels;
}

/**
 * Clears what the answers hide and sets every `_desc` to its label, in place. Returns the answers
 * it changed, with their new values, and the questions whose value is no offered option.
 */
function tidy(answers: Record<string, AnswerValue>, context: SettleContext, changedKeys: ReadonlySet<string>) {
  const updates: Record<string, AnswerValue> = {};
  const set = (key: string, value: AnswerValue) => {
    if ((answers[key] ?? emptyOf(key)) === value) return;
    answers[key] = value;
    updates[key] = value;
  };
  // A conditional select whose controlling answer changed holds a choice that no longer means anything.
  for (const question of QUESTIONS) {
    const controlling = question.conditionalSelect?.controllingKey;
    if (controlling !== undefined && changedKeys.has(controlling) && !changedKeys.has(question.key))
      set(question.key, emptyOf(question.key));
  }
  for (const key of slotsBeyondCounts(context.counts).keys()) {
    if (isAnswered(answers[key])) set(key, emptyOf(key));
  }
  for (const key of hiddenKeysToClear(answers, CONDITION_CATALOGUE)) set(key, emptyOf(key));
  for (const key of DOCUMENTS) {
    if (isAnswered(answers[key]) && !context.attachedDocuments.has(key)) set(key, emptyOf(key));
  }
  const unoffered: string[] = [];
  for (const question of DESC_QUESTIONS) {
    const label = labelOf(question, answers, context);
    if (label === undefined) unoffered.push(question.key);
    set(descKey(question.key), label ?? '');
  }
  return { updates, unoffered };
}

/** The changes of one save, settled against the stored answers; a refusal names the answer and why. */
export function settleChanges(stored: Answers, given: Answers, context: SettleContext): SettledChanges {
  const changes: Record<string, AnswerValue> = {};
  for (const [key, value] of Object.entries(given)) {
    // Display texts are the server's to write.
    if (key.endsWith('_desc') && QUESTION_BY_KEY.get(key.slice(0, -'_desc'.length))?.hasDesc === true) continue;
    if (DOCUMENTS.has(key)) {
      // A client repeating what the upload flow stored is harmless; anything else is not its to set.
      if (value === (stored[key] ?? '')) continue;
      return { ok: false, key, message: SETTLE_MESSAGES.serverOnly(key) };
    }
    changes[key] = value;
  }
  const beyond = slotsBeyondCounts(context.counts);
  for (const [key, value] of Object.entries(changes)) {
    const title = beyond.get(key);
    if (title !== undefined && isAnswered(value)) return { ok: false, key, message: SETTLE_MESSAGES.beyondCount(key, title) };
  }
  const answers: Record<string, AnswerValue> = { ...stored, ...changes };
  const changedKeys = new Set(Object.keys(changes).filter((key) => stored[key] !== changes[key]));
  const { updates, unoffered } = tidy(answers, context, changedKeys);
  for (const key of Object.keys(changes)) {
    if (unoffered.includes(key)) return { ok: false, key, message: SETTLE_MESSAGES.notAnOption(key) };
    // A hidden answer was cleared above; what is kept must be in range.
    const message = rangeProblem(key, answers[key] ?? '');
    if (message !== undefined) return { ok: false, key, message };
  }
  return { ok: true, changes: { ...changes, ...updates } };
}

/** Stored answers as staff may see them: hidden ones cleared, every display text the catalogue's label. */
export function settledAnswers(stored: Answers, context: SettleContext): Answers {
  const answers: Record<string, AnswerValue> = { ...stored };
  tidy(answers, context, new Set());
  return answers;
}
