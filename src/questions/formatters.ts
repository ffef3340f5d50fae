/**
 * Input masks of section 4 "Field behaviours", and how staff read answers (below). The masks only
 * shape what is typed; whether the result is a valid number is the schema's decision
 * (PHONE_PATTERN), not the view's.
 */
import type { Answers } from '../catalogue/dataModel';
import { FOREIGN_PHONE_PATTERN } from '../catalogue/limits';
import { optionLabel, type CollegeLists } from '../catalogue/options';
import { optionsFor, type Question } from '../catalogue/questions';
import { isIsoDate } from '../catalogue/schema/dates';

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** A US number written with its country code (+1 or a leading 1: no US area code starts with 1). */
const US_COUNTRY_CODE = /^\s*\+?\s*1/;

/**
 * (###) ###-####, built up as the digits arrive so the caret never fights a half-typed number; a
 * +1 country code is kept in front. Another country's number is left exactly as typed (issue 13:
 * masking "+84 28 3829 5000" made it a plausible but wrong US number).
 */
export function formatPhone(value: string): string {
  // Only the applicant knows the shape of another country's number.
  if (FOREIGN_PHONE_PATTERN.test(value)) return value;
  if (US_COUNTRY_CODE.test(value)) {
    const national = maskUsNumber(value.replace(US_COUNTRY_CODE, ''));
    return national === '' ? '+1' : `+1 ${national}`;
  }
  return maskUsNumber(value);
}

function maskUsNumber(value: string): string {
  const d = digitsOf(value, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** ###-##-####: 3-2-4 digit groups with hyphens. */
export function formatSsn(value: string): string {
  const d = digitsOf(value, 9);
  if (d.length < 4) return d;
  if (d.length < 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/*
 * How staff read an answer: the staff view and the PDF copy both show answers through these, so
 * they agree on every date, every choice and every character.
 */

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
