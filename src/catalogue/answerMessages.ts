/**
 * What the page and the server say about answers that would be lost, or that another tab changed.
 * Answers are always named by their questions' labels, never by their keys. Written once here for the server (the 409 message), the machines and the views.
 */
import { SESSION_ENDED_UNSAVED_MESSAGE } from './messages';
import { ADD_ANOTHER_GROUPS, QUESTION_BY_KEY, slotTitle } from './questions';

/** An answer's name for the applicant: its label, with the slot of an add-another group ("Relative 2: Relative's first name"). */
export function answerLabel(key: string): string {
  const question = QUESTION_BY_KEY.get(key);
  if (!question) return key;
  const group = question.addAnother && ADD_ANOTHER_GROUPS.find((candidate) => candidate.buttonId === question.addAnother?.buttonId);
  return group && question.addAnother ? `${slotTitle(group, question.addAnother.slot)}: ${question.label}` : question.label;
}

/** “A”, “B” and “C”. */
export function quotedList(labels: readonly string[]): string {
  const quoted = labels.map((label) => `“${label}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

const yourAnswers = (count: number) => (count === 1 ? 'your answer' : 'your answers');
// One formatter for every number in the texts: toLocaleString builds a new one at each call, and a
// step page renders a character count for every text answer.
const numbers = new Intl.NumberFormat('en-US');
const groupedNumber = (value: number) => numbers.format(value);

/** "1 character", "1,200 characters". */
export const characters = (count: number) => `${groupedNumber(count)} ${count === 1 ? 'character' : 'characters'}`;

/** The questions asked before answers are destroyed, all in one style: what goes, by label, and where. */
export const LOSS_MESSAGES = {
  /** A tab switch: the server clears the other tab's answers with the choice. */
  tabSwitchTitle: (tab: string) => `Switch to “${tab}”?`,
  tabSwitch: (tab: string, labels: readonly string[]) =>
    `Switching to “${tab}” deletes ${yourAnswers(labels.length)} to ${quotedList(labels)}, here and on the server. This cannot be undone.`,
  tabSwitchConfirm: 'Switch and delete',
  /** A choice that hides a block of typed answers: they go from the page, and from the server with the next save. */
  clearTitle: 'Remove your answers?',
  clear: (question: string, choice: string | undefined, labels: readonly string[]) =>
    `${choice === undefined ? `Changing “${question}”` : `Answering “${choice}” to “${question}”`} removes ${yourAnswers(labels.length)} to ${quotedList(labels)}.`,
  clearConfirm: 'Remove',
  /** Removing an added parent, sibling, activity or relative; later ones move up. */
  removeItemTitle: (item: string) => `Remove “${item}”?`,
  removeItem: (item: string, later: boolean) =>
    `Removing “${item}” deletes its answers, here and on the server.${later ? ' The ones after it move up one place.' : ''} This cannot be undone.`,
  removeItemConfirm: 'Remove',
  /** Deleting a document: said after the specification's 'Are you sure you want to delete your file?'. */
  documentDelete: (fileName: string, label: string) =>
    `Deleting removes “${fileName}”, your answer to “${label}”, here and on the server. This cannot be undone.`,
} as const;

/** A paste that would take a text area over its limit is refused whole. */
export const PASTE_MESSAGES = {
  tooLong: (over: number, limit: number) =>
    `What you pasted takes this answer ${characters(over)} over the ${groupedNumber(limit)}-character limit: please shorten it by ${groupedNumber(over)}.`,
} as const;

/** Another tab or window saved some of the same answers first (HTTP 409). */
export const CONFLICT_MESSAGES = {
  /** The server's message; the `conflicts` keys go along for the page. */
  server: (labels: readonly string[]) =>
    `Some answers were changed in another window or tab since this page loaded: ${quotedList(labels)}. The page keeps what you typed: choose which answers to keep, then save again.`,
  title: 'Changed in another tab or window',
  /** Next to Save: the page's own save, or an upload's. */
  save: 'Another tab or window saved other answers to these questions since this page loaded. This page still shows what you typed here: check them, then save again.',
} as const;

/** Beside Save, whether the server holds what the page shows. */
export const SAVE_STATUS = {
  saved: 'All changes saved',
  unsaved: 'Not saved yet',
  offline: 'Not saved yet: you are offline. Your answers are kept on this device and will be saved when the connection returns.',
  retrying: 'Not saved yet: the connection failed. Your answers are kept on this device and will be sent again shortly.',
} as const;

export const answersCount = (count: number) => (count === 1 ? '1 answer' : `${groupedNumber(count)} answers`);

/** Answers the server had not confirmed, kept on this device and given back. */
export const RESTORED_MESSAGES = {
  /** /login, when a session ended with answers not saved (instead of the session-invalid message). */
  sessionEnded: SESSION_ENDED_UNSAVED_MESSAGE,
  saved: (count: number, sessionEnded: boolean) =>
    sessionEnded
      ? `Your session had ended before ${answersCount(count)} could be saved. They were kept on this device and are now saved.`
      : `${answersCount(count)} you had not saved yet ${count === 1 ? 'was' : 'were'} kept on this device and ${count === 1 ? 'is' : 'are'} now saved.`,
  /** Case 5: answers typed before logging in, chosen over the account's. */
  typedSaved: (count: number) =>
    `${answersCount(count)} you typed before logging in ${count === 1 ? 'is' : 'are'} now saved in your account.`,
} as const;
