import { QUESTIONS, isAnswerKey } from '../../src/catalogue/questions';
import { badRequest } from '../http/errors';

/** Every key an answer can have: the catalogue's questions and the `_desc` companions of those with one. */
const ANSWER_KEY_COUNT = QUESTIONS.length + QUESTIONS.filter((question) => question.hasDesc).length;

/**
 * What POST /api/validations accepts. The client's own report (machines/validationMachine.ts,
 * errorMap) names only answer keys, with one or two messages of under 200 characters each: the
 * largest an application produces is under 10 kB. The limits leave room for that many times over
 * while keeping the work a report can cost small: the body is refused unread past `maxBytes`, and
 * the keys are counted before any is looked at.
 */
export const VALIDATION_REPORT_LIMITS = {
  maxBytes: 128 * 1024,
  maxKeys: ANSWER_KEY_COUNT,
  maxMessagesPerKey: 5,
  maxMessageLength: 300,
} as const;

const VALIDATION_REPORT_MESSAGES = {
  tooManyKeys: 'The validation report names more answers than the application has.',
  unknownKey: 'The validation report names an answer the application does not have.',
  badMessages: `Each answer of the validation report must map to at most ${VALIDATION_REPORT_LIMITS.maxMessagesPerKey} messages of at most ${VALIDATION_REPORT_LIMITS.maxMessageLength} characters.`,
} as const;

export type ValidationReport = Record<string, string[]>;

/**
 * The validations report, messages by answer key, checked and written as lists (a single message may
 * come as a string). Refusals are 400 with one of the messages above.
 */
export function checkValidationReport(body: Record<string, unknown>): ValidationReport {
  const { maxKeys, maxMessagesPerKey, maxMessageLength } = VALIDATION_REPORT_LIMITS;
  // Counted first, stopping at the first key past the limit: the answer to a report of thousands
  // of keys costs no per-key check.
  let count = 0;
  for (const _key in body) if (++count > maxKeys) throw badRequest(VALIDATION_REPORT_MESSAGES.tooManyKeys);
  const report: ValidationReport = {};
  for (const [key, value] of Object.entries(body)) {
    if (!isAnswerKey(key)) throw badRequest(VALIDATION_REPORT_MESSAGES.unknownKey);
    const messages = typeof value === 'string' ? [value] : value;
    const valid =
      Array.isArray(messages) &&
      messages.length <= maxMessagesPerKey &&
      messages.every((message) => typeof message === 'string' && message.length <= maxMessageLength);
    if (!valid) throw badRequest(VALIDATION_REPORT_MESSAGES.badMessages);
    report[key] = messages as string[];
  }
  return report;
}
