/**
 * Validation of the application's answers. Messages are the specification's words where it gives them.
 *
 * The schema validates every question; afterwards issues of hidden questions
 * are dropped. Conditional requirements therefore need no condition of their
 * own: "state is required when country is USA or CAN" is simply "state is
 * required", because the catalogue hides state for other countries.
 */
import * as v from 'valibot';
import type { AnswerKey, AnswerValue, Answers } from '../dataModel';
import { visibility } from '../conditions';
import {
  ACT_COMPOSITE_SCORE,
  BIRTH_YEARS_BACK,
  DEFAULT_MAX_LENGTH,
  EMAIL_PATTERN,
  FOREIGN_PHONE_PATTERN,
  MAILING_DATE_WINDOW,
  MIN_AGE_YEARS,
  PHONE_PATTERN,
  SAT_ESSAY_SCORE,
  SAT_SECTION_SCORE,
  ZIP_MIN_LENGTH,
} from '../limits';
import { USA } from '../options';
import { ADD_ANOTHER_GROUPS, CONDITION_CATALOGUE, QUESTIONS, QUESTION_BY_KEY, maxLengthFor, slotTitle, type Question } from '../questions';
import { ageOn, parseIsoDate, today } from './dates';
import { issueKey, unique } from './issues';
import { isPhoneNumber } from './phone';
import { hasVisibleCharacter, textProblem } from './text';

export type ApplicationOptions = {
  /** The college's essay limit (maximum characters of the personal statement). */
  readonly essayLimit: number;
  /** The current time; age and year windows depend on it. */
  readonly now: Date;
};

export type ValidationError = { readonly key: string; readonly message: string };

/** The label the applicant sees, so a message names the field as it appears on screen. */
function labelOf(key: AnswerKey): string {
  const label = QUESTION_BY_KEY.get(key)?.label;
  if (!label) throw new Error(`The catalogue has no question ${key} to name in a message.`);
  return label;
}

/**
 * Where the specification's own message is the question itself ("When do you plan to enroll?",
 * "Search for Your School") or the certification's text, the message instead names the field by
 * its label and says what to do: a question repeated back tells the applicant nothing.
 */
export const APPLICATION_MESSAGES = {
  notAnObject: 'The answers must be an object.',
  notText: 'This answer must be text.',
  notBoolean: 'This answer must be checked or unchecked.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  genderRequired: `${labelOf('gender')} is required.`,
  birthDateRequired: 'Date of birth is required.',
  birthDateInvalid: 'Please enter a valid date of birth.',
  birthDateUnsupported: 'This date is not supported. Please contact help support for assistance.',
  tooYoung: `You must be ${MIN_AGE_YEARS} years or older to apply.`,
  phoneHomeInvalid: 'Please enter a valid home phone number.',
  phoneMobileInvalid: 'Please enter a valid cell phone number.',
  phoneIsForeign: (key: AnswerKey) =>
    `${labelOf(key)} takes US numbers only. Please enter a number from another country under "${labelOf('phone_international')}".`,
  smsNeedsMobile: 'A cell phone number is required to receive text message updates.',
  phoneRequired: 'Please enter either a home phone or cell phone number.',
  phoneInternationalInvalid: `${labelOf('phone_international')}: Please enter a valid phone number, starting with + and the country code.`,
  addressRequired: 'Street address is required.',
  cityRequired: 'City is required.',
  stateRequired: 'State/Province is required.',
  countryRequired: 'Country is required.',
  zipRequired: 'ZIP/Postal Code is required.',
  zipTooShort: `ZIP/Postal Code must be at least ${ZIP_MIN_LENGTH} characters.`,
  minYear: (year: number) => `The minimum supported year is ${year}.`,
  maxYear: (year: number) => `The maximum supported year is ${year}.`,
  schoolRequired: `${labelOf('hs_name')} is required. Start typing to search, then pick your school or choose "Use: …".`,
  counselorEmailInvalid: 'The counselor email address you entered is invalid.',
  emailInvalid: 'The email address you entered is invalid.',
  satReadingWriting: `SAT Reading and Writing score must be a number from ${SAT_SECTION_SCORE.min} to ${SAT_SECTION_SCORE.max} in steps of ${SAT_SECTION_SCORE.step}.`,
  satMath: `SAT Math score must be a number from ${SAT_SECTION_SCORE.min} to ${SAT_SECTION_SCORE.max} in steps of ${SAT_SECTION_SCORE.step}.`,
  satEssayReading: `SAT Essay Reading score must be a number from ${SAT_ESSAY_SCORE.min} to ${SAT_ESSAY_SCORE.max}.`,
  satEssayAnalysis: `SAT Essay Analysis score must be a number from ${SAT_ESSAY_SCORE.min} to ${SAT_ESSAY_SCORE.max}.`,
  satEssayWriting: `SAT Essay Writing score must be a number from ${SAT_ESSAY_SCORE.min} to ${SAT_ESSAY_SCORE.max}.`,
  actComposite: `ACT composite score must be a number from ${ACT_COMPOSITE_SCORE.min} to ${ACT_COMPOSITE_SCORE.max}.`,
  entryTermRequired: `Please choose a term for "${labelOf('entry_term')}".`,
  majorRequired: `Please choose a program for "${labelOf('applied_major')}".`,
  convictionRequired: 'Please tell us whether you have ever been convicted of a misdemeanor or a felony.',
  convictionCommentRequired: 'Please tell us about your conviction.',
  suspendedRequired: 'Please tell us whether you have ever been disciplined by a school.',
  suspendedCommentRequired: 'Please tell us about the disciplinary action.',
  waiverRequired: 'Please tell us whether you give up your right to read your counselor recommendation.',
  legalAgreement: 'Please tick the box to certify that the information on this application is complete and correct.',
  gradAfterEntry: (gradYear: string, entryYear: string) =>
    `You chose ${gradYear} as your graduation year, after ${entryYear}, the year of the term you plan to start. Please check your graduation year.`,
  parentEmailInvalid: (title: string) => `${title}: Please enter a valid email address.`,
  parentPhoneInvalid: (title: string) => `${title}: Please enter a valid phone number.`,
} as const;

const M = APPLICATION_MESSAGES;

// --- Field rules: one answer at a time -------------------------------------------------------

/** Returns a message when the answer breaks the rule. */
type FieldRule = (value: AnswerValue, options: ApplicationOptions) => string | undefined;

/** A required answer holds at least one visible character (spaces or a zero-width space alone are no answer). */
const required =
  (message: string): FieldRule =>
  (value) =>
    value === '' || (typeof value === 'string' && !hasVisibleCharacter(value)) ? message : undefined;

/** Empty answers pass: "when given" rules. */
const patternWhenGiven =
  (pattern: RegExp, message: string): FieldRule =>
  (value) =>
    value === '' || pattern.test(String(value)) ? undefined : message;

const wholeNumberWhenGiven =
  ({ min, max, step = 1 }: { min: number; max: number; step?: number }, message: string) =>
  (value: AnswerValue): string | undefined => {
    if (value === '') return undefined;
    const number = Number(value);
    const valid = /^\d+$/.test(String(value)) && number >= min && number <= max && (number - min) % step === 0;
    return valid ? undefined : message;
  };

const birthDate: FieldRule = (value, { now }) => {
  if (value === '') return M.birthDateRequired;
  const birth = parseIsoDate(String(value));
  if (!birth) return M.birthDateInvalid;
  if (birth.year < today(now).year - BIRTH_YEARS_BACK) return M.birthDateUnsupported;
  return ageOn(birth, today(now)) < MIN_AGE_YEARS ? M.tooYoung : undefined;
};

/** Empty or invalid dates count as no date (the date field stores only valid dates). */
const mailingEffectiveDate: FieldRule = (value, { now }) => {
  const date = parseIsoDate(String(value));
  if (!date) return undefined;
  const { year } = today(now);
  const [min, max] = [year - MAILING_DATE_WINDOW.yearsBack, year + MAILING_DATE_WINDOW.yearsForward];
  if (date.year < min) return M.minYear(min);
  return date.year > max ? M.maxYear(max) : undefined;
};

/** The applicant's own numbers: US numbers, while another country's belongs in phone_international. */
const usPhoneWhenGiven =
  (key: AnswerKey, invalid: string): FieldRule =>
  (value) => {
    if (value === '') return undefined;
    if (FOREIGN_PHONE_PATTERN.test(String(value))) return M.phoneIsForeign(key);
    return PHONE_PATTERN.test(String(value)) ? undefined : invalid;
  };

/** Numbers from any country: a US number, or + and a country code with a number valid there. */
const phoneWhenGiven =
  (message: string): FieldRule =>
  (value) =>
    value === '' || isPhoneNumber(String(value)) ? undefined : message;

const mustBeChecked =
  (message: string): FieldRule =>
  (value) =>
    value === true ? undefined : message;

const parentRules = (): Partial<Record<AnswerKey, FieldRule[]>> => {
  const group = ADD_ANOTHER_GROUPS.find((candidate) => candidate.buttonId === 'parents');
  const rules: Partial<Record<AnswerKey, FieldRule[]>> = {};
  group?.prefixes.forEach((prefix, slot) => {
    const title = slotTitle(group, slot);
    rules[`${prefix}email_address` as AnswerKey] = [patternWhenGiven(EMAIL_PATTERN, M.parentEmailInvalid(title))];
    rules[`${prefix}phone` as AnswerKey] = [phoneWhenGiven(M.parentPhoneInvalid(title))];
  });
  return rules;
};

/**
 * Score ranges. Score fields are shown only when the test was taken (see BRANCH_GROUPS). They hold
 * for every saved answer too, not only at submission: a score out of range is never stored.
 */
const RANGE_RULES: Partial<Record<AnswerKey, (value: AnswerValue) => string | undefined>> = {
  sat_score_reading_writing: wholeNumberWhenGiven(SAT_SECTION_SCORE, M.satReadingWriting),
  sat_score_math: wholeNumberWhenGiven(SAT_SECTION_SCORE, M.satMath),
  sat_score_essay_reading: wholeNumberWhenGiven(SAT_ESSAY_SCORE, M.satEssayReading),
  sat_score_essay_analysis: wholeNumberWhenGiven(SAT_ESSAY_SCORE, M.satEssayAnalysis),
  sat_score_essay_writing: wholeNumberWhenGiven(SAT_ESSAY_SCORE, M.satEssayWriting),
  act_score_composite: wholeNumberWhenGiven(ACT_COMPOSITE_SCORE, M.actComposite),
};

/** The range message of a saved answer, when the catalogue gives its key a range and the value is outside it. */
export function rangeProblem(key: string, value: AnswerValue): string | undefined {
  return RANGE_RULES[key as AnswerKey]?.(value);
}

const FIELD_RULES: Partial<Record<AnswerKey, readonly FieldRule[]>> = {
  first_name: [required(M.firstNameRequired)],
  last_name: [required(M.lastNameRequired)],
  gender: [required(M.genderRequired)],
  birth_date: [birthDate],
  phone_home: [usPhoneWhenGiven('phone_home', M.phoneHomeInvalid)],
  phone_mobile: [usPhoneWhenGiven('phone_mobile', M.phoneMobileInvalid)],
  phone_international: [phoneWhenGiven(M.phoneInternationalInvalid)],
  address_line_1: [required(M.addressRequired)],
  city: [required(M.cityRequired)],
  // Shown only for the USA and Canada, hence "required when country is USA or CAN".
  state: [required(M.stateRequired)],
  country: [required(M.countryRequired)],
  mailing_addr_effective_date: [mailingEffectiveDate],
  hs_name: [required(M.schoolRequired)],
  // Optional, so only a given address is checked.
  counselor_email_address: [patternWhenGiven(EMAIL_PATTERN, M.counselorEmailInvalid)],
  email_address: [patternWhenGiven(EMAIL_PATTERN, M.emailInvalid)],
  ...Object.fromEntries(Object.entries(RANGE_RULES).map(([key, rule]) => [key, [rule]])),
  entry_term: [required(M.entryTermRequired)],
  applied_major: [required(M.majorRequired)],
  conviction: [required(M.convictionRequired)],
  conviction_comment: [required(M.convictionCommentRequired)],
  suspended: [required(M.suspendedRequired)],
  suspended_comment: [required(M.suspendedCommentRequired)],
  counselor_waiver_request: [required(M.waiverRequired)],
  legal_agree: [mustBeChecked(M.legalAgreement)],
  ...parentRules(),
};

// --- Cross-field rules: several answers together ------------------------------------------

type CrossFieldRule = {
  /** The field the message is shown on. */
  readonly key: AnswerKey;
  /** Answers the rule reads; it is skipped while one of them has its own error. */
  readonly reads: readonly AnswerKey[];
  readonly check: (answers: Readonly<Record<string, AnswerValue>>) => string | undefined;
};

const CROSS_FIELD_RULES: readonly CrossFieldRule[] = [
  {
    // A term's value starts with its year ('2027FA'): nobody starts college before finishing school.
    key: 'grad_year',
    reads: ['entry_term', 'grad_year'],
    check: (a) => {
      const entryYear = /^\d{4}/.exec(String(a.entry_term))?.[0];
      const gradYear = String(a.grad_year);
      return entryYear && /^\d{4}$/.test(gradYear) && Number(gradYear) > Number(entryYear)
        ? M.gradAfterEntry(gradYear, entryYear)
        : undefined;
    },
  },
  {
    key: 'phone_mobile',
    reads: ['optin_sms_ind', 'phone_mobile'],
    check: (a) => (a.optin_sms_ind === true && a.phone_mobile === '' ? M.smsNeedsMobile : undefined),
  },
  {
    // The international number stands in for the home phone of applicants abroad.
    key: 'phone_mobile',
    reads: ['optin_sms_ind', 'phone_home', 'phone_mobile', 'phone_international'],
    check: (a) =>
      a.optin_sms_ind !== true && a.phone_home === '' && a.phone_mobile === '' && a.phone_international === ''
        ? M.phoneRequired
        : undefined,
  },
  {
    key: 'zip',
    reads: ['country', 'zip'],
    check: (a) => {
      if (a.country !== USA) return undefined;
      if (a.zip === '') return M.zipRequired;
      return String(a.zip).length < ZIP_MIN_LENGTH ? M.zipTooShort : undefined;
    },
  },
];

// --- The schema -----------------------------------------------------------------------------

function entrySchema(question: Question, options: ApplicationOptions) {
  const rules = FIELD_RULES[question.key] ?? [];
  const applyRules = <T extends AnswerValue>() =>
    v.rawCheck<T>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const rule of rules) {
        const message = rule(dataset.value, options);
        if (message !== undefined) addIssue({ message });
      }
    });
  if (question.valueType === 'boolean') {
    // '' is the generic empty answer; for a checkbox it means unchecked.
    const checkbox = v.union([v.boolean(), v.literal('')], M.notBoolean);
    return v.optional(
      v.pipe(
        checkbox,
        v.transform((value): boolean => value === true),
        applyRules<boolean>(),
      ),
      false,
    );
  }
  const max = maxLengthFor(question, options) ?? DEFAULT_MAX_LENGTH;
  const text = question.nullBecomesEmpty
    ? v.pipe(
        v.nullable(v.string(M.notText)),
        v.transform((value): string => value ?? ''),
      )
    : v.string(M.notText);
  // What is checked (and stored) is the answer without its surrounding spaces.
  const allowedText = v.rawCheck<string>(({ dataset, addIssue }) => {
    const message = dataset.typed ? textProblem(question, dataset.value) : undefined;
    if (message !== undefined) addIssue({ message });
  });
  return v.optional(v.pipe(text, v.trim(), v.maxLength(max, M.tooLong(max)), allowedText, applyRules<string>()), '');
}

function buildApplicationSchema(options: ApplicationOptions) {
  const entries = Object.fromEntries(QUESTIONS.map((question) => [question.key, entrySchema(question, options)]));
  return v.pipe(
    v.object(entries, M.notAnObject),
    v.rawCheck(({ dataset, addIssue }) => {
      const answers = dataset.value;
      if (answers === null || typeof answers !== 'object') return;
      const input = answers as Record<string, AnswerValue>;
      const failed = new Set((dataset.issues ?? []).map(issueKey));
      for (const rule of CROSS_FIELD_RULES) {
        if (rule.reads.some((key) => failed.has(key))) continue;
        const message = rule.check(input);
        if (message === undefined) continue;
        addIssue({ message, path: [{ type: 'object', origin: 'value', input, key: rule.key, value: input[rule.key] }] });
      }
    }),
  );
}

/** Every key the application rules mention; the development checks compare them with the answers. */
export function applicationSchemaKeys(): string[] {
  return unique([
    ...QUESTIONS.map((question) => question.key),
    ...Object.keys(FIELD_RULES),
    ...CROSS_FIELD_RULES.flatMap((rule) => [rule.key, ...rule.reads]),
  ]);
}

// Validation runs per field while the applicant types; rebuild the schema only
// when its inputs change (rules only look at the calendar day of `now`).
let cache: { id: string; schema: ReturnType<typeof buildApplicationSchema> } | undefined;

function schemaFor(options: ApplicationOptions) {
  const { year, month, day } = today(options.now);
  const id = `${options.essayLimit}|${year}-${month}-${day}`;
  if (cache?.id !== id) cache = { id, schema: buildApplicationSchema(options) };
  return cache.schema;
}

const ORDER = new Map<string, number>(QUESTIONS.map((question, index) => [question.key, index]));

/**
 * Every error of the application, de-duplicated, in page order. Questions
 * hidden by their conditions are not validated.
 */
export function validateApplication(answers: unknown, options: ApplicationOptions): ValidationError[] {
  const result = v.safeParse(schemaFor(options), answers);
  if (result.success) return [];
  const isObject = answers !== null && typeof answers === 'object';
  const isVisible = visibility(isObject ? (answers as Answers) : {}, CONDITION_CATALOGUE);
  const errors = result.issues
    .map((issue) => ({ key: issueKey(issue), message: issue.message }))
    .filter((error) => error.key === '' || isVisible(error.key));
  return unique(errors, (error) => `${error.key}\n${error.message}`).sort((a, b) => (ORDER.get(a.key) ?? -1) - (ORDER.get(b.key) ?? -1));
}

/** Messages of one field. */
export function validateField(key: string, answers: unknown, options: ApplicationOptions): string[] {
  return validateApplication(answers, options)
    .filter((error) => error.key === key)
    .map((error) => error.message);
}

/** A month select and a year select are shown as one field: their errors combine. */
export function combinedErrors(monthKey: string, yearKey: string, answers: unknown, options: ApplicationOptions): string[] {
  const errors = validateApplication(answers, options);
  return unique(errors.filter((error) => error.key === monthKey || error.key === yearKey).map((error) => error.message));
}
