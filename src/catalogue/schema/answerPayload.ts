/**
 * The server's check of a PUT /api/answer body: only known keys, the right
 * value type, within length (refused, never cut), an offered option, only
 * characters the answer may hold (./text). Text is stored without its
 * surrounding spaces. Unlike the application rules, nothing here depends on
 * other answers, so a half-finished application can always be saved.
 */
import * as v from 'valibot';
import type { AnswerValue } from '../dataModel';
import { descKey } from '../dataModel';
import { CONTROL_CHARACTER_PATTERN, DEFAULT_MAX_LENGTH, DESC_MAX_LENGTH, DOCUMENT_ANSWERED } from '../limits';
import { resolveOptionSource, type CollegeLists } from '../options';
import { QUESTIONS, maxLengthFor, type Question } from '../questions';
import type { PublicCollegeConfig } from '../../college/schema';
import { issueKey } from './issues';
import { textProblem } from './text';

export type PayloadCollege = Pick<PublicCollegeConfig, 'essayLimit'> & CollegeLists;

export type AnswerPayloadResult =
  | { readonly ok: true; readonly answers: Record<string, AnswerValue> }
  | { readonly ok: false; readonly key?: string; readonly message: string };

const PAYLOAD_MESSAGES = {
  notAnObject: 'The answers must be a JSON object.',
  unknownKey: (key: string) => `Unknown answer key: ${key}.`,
  notText: (key: string) => `Answer ${key} must be text.`,
  notBoolean: (key: string) => `Answer ${key} must be true or false.`,
  tooLong: (key: string, max: number) => `Answer ${key} must be at most ${max} characters.`,
  notAnOption: (key: string) => `Answer ${key} is not one of the available options.`,
  notADocument: (key: string) => `Answer ${key} must be empty or ${DOCUMENT_ANSWERED}.`,
  controlCharacters: (key: string) => `Answer ${key} contains control characters, which are not allowed.`,
} as const;

const M = PAYLOAD_MESSAGES;

const noControlCharacters = (key: string) =>
  v.check<string, string>((value) => !CONTROL_CHARACTER_PATTERN.test(value), M.controlCharacters(key));

/**
 * Values a select or radio may hold. Year lists accept any 4-digit year: the
 * offered years move with the calendar, and an answer saved last December
 * must stay valid in January.
 */
function allowedValue(question: Question, college: PayloadCollege): (value: string) => boolean {
  const source = question.options;
  if (source === undefined) return () => true;
  if (typeof source === 'object' && 'years' in source) return (value) => /^(\d{4})?$/.test(value);
  const values = new Set(resolveOptionSource(source, college).map((option) => option.value));
  return (value) => values.has(value);
}

function questionSchema(question: Question, college: PayloadCollege) {
  const { key } = question;
  if (question.valueType === 'boolean') {
    // '' is the generic empty answer, accepted for an untouched checkbox.
    return v.union([v.boolean(), v.literal('')], M.notBoolean(key));
  }
  if (question.kind === 'document') return v.picklist(['', DOCUMENT_ANSWERED], M.notADocument(key));
  const max = maxLengthFor(question, college) ?? DEFAULT_MAX_LENGTH;
  const text = question.nullBecomesEmpty
    ? v.pipe(
        v.nullable(v.string(M.notText(key))),
        v.transform((value): string => value ?? ''),
      )
    : v.string(M.notText(key));
  const allowedText = v.rawCheck<string>(({ dataset, addIssue }) => {
    const message = dataset.typed ? textProblem(question, dataset.value) : undefined;
    if (message !== undefined) addIssue({ message });
  });
  const base = v.pipe(text, v.trim(), v.maxLength(max, M.tooLong(key, max)), allowedText);
  return question.hasDesc ? v.pipe(base, v.check(allowedValue(question, college), M.notAnOption(key))) : base;
}

function descSchema(key: string) {
  return v.pipe(v.string(M.notText(key)), v.maxLength(DESC_MAX_LENGTH, M.tooLong(key, DESC_MAX_LENGTH)), noControlCharacters(key));
}

function buildAnswerPayloadSchema(college: PayloadCollege) {
  const entries: Record<string, v.GenericSchema<unknown, AnswerValue | undefined>> = {};
  for (const question of QUESTIONS) {
    entries[question.key] = v.optional(questionSchema(question, college));
    if (question.hasDesc) entries[descKey(question.key)] = v.optional(descSchema(descKey(question.key)));
  }
  return v.strictObject(entries, (issue) => (issue.expected === 'never' ? M.unknownKey(String(issue.input)) : M.notAnObject));
}

const schemas = new WeakMap<PayloadCollege, ReturnType<typeof buildAnswerPayloadSchema>>();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

export function validateAnswerPayload(payload: unknown, college: PayloadCollege): AnswerPayloadResult {
  if (!isPlainObject(payload)) return { ok: false, message: M.notAnObject };
  let schema = schemas.get(college);
  if (!schema) {
    schema = buildAnswerPayloadSchema(college);
    schemas.set(college, schema);
  }
  const result = v.safeParse(schema, payload);
  if (result.success) return { ok: true, answers: result.output as Record<string, AnswerValue> };
  // An unknown key is the likeliest mistake of a client; report it first.
  const issue = result.issues.find((candidate) => candidate.expected === 'never') ?? result.issues[0];
  const key = issue.path?.[0] ? issueKey(issue) : undefined;
  return key === undefined ? { ok: false, message: issue.message } : { ok: false, key, message: issue.message };
}
