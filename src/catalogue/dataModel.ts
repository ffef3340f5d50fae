/**
 * The tenant data model: every answer key, by group. The question catalogue must describe exactly these
 * keys, and the development checks refuse any other key, so a typo in a
 * configuration cannot silently create a new column of answers.
 *
 * `_desc` companions are not listed: they follow from the select and radio
 * questions of the catalogue.
 */

/** An answer is a string ('' when empty) or, for checkboxes, a boolean. */
export type AnswerValue = string | boolean;
export type Answers = Readonly<Record<string, AnswerValue>>;

/** Prefixes of repeated slots: 'legacy_', 'legacy_2_', 'legacy_3_', ... */
function slotPrefixes<B extends string, N extends number>(base: B, count: N) {
  const prefixes: string[] = [`${base}_`];
  for (let slot = 2; slot <= count; slot += 1) prefixes.push(`${base}_${slot}_`);
  return prefixes as ReadonlyArray<`${B}_` | `${B}_${number}_`>;
}

function prefixed<P extends string, F extends string>(prefixes: readonly P[], fields: readonly F[]) {
  return prefixes.flatMap((prefix) => fields.map((field): `${P}${F}` => `${prefix}${field}`));
}

export const LEGACY_PREFIXES = slotPrefixes('legacy', 4);
export const LEGACY_FIELDS = ['relationship', 'first_name', 'last_name'] as const;

export const ACTIVITY_PREFIXES = slotPrefixes('activity', 4);
export const ACTIVITY_FIELDS = ['name', 'freshman', 'sophomore', 'junior', 'senior', 'position', 'award', 'continue'] as const;

export const SIBLING_ATTENDING_PREFIXES = slotPrefixes('sibling_attending', 4);
export const SIBLING_APPLY_PREFIXES = slotPrefixes('sibling_apply', 4);
export const SIBLING_FIELDS = ['name', 'last_name', 'year'] as const;

export const PARENT_PREFIXES = slotPrefixes('parent', 2);
export const PARENT_FIELDS = [
  'relationship',
  'prefix',
  'first_name',
  'last_name',
  'email_address',
  'phone',
  'phone_type',
  'addr_same_as_stu_perm',
  // The country first, as for the applicant's address: it decides whether State and ZIP are asked.
  'country',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
  'education',
  'education_other',
] as const;

const DATA_MODEL_GROUPS = {
  personal: [
    'first_name',
    'middle_name',
    'last_name',
    'preferred_name',
    'prev_lname',
    'birth_date',
    'gender',
    'gender_iden',
    'pref_pronoun',
    'other_pronoun',
    'phone_home',
    'phone_mobile',
    'optin_sms_ind',
    'phone_international',
    'ssn',
    'email_address',
  ],
  address: [
    'address_line_1',
    'address_line_2',
    'city',
    'state',
    'zip',
    'country',
    'mailing_addr_same_as_perm_addr',
    'mailing_address_line_1',
    'mailing_address_line_2',
    'mailing_city',
    'mailing_state',
    'mailing_zip',
    'mailing_country',
    'mailing_addr_effective_date',
  ],
  citizenship: ['citizenship_type', 'citizenship', 'alien_registration_number', 'citizenship_visa_status'],
  ethnicity: ['ethnicity', 'race_american_indian', 'race_asian', 'race_black', 'race_native_hawaiian', 'race_white'],
  legacy: ['legacy_ind', ...prefixed(LEGACY_PREFIXES, LEGACY_FIELDS)],
  high_school: [
    'hs_gpa',
    'gpa_scale',
    'counselor_first_name',
    'counselor_last_name',
    'counselor_email_address',
    'grad_month',
    'grad_year',
    'hs_ceeb',
    'hs_name',
    'hs_address_line_1',
    'hs_city',
    'hs_state',
    'hs_zip',
    'hs_country',
  ],
  test_scores: [
    'score_submit',
    'sat_taken',
    'sat_score_math',
    'sat_score_reading_writing',
    'sat_score_essay_reading',
    'sat_score_essay_writing',
    'sat_score_essay_analysis',
    'sat_plan_month',
    'sat_plan_year',
    'sat_taken_unsure',
    'act_taken',
    'act_score_composite',
    'act_plan_month',
    'act_plan_year',
    'act_taken_unsure',
    'toefl_taken',
    'toefl_score',
    'toefl_plan_month',
    'toefl_plan_year',
  ],
  activities: prefixed(ACTIVITY_PREFIXES, ACTIVITY_FIELDS),
  essay: ['personal_statement_essay', 'personal_statement_doc'],
  legal: ['conviction', 'conviction_comment', 'suspended', 'suspended_comment', 'counselor_waiver_request', 'legal_agree'],
  religion: ['religious_preference'],
  parents: [...prefixed(PARENT_PREFIXES, PARENT_FIELDS), 'parent_communication_preference'],
  siblings: [
    'sibling_attend',
    'sibling_apply',
    ...prefixed(SIBLING_ATTENDING_PREFIXES, SIBLING_FIELDS),
    ...prefixed(SIBLING_APPLY_PREFIXES, SIBLING_FIELDS),
  ],
  enrolment: ['entry_term', 'applied_major', 'decision_type', 'housing_preference'],
} as const;

type DataModelGroup = keyof typeof DATA_MODEL_GROUPS;
export type AnswerKey = (typeof DATA_MODEL_GROUPS)[DataModelGroup][number];

export const DATA_MODEL_KEYS: readonly AnswerKey[] = Object.values(DATA_MODEL_GROUPS).flat();

const DATA_MODEL_KEY_SET: ReadonlySet<string> = new Set(DATA_MODEL_KEYS);

export function isDataModelKey(key: string): key is AnswerKey {
  return DATA_MODEL_KEY_SET.has(key);
}

/** Name of the companion that stores the label of a select or radio answer. */
export function descKey(key: string): string {
  return `${key}_desc`;
}
