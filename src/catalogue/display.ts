/**
 * How staff read an answer: the staff view and the PDF copy both show answers through these, so
 * they agree on every date, every choice and every character.
 */
import type { Answers } from './dataModel';
import { optionLabel, type CollegeLists } from './options';
import { optionsFor, type Question } from './questions';
import { isIsoDate } from './schema/dates';

/** Dates read as words ("May 17, 2008"): 05/06/2008 could be either of two days. */
export function formatDate(iso: string): string {
  if (!isIsoDate(iso)) return iso;
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
}

/**
 * A choice is shown by the catalogue's label for the stored value, never by the `_desc` text
 * stored beside it: that text came from the client and could say anything ("Approved by Dean").
 * A value the list no longer holds is shown as stored.
 */
export function choiceLabel(question: Question, answers: Answers, lists: CollegeLists, now?: Date): string {
  const value = answers[question.key];
  const text = typeof value === 'string' ? value : '';
  return optionLabel(optionsFor(question, answers, lists, now), text) || text;
}

/** Characters that reorder the text around them: LRM, RLM, ALM, embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Bidirectional controls shown as their code point ("cv[U+202E]fdp.exe"), so a stored answer or
 * file name cannot read to staff as something else ("cvexe.pdf").
 */
export function showBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, (char) => `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}
