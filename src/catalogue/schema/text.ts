/**
 * What a typed answer may hold, written once for the page's checks and the server's: a single-line
 * answer holds no line break and no control character; a text area may hold line breaks (LF or
 * CRLF) and no other control character; no answer holds a character that reorders how text reads,
 * nor half of a broken character (a lone surrogate, which an export would silently replace).
 */
import {
  ANY_CONTROL_CHARACTER_PATTERN,
  BIDI_CONTROL_PATTERN,
  LINE_BREAK_PATTERN,
  TEXTAREA_LINE_BREAKS,
  VISIBLE_CHARACTER_PATTERN,
} from '../limits';
import type { Question } from '../questionModel';

/** The question as a message names it: its label without the closing full stop or question mark. */
const nameOf = (label: string) => label.replace(/[.?:]$/, '');

const TEXT_MESSAGES = {
  lineBreak: (label: string) => `${nameOf(label)}: please keep this answer on one line.`,
  control: (label: string) => `${nameOf(label)}: please remove the invisible control character.`,
  bidi: (label: string) => `${nameOf(label)}: please remove the invisible text-direction character.`,
  unreadable: (label: string) => `${nameOf(label)}: please type this answer again (it holds a broken character).`,
} as const;

/** Half of a character written as two UTF-16 units (`String.prototype.isWellFormed()` says the same). */
const LONE_SURROGATE = /\p{Cs}/u;

/** The message for a text answer that holds what it may not, or undefined. */
export function textProblem(question: Pick<Question, 'label' | 'kind'>, value: string): string | undefined {
  const { label } = question;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.unreadable(label);
  const multiline = question.kind === 'textarea';
  if (!multiline && LINE_BREAK_PATTERN.test(value)) return TEXT_MESSAGES.lineBreak(label);
  const withoutBreaks = multiline ? value.replace(TEXTAREA_LINE_BREAKS, '') : value;
  if (ANY_CONTROL_CHARACTER_PATTERN.test(withoutBreaks)) return TEXT_MESSAGES.control(label);
  return BIDI_CONTROL_PATTERN.test(value) ? TEXT_MESSAGES.bidi(label) : undefined;
}

/** A required answer must show something: spaces and invisible characters alone are no answer. */
export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE_CHARACTER_PATTERN.test(value);
}
