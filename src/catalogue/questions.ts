/**
 * The question catalogue: one entry per answer key of the data model, in the
 * order the pages show them. Pages, the server and the schema all read these
 * entries instead of hard-coding labels, kinds or limits.
 *
 * Visibility is not a field-by-field affair: use `visibility(answers,
 * CONDITION_CATALOGUE)` from ./conditions, which also applies BRANCH_GROUPS
 * (SAT/ACT/TOEFL "taken" versus "plan to take") and conditional selects.
 */
import {
  ACTIVITY_FIELDS,
  ACTIVITY_PREFIXES,
  LEGACY_FIELDS,
  LEGACY_PREFIXES,
  PARENT_FIELDS,
  PARENT_PREFIXES,
  SIBLING_APPLY_PREFIXES,
  SIBLING_ATTENDING_PREFIXES,
  SIBLING_FIELDS,
  descKey,
  type AnswerKey,
  type Answers,
} from './dataModel';
import { when, type BranchGroup, type Condition, type ConditionCatalogue, type ConditionalField } from './conditions';
import {
  CANADA,
  USA,
  resolveOptionSource,
  withEmptyOption,
  type CollegeLists,
  type Option,
  type OptionList,
  type OptionListName,
  type OptionSource,
} from './options';
import {
  DATE_LENGTH,
  DEFAULT_MAX_LENGTH,
  DOCUMENT_ANSWERED,
  SSN_LENGTH,
  TEXTAREA_MAX_LENGTH,
  TEXTAREA_ROWS,
} from './limits';
import type { CollegeConfig } from '../college/schema';
import { DEFAULT_PAGE, type PageId } from './pages';

// --- Pages and sections --------------------------------------------------------------

// The pages live in ./pages (small, for code needed on every route); re-exported here.
export { DEFAULT_PAGE, PAGES, type PageId } from './pages';

export const SECTIONS = [
  { id: 'personal', page: 'about', title: 'Personal Information' },
  { id: 'address', page: 'about', title: 'Address' },
  { id: 'citizenship', page: 'about', title: 'Citizenship' },
  { id: 'ethnicity', page: 'about', title: 'Ethnicity and Race' },
  { id: 'legacy', page: 'about', title: 'Family Connections' },
  { id: 'parents', page: 'about', title: 'Parents and Guardians' },
  { id: 'siblings', page: 'about', title: 'Siblings' },
  { id: 'religion', page: 'about', title: 'Religion' },
  { id: 'enrolment', page: 'education', title: 'Enrollment Plans' },
  { id: 'high_school', page: 'education', title: 'High School' },
  { id: 'test_scores', page: 'education', title: 'Test Scores' },
  { id: 'activities', page: 'education', title: 'Activities' },
  { id: 'essay', page: 'education', title: 'Personal Statement' },
  { id: 'legal', page: 'final-steps', title: 'Legal and Conduct' },
] as const satisfies readonly { id: string; page: PageId; title: string }[];
export type SectionId = (typeof SECTIONS)[number]['id'];

const PAGE_OF_SECTION = new Map<SectionId, PageId>(SECTIONS.map((section) => [section.id, section.page]));

// --- Question type -----------------------------------------------------------------------

export type QuestionKind =
  | 'text'
  | 'textarea'
  | 'date'
  | 'ssn'
  | 'phone'
  | 'email'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'document'
  | 'schoolSearch';

/** Content revealed only after the applicant confirms (button or checkbox). */
export type ConfirmTrigger = {
  readonly type: 'button' | 'checkbox';
  readonly label: string;
  readonly confirmTitle: string;
  readonly confirmText: string;
};

export type QuestionSelect =
  | { readonly mode: 'displayOnly'; readonly controllingKey: AnswerKey }
  | {
      readonly mode: 'displayAndOptions';
      readonly controllingKey: AnswerKey;
      readonly optionsByValue: Readonly<Record<string, OptionListName | OptionList>>;
    };

/** The school search fills these answers from the chosen lookup detail. */
export type SchoolLookup = {
  readonly category: 'hs_ceeb';
  readonly fills: Readonly<Record<'ceeb' | 'name' | 'address_line_1' | 'city' | 'state' | 'zip' | 'country', AnswerKey>>;
};

export type AddAnotherId = 'legacy' | 'parents' | 'sibling_attending' | 'sibling_apply' | 'activities';

export interface Question extends ConditionalField {
  readonly key: AnswerKey;
  readonly page: PageId;
  readonly section: SectionId;
  /** Plain words an applicant understands. */
  readonly label: string;
  readonly help?: string;
  readonly kind: QuestionKind;
  readonly options?: OptionSource;
  readonly valueType: 'string' | 'boolean';
  /** Characters; 'essayLimit' defers to the college configuration; undefined for booleans. */
  readonly maxLength?: number | 'essayLimit';
  readonly rows?: number;
  /** Select and radio answers keep the chosen label in key + '_desc'. */
  readonly hasDesc: boolean;
  readonly condition?: Condition;
  readonly conditionalSelect?: QuestionSelect;
  /** A null answer is stored as '' (older clients send null for an untouched essay). */
  readonly nullBecomesEmpty?: true;
  /** Never logged nor shown back in full. */
  readonly sensitive?: true;
  readonly confirmTrigger?: ConfirmTrigger;
  readonly lookup?: SchoolLookup;
  /** Set on the fields of an add-another group; slot 0 is always shown. */
  readonly addAnother?: { readonly buttonId: AddAnotherId; readonly slot: number };
}

type QuestionSpec = Omit<Question, 'page' | 'section' | 'valueType' | 'hasDesc' | 'maxLength'> & {
  readonly maxLength?: Question['maxLength'];
};

const DEFAULT_LENGTH_BY_KIND: Record<QuestionKind, number | undefined> = {
  text: DEFAULT_MAX_LENGTH,
  textarea: TEXTAREA_MAX_LENGTH,
  date: DATE_LENGTH,
  ssn: SSN_LENGTH,
  phone: DEFAULT_MAX_LENGTH,
  email: DEFAULT_MAX_LENGTH,
  select: DEFAULT_MAX_LENGTH,
  radio: DEFAULT_MAX_LENGTH,
  checkbox: undefined,
  document: DOCUMENT_ANSWERED.length,
  schoolSearch: DEFAULT_MAX_LENGTH,
};

function section(id: SectionId, specs: readonly QuestionSpec[]): Question[] {
  return specs.map((spec) => ({
    ...spec,
    page: PAGE_OF_SECTION.get(id) ?? DEFAULT_PAGE,
    section: id,
    valueType: spec.kind === 'checkbox' ? 'boolean' : 'string',
    hasDesc: spec.kind === 'select' || spec.kind === 'radio',
    maxLength: spec.maxLength ?? DEFAULT_LENGTH_BY_KIND[spec.kind],
    ...(spec.kind === 'textarea' ? { rows: spec.rows ?? TEXTAREA_ROWS } : {}),
  }));
}

// --- Inline option lists --------------------------------------------------------------------

const options = (...pairs: [value: string, label: string][]): OptionList =>
  withEmptyOption(pairs.map(([value, label]): Option => ({ value, label })));

export const CITIZENSHIP = {
  usCitizen: 'US_CITIZEN',
  dualCitizen: 'DUAL_CITIZEN',
  permanentResident: 'PERMANENT_RESIDENT',
  international: 'INTERNATIONAL',
} as const;

const RELATIVE_OPTIONS = options(
  ['MOTHER', 'Mother'],
  ['FATHER', 'Father'],
  ['GRANDPARENT', 'Grandparent'],
  ['SIBLING', 'Brother or sister'],
  ['AUNT_UNCLE', 'Aunt or uncle'],
  ['OTHER', 'Other relative'],
);

const OTHER = 'OTHER';
const YES = 'Y';

/** displayAndOptions: US states for the USA, provinces for Canada, no field elsewhere. */
const stateSelect = (controllingKey: AnswerKey): QuestionSelect => ({
  mode: 'displayAndOptions',
  controllingKey,
  optionsByValue: { [USA]: 'usStates', [CANADA]: 'caProvinces' },
});

// --- Sections -------------------------------------------------------------------------------

const personal = section('personal', [
  { key: 'first_name', kind: 'text', label: 'First name' },
  { key: 'middle_name', kind: 'text', label: 'Middle name' },
  { key: 'last_name', kind: 'text', label: 'Last name (family name)' },
  {
    key: 'preferred_name',
    kind: 'text',
    label: 'Preferred first name',
    help: 'The name you would like us to use when we talk with you.',
  },
  {
    key: 'prev_lname',
    kind: 'text',
    label: 'Previous last name',
    help: 'Only if your school records show a different last name.',
  },
  { key: 'birth_date', kind: 'date', label: 'Date of birth' },
  {
    key: 'gender',
    kind: 'select',
    label: 'Sex',
    help: 'As it appears on your official documents.',
    options: options(['F', 'Female'], ['M', 'Male'], ['X', 'Another sex (X)']),
  },
  {
    key: 'gender_iden',
    kind: 'select',
    label: 'How do you describe your gender identity?',
    options: options(
      ['WOMAN', 'Woman'],
      ['MAN', 'Man'],
      ['NONBINARY', 'Non-binary'],
      ['ANOTHER', 'Another identity'],
      ['PREFER_NOT', 'Prefer not to say'],
    ),
  },
  {
    key: 'pref_pronoun',
    kind: 'select',
    label: 'Your pronouns',
    options: options(['SHE', 'She/her'], ['HE', 'He/him'], ['THEY', 'They/them'], [OTHER, 'Other']),
  },
  { key: 'other_pronoun', kind: 'text', label: 'Please tell us your pronouns', condition: when.equals('pref_pronoun', OTHER) },
  { key: 'phone_home', kind: 'phone', label: 'Home phone' },
  { key: 'phone_mobile', kind: 'phone', label: 'Cell phone' },
  {
    key: 'optin_sms_ind',
    kind: 'checkbox',
    label: 'Send me text message updates about my application',
    help: 'Message and data rates may apply.',
  },
  {
    key: 'phone_international',
    kind: 'text',
    label: 'International phone number',
    help: 'If you live outside the United States, include the country code, e.g. +44 20 7946 0000.',
  },
  {
    key: 'ssn',
    kind: 'ssn',
    label: 'Social Security number',
    help: 'Optional. We only use it to match your financial aid records.',
    sensitive: true,
    confirmTrigger: {
      type: 'button',
      label: 'Add my Social Security number',
      confirmTitle: 'Social Security number',
      confirmText:
        'Your Social Security number is optional. It helps us match your financial aid records. Do you want to add it?',
    },
  },
  { key: 'email_address', kind: 'email', label: 'Email address' },
]);

const mailingHidden = when.notEquals('mailing_addr_same_as_perm_addr', YES);

const address = section('address', [
  { key: 'address_line_1', kind: 'text', label: 'Street address' },
  { key: 'address_line_2', kind: 'text', label: 'Apartment, suite or unit' },
  { key: 'city', kind: 'text', label: 'City' },
  {
    key: 'state',
    kind: 'select',
    label: 'State or province',
    options: 'stateAndProvince',
    conditionalSelect: stateSelect('country'),
  },
  { key: 'zip', kind: 'text', label: 'ZIP/Postal Code' },
  { key: 'country', kind: 'select', label: 'Country', options: 'countries' },
  {
    key: 'mailing_addr_same_as_perm_addr',
    kind: 'radio',
    label: 'Is your mailing address the same as your permanent address?',
    options: 'yesNo',
  },
  { key: 'mailing_address_line_1', kind: 'text', label: 'Mailing street address', condition: mailingHidden },
  { key: 'mailing_address_line_2', kind: 'text', label: 'Mailing apartment, suite or unit', condition: mailingHidden },
  { key: 'mailing_city', kind: 'text', label: 'Mailing city', condition: mailingHidden },
  {
    key: 'mailing_state',
    kind: 'select',
    label: 'Mailing state or province',
    options: 'stateAndProvince',
    condition: mailingHidden,
    conditionalSelect: stateSelect('mailing_country'),
  },
  { key: 'mailing_zip', kind: 'text', label: 'Mailing ZIP/Postal Code', condition: mailingHidden },
  { key: 'mailing_country', kind: 'select', label: 'Mailing country', options: 'countries', condition: mailingHidden },
  {
    key: 'mailing_addr_effective_date',
    kind: 'date',
    label: 'Date your mailing address takes effect',
    help: 'Leave empty if you already receive mail there.',
    condition: mailingHidden,
  },
]);

const citizenship = section('citizenship', [
  {
    key: 'citizenship_type',
    kind: 'select',
    label: 'What is your citizenship status?',
    options: options(
      [CITIZENSHIP.usCitizen, 'U.S. citizen'],
      [CITIZENSHIP.dualCitizen, 'U.S. citizen with another citizenship'],
      [CITIZENSHIP.permanentResident, 'U.S. permanent resident'],
      [CITIZENSHIP.international, 'Citizen of another country'],
    ),
  },
  {
    key: 'citizenship',
    kind: 'select',
    label: 'Country of your other citizenship',
    options: 'countriesNoUsa',
    condition: when.in('citizenship_type', [
      CITIZENSHIP.dualCitizen,
      CITIZENSHIP.permanentResident,
      CITIZENSHIP.international,
    ]),
    conditionalSelect: { mode: 'displayOnly', controllingKey: 'citizenship_type' },
  },
  {
    key: 'alien_registration_number',
    kind: 'text',
    label: 'Alien registration number (A-number)',
    help: 'The 7 to 9 digit number on your permanent resident card.',
    maxLength: 12,
    sensitive: true,
    condition: when.equals('citizenship_type', CITIZENSHIP.permanentResident),
  },
  {
    key: 'citizenship_visa_status',
    kind: 'select',
    label: 'Which U.S. visa do you have or plan to request?',
    options: options(
      ['F1', 'F-1 student visa'],
      ['J1', 'J-1 exchange visitor visa'],
      ['H4', 'H-4 dependent visa'],
      [OTHER, 'Another visa'],
      ['NONE', 'I do not know yet'],
    ),
    condition: when.equals('citizenship_type', CITIZENSHIP.international),
    conditionalSelect: { mode: 'displayOnly', controllingKey: 'citizenship_type' },
  },
]);

const ethnicity = section('ethnicity', [
  { key: 'ethnicity', kind: 'radio', label: 'Are you Hispanic or Latino?', options: 'yesNo' },
  {
    key: 'race_american_indian',
    kind: 'checkbox',
    label: 'American Indian or Alaska Native',
    help: 'Choose every race that applies to you.',
  },
  { key: 'race_asian', kind: 'checkbox', label: 'Asian' },
  { key: 'race_black', kind: 'checkbox', label: 'Black or African American' },
  { key: 'race_native_hawaiian', kind: 'checkbox', label: 'Native Hawaiian or Other Pacific Islander' },
  { key: 'race_white', kind: 'checkbox', label: 'White' },
]);

/** Fields of one add-another slot, keyed by the field suffix. */
function slotQuestions<F extends string>(
  buttonId: AddAnotherId,
  prefixes: readonly string[],
  fields: readonly F[],
  spec: (prefix: string) => Record<F, Omit<QuestionSpec, 'key' | 'addAnother'>>,
): QuestionSpec[] {
  return prefixes.flatMap((prefix, slot) => {
    const specs = spec(prefix);
    return fields.map((field) => ({ ...specs[field], key: `${prefix}${field}` as AnswerKey, addAnother: { buttonId, slot } }));
  });
}

const legacyShown = when.equals('legacy_ind', YES);

const legacy = section('legacy', [
  { key: 'legacy_ind', kind: 'radio', label: 'Has anyone in your family attended this college?', options: 'yesNo' },
  ...slotQuestions('legacy', LEGACY_PREFIXES, LEGACY_FIELDS, () => ({
    relationship: { kind: 'select', label: 'Relationship to you', options: RELATIVE_OPTIONS, condition: legacyShown },
    first_name: { kind: 'text', label: "Relative's first name", condition: legacyShown },
    last_name: { kind: 'text', label: "Relative's last name", condition: legacyShown },
  })),
]);

const parents = section('parents', [
  ...slotQuestions('parents', PARENT_PREFIXES, PARENT_FIELDS, (prefix) => {
    const elsewhere = when.notEquals(`${prefix}addr_same_as_stu_perm`, YES);
    return {
      relationship: {
        kind: 'select',
        label: 'Relationship to you',
        options: options(
          ['MOTHER', 'Mother'],
          ['FATHER', 'Father'],
          ['STEPPARENT', 'Stepparent'],
          ['GUARDIAN', 'Legal guardian'],
          [OTHER, 'Other'],
        ),
      },
      prefix: {
        kind: 'select',
        label: 'Title',
        options: options(['Mr.', 'Mr.'], ['Ms.', 'Ms.'], ['Mrs.', 'Mrs.'], ['Mx.', 'Mx.'], ['Dr.', 'Dr.']),
      },
      first_name: { kind: 'text', label: 'First name' },
      last_name: { kind: 'text', label: 'Last name' },
      email_address: { kind: 'email', label: 'Email address' },
      phone: { kind: 'phone', label: 'Phone number' },
      phone_type: {
        kind: 'select',
        label: 'Phone type',
        options: options(['MOBILE', 'Mobile'], ['HOME', 'Home'], ['WORK', 'Work']),
      },
      addr_same_as_stu_perm: {
        kind: 'radio',
        label: 'Does this parent or guardian live at your permanent address?',
        options: 'yesNo',
      },
      address_line_1: { kind: 'text', label: 'Street address', condition: elsewhere },
      address_line_2: { kind: 'text', label: 'Apartment, suite or unit', condition: elsewhere },
      city: { kind: 'text', label: 'City', condition: elsewhere },
      state: {
        kind: 'select',
        label: 'State or province',
        options: 'stateAndProvince',
        condition: elsewhere,
        conditionalSelect: stateSelect(`${prefix}country` as AnswerKey),
      },
      zip: { kind: 'text', label: 'ZIP/Postal Code', condition: elsewhere },
      country: { kind: 'select', label: 'Country', options: 'countries', condition: elsewhere },
      education: {
        kind: 'select',
        label: 'Highest level of education',
        options: options(
          ['NONE', 'No formal education'],
          ['SOME_HS', 'Some high school'],
          ['HS', 'High school diploma or equivalent'],
          ['SOME_COLLEGE', 'Some college'],
          ['ASSOCIATE', 'Associate degree'],
          ['BACHELOR', "Bachelor's degree"],
          ['MASTER', "Master's degree"],
          ['DOCTORATE', 'Doctoral or professional degree'],
          [OTHER, 'Other'],
        ),
      },
      education_other: {
        kind: 'text',
        label: 'Please describe their education',
        condition: when.equals(`${prefix}education`, OTHER),
      },
    };
  }),
  {
    key: 'parent_communication_preference',
    kind: 'select',
    label: 'How does your first parent or guardian prefer to hear from us?',
    options: options(['EMAIL', 'Email'], ['PHONE', 'Phone call'], ['TEXT', 'Text message'], ['MAIL', 'Postal mail']),
  },
]);

const siblingFields = (shown: Condition, yearLabel: string, count: number) => () => ({
  name: { kind: 'text' as const, label: "Sibling's first name", condition: shown },
  last_name: { kind: 'text' as const, label: "Sibling's last name", condition: shown },
  year: {
    kind: 'select' as const,
    label: yearLabel,
    options: { years: { count, direction: 'future' as const } },
    condition: shown,
  },
});

const siblings = section('siblings', [
  {
    key: 'sibling_attend',
    kind: 'radio',
    label: 'Does a brother or sister of yours attend this college now?',
    options: 'yesNo',
  },
  {
    key: 'sibling_apply',
    kind: 'radio',
    label: 'Is a brother or sister of yours also applying to this college?',
    options: 'yesNo',
  },
  ...slotQuestions(
    'sibling_attending',
    SIBLING_ATTENDING_PREFIXES,
    SIBLING_FIELDS,
    siblingFields(when.equals('sibling_attend', YES), 'Year they expect to graduate', 6),
  ),
  ...slotQuestions(
    'sibling_apply',
    SIBLING_APPLY_PREFIXES,
    SIBLING_FIELDS,
    siblingFields(when.equals('sibling_apply', YES), 'Year they plan to start college', 4),
  ),
]);

const religion = section('religion', [
  {
    key: 'religious_preference',
    kind: 'select',
    label: 'Religious preference',
    options: options(
      ['NONE', 'No religious preference'],
      ['BUDDHIST', 'Buddhist'],
      ['CATHOLIC', 'Catholic'],
      ['CHRISTIAN', 'Christian (other)'],
      ['HINDU', 'Hindu'],
      ['JEWISH', 'Jewish'],
      ['MUSLIM', 'Muslim'],
      ['PROTESTANT', 'Protestant'],
      [OTHER, 'Another religion'],
      ['PREFER_NOT', 'Prefer not to say'],
    ),
  },
]);

const enrolment = section('enrolment', [
  { key: 'entry_term', kind: 'select', label: 'When do you plan to start?', options: 'entryTerms' },
  { key: 'applied_major', kind: 'select', label: 'What would you like to study?', options: 'majors' },
  {
    key: 'decision_type',
    kind: 'select',
    label: 'Application plan',
    help: 'Each plan has its own deadline and decision date.',
    options: 'decisionTypes',
  },
  { key: 'housing_preference', kind: 'select', label: 'Where do you plan to live?', options: 'housingOptions' },
]);

const highSchool = section('high_school', [
  {
    key: 'hs_name',
    kind: 'schoolSearch',
    label: 'High school name',
    help: 'Start typing to search. If your school is not listed, choose "Use: …" to enter its name yourself.',
    lookup: {
      category: 'hs_ceeb',
      fills: {
        ceeb: 'hs_ceeb',
        name: 'hs_name',
        address_line_1: 'hs_address_line_1',
        city: 'hs_city',
        state: 'hs_state',
        zip: 'hs_zip',
        country: 'hs_country',
      },
    },
  },
  // Filled by the school search, so free text: its values need not match our lists.
  { key: 'hs_ceeb', kind: 'text', label: 'School code (CEEB)' },
  { key: 'hs_address_line_1', kind: 'text', label: 'School street address' },
  { key: 'hs_city', kind: 'text', label: 'School city' },
  { key: 'hs_state', kind: 'text', label: 'School state or province' },
  { key: 'hs_zip', kind: 'text', label: 'School ZIP/Postal Code' },
  { key: 'hs_country', kind: 'text', label: 'School country' },
  { key: 'grad_month', kind: 'select', label: 'Graduation month', options: 'months' },
  {
    key: 'grad_year',
    kind: 'select',
    label: 'Graduation year',
    options: { years: { startOffset: 4, count: 14, direction: 'past' } },
  },
  { key: 'hs_gpa', kind: 'text', label: 'Grade point average (GPA)', maxLength: 10 },
  {
    key: 'gpa_scale',
    kind: 'select',
    label: 'GPA scale',
    options: options(['4', '4.0'], ['5', '5.0'], ['10', '10'], ['100', '100'], [OTHER, 'Other']),
  },
  { key: 'counselor_first_name', kind: 'text', label: "Counselor's first name" },
  { key: 'counselor_last_name', kind: 'text', label: "Counselor's last name" },
  { key: 'counselor_email_address', kind: 'email', label: "Counselor's email address" },
]);

const planYears = { years: { count: 3, direction: 'future' } } as const;

const testScores = section('test_scores', [
  {
    key: 'score_submit',
    kind: 'radio',
    label: 'Would you like us to consider test scores in your application?',
    help: 'Test scores are optional.',
    options: 'yesNo',
  },
  { key: 'sat_taken', kind: 'radio', label: 'Have you taken the SAT?', options: 'yesNo' },
  { key: 'sat_score_reading_writing', kind: 'text', label: 'SAT Evidence-Based Reading and Writing score', maxLength: 3 },
  { key: 'sat_score_math', kind: 'text', label: 'SAT Math score', maxLength: 3 },
  { key: 'sat_score_essay_reading', kind: 'text', label: 'SAT Essay Reading score', maxLength: 1 },
  { key: 'sat_score_essay_analysis', kind: 'text', label: 'SAT Essay Analysis score', maxLength: 1 },
  { key: 'sat_score_essay_writing', kind: 'text', label: 'SAT Essay Writing score', maxLength: 1 },
  { key: 'sat_plan_month', kind: 'select', label: 'Month you plan to take the SAT', options: 'months' },
  { key: 'sat_plan_year', kind: 'select', label: 'Year you plan to take the SAT', options: planYears },
  { key: 'sat_taken_unsure', kind: 'checkbox', label: "I'm not sure yet when I will take the SAT" },
  { key: 'act_taken', kind: 'radio', label: 'Have you taken the ACT?', options: 'yesNo' },
  { key: 'act_score_composite', kind: 'text', label: 'ACT composite score', maxLength: 2 },
  { key: 'act_plan_month', kind: 'select', label: 'Month you plan to take the ACT', options: 'months' },
  { key: 'act_plan_year', kind: 'select', label: 'Year you plan to take the ACT', options: planYears },
  { key: 'act_taken_unsure', kind: 'checkbox', label: "I'm not sure yet when I will take the ACT" },
  { key: 'toefl_taken', kind: 'radio', label: 'Have you taken the TOEFL?', options: 'yesNo' },
  { key: 'toefl_score', kind: 'text', label: 'TOEFL total score', maxLength: 3 },
  { key: 'toefl_plan_month', kind: 'select', label: 'Month you plan to take the TOEFL', options: 'months' },
  { key: 'toefl_plan_year', kind: 'select', label: 'Year you plan to take the TOEFL', options: planYears },
]);

const activities = section('activities', [
  ...slotQuestions('activities', ACTIVITY_PREFIXES, ACTIVITY_FIELDS, () => ({
    name: { kind: 'text', label: 'Activity name' },
    freshman: { kind: 'checkbox', label: '9th grade' },
    sophomore: { kind: 'checkbox', label: '10th grade' },
    junior: { kind: 'checkbox', label: '11th grade' },
    senior: { kind: 'checkbox', label: '12th grade' },
    position: { kind: 'text', label: 'Position or leadership role' },
    award: { kind: 'text', label: 'Honors or awards' },
    continue: { kind: 'checkbox', label: 'I plan to continue this activity in college' },
  })),
]);

const essay = section('essay', [
  {
    key: 'personal_statement_essay',
    kind: 'textarea',
    label: 'Personal statement',
    help: 'Tell us about an experience, idea or person that shaped who you are.',
    maxLength: 'essayLimit',
    nullBecomesEmpty: true,
  },
  { key: 'personal_statement_doc', kind: 'document', label: 'Personal statement document' },
]);

/** The certification the applicant must tick; also the message when it is not ticked. */
export const LEGAL_AGREEMENT =
  'I certify that the information on this application is complete and correct to the best of my knowledge, and I understand that false or missing information may cancel my admission.';

const legal = section('legal', [
  {
    key: 'conviction',
    kind: 'radio',
    label: 'Have you ever been convicted of a misdemeanor or a felony?',
    options: 'yesNo',
  },
  {
    key: 'conviction_comment',
    kind: 'textarea',
    label: 'Please tell us what happened and what you learned from it.',
    condition: when.equals('conviction', YES),
  },
  {
    key: 'suspended',
    kind: 'radio',
    label: 'Have you ever been suspended, expelled or otherwise disciplined by a school?',
    options: 'yesNo',
  },
  {
    key: 'suspended_comment',
    kind: 'textarea',
    label: 'Please tell us what happened and what you learned from it.',
    condition: when.equals('suspended', YES),
  },
  {
    key: 'counselor_waiver_request',
    kind: 'radio',
    label: 'Do you give up your right to read the recommendation your counselor writes for you?',
    help: 'Colleges often give more weight to recommendations the applicant has not read.',
    options: 'yesNo',
  },
  { key: 'legal_agree', kind: 'checkbox', label: LEGAL_AGREEMENT },
]);

// --- The catalogue ------------------------------------------------------------------------------

export const QUESTIONS: readonly Question[] = [
  ...personal,
  ...address,
  ...citizenship,
  ...ethnicity,
  ...legacy,
  ...parents,
  ...siblings,
  ...religion,
  ...enrolment,
  ...highSchool,
  ...testScores,
  ...activities,
  ...essay,
  ...legal,
];

export const QUESTION_BY_KEY: ReadonlyMap<string, Question> = new Map(QUESTIONS.map((question) => [question.key, question]));

/** Only the first branch whose condition holds is shown; the others are cleared. */
export const BRANCH_GROUPS: readonly BranchGroup[] = (['sat', 'act', 'toefl'] as const).map((test) => {
  const keys = QUESTIONS.filter((question) => question.key.startsWith(`${test}_`)).map((question) => question.key);
  const taken = `${test}_taken`;
  return {
    id: test,
    branches: [
      { when: when.equals(taken, YES), keys: keys.filter((key) => key.startsWith(`${test}_score`)) },
      {
        when: when.equals(taken, 'N'),
        keys: keys.filter((key) => key.startsWith(`${test}_plan_`) || key === `${test}_taken_unsure`),
      },
    ],
  };
});

export const CONDITION_CATALOGUE: ConditionCatalogue = {
  fields: QUESTIONS,
  sections: SECTIONS,
  branchGroups: BRANCH_GROUPS,
};

export const DOCUMENT_KEYS: readonly AnswerKey[] = QUESTIONS.filter((q) => q.kind === 'document').map((q) => q.key);

export const BOOLEAN_KEYS: readonly AnswerKey[] = QUESTIONS.filter((q) => q.valueType === 'boolean').map((q) => q.key);

/** Catalogue keys and the `_desc` companions of select and radio questions. */
export function isAnswerKey(key: string): boolean {
  if (QUESTION_BY_KEY.has(key)) return true;
  const base = key.endsWith('_desc') ? key.slice(0, -'_desc'.length) : undefined;
  return base !== undefined && QUESTION_BY_KEY.get(base)?.hasDesc === true;
}

export function maxLengthFor(question: Question, college: Pick<CollegeConfig, 'essayLimit'>): number | undefined {
  return question.maxLength === 'essayLimit' ? college.essayLimit : question.maxLength;
}

/**
 * The options to offer for a question given the current answers: a
 * displayAndOptions select follows its controlling answer (an empty list means
 * the field is hidden).
 */
export function optionsFor(question: Question, answers: Answers, college: CollegeLists, now: Date = new Date()): OptionList {
  const select = question.conditionalSelect;
  if (select?.mode === 'displayAndOptions') {
    const source = select.optionsByValue[String(answers[select.controllingKey] ?? '')];
    return source === undefined ? [] : resolveOptionSource(source, college, now);
  }
  return question.options === undefined ? [] : resolveOptionSource(question.options, college, now);
}

export function questionsOfSection(id: SectionId): Question[] {
  return QUESTIONS.filter((question) => question.section === id);
}

// --- Add-another groups ------------------------------------------------------------------------

export type AddAnotherGroup = {
  /** The button id the client sends as button_id to PUT /api/add-another. */
  readonly buttonId: AddAnotherId;
  readonly buttonLabel: string;
  /** Heading of one slot; '{n}' is the slot number from 1. */
  readonly itemTitle: string;
  /** Number of slots, i.e. prefixes.length; never above ADD_ANOTHER_MAX. */
  readonly max: number;
  readonly prefixes: readonly string[];
  readonly fields: readonly string[];
};

function addAnother(group: Omit<AddAnotherGroup, 'max'>): AddAnotherGroup {
  return { ...group, max: group.prefixes.length };
}

export const ADD_ANOTHER_GROUPS: readonly AddAnotherGroup[] = [
  addAnother({
    buttonId: 'legacy',
    buttonLabel: 'Add another relative',
    itemTitle: 'Relative {n}',
    prefixes: LEGACY_PREFIXES,
    fields: LEGACY_FIELDS,
  }),
  addAnother({
    buttonId: 'parents',
    buttonLabel: 'Add another parent or guardian',
    itemTitle: 'Parent {n}/Guardian {n}',
    prefixes: PARENT_PREFIXES,
    fields: PARENT_FIELDS,
  }),
  addAnother({
    buttonId: 'sibling_attending',
    buttonLabel: 'Add another sibling',
    itemTitle: 'Sibling {n}',
    prefixes: SIBLING_ATTENDING_PREFIXES,
    fields: SIBLING_FIELDS,
  }),
  addAnother({
    buttonId: 'sibling_apply',
    buttonLabel: 'Add another sibling',
    itemTitle: 'Sibling {n}',
    prefixes: SIBLING_APPLY_PREFIXES,
    fields: SIBLING_FIELDS,
  }),
  addAnother({
    buttonId: 'activities',
    buttonLabel: 'Add another activity',
    itemTitle: 'Activity {n}',
    prefixes: ACTIVITY_PREFIXES,
    fields: ACTIVITY_FIELDS,
  }),
];

export function slotTitle(group: Pick<AddAnotherGroup, 'itemTitle'>, slot: number): string {
  return group.itemTitle.replaceAll('{n}', String(slot + 1));
}

/** Answer keys of one slot (0-based) of a group. */
export function slotKeys(group: Pick<AddAnotherGroup, 'prefixes' | 'fields'>, slot: number): string[] {
  const prefix = group.prefixes[slot];
  return prefix === undefined ? [] : group.fields.map((field) => `${prefix}${field}`);
}

// --- Tabs --------------------------------------------------------------------------------------

export type Tab = {
  readonly id: string;
  readonly label: string;
  /** Answers shown in this tab. */
  readonly keys: readonly AnswerKey[];
  /** This tab's answers, cleared when the applicant chooses another tab of the group. */
  readonly clears: readonly AnswerKey[];
  /** A document deleted (with its conversion) before leaving this tab. */
  readonly documentKey?: AnswerKey;
};

/** `tabId` is the tab_id of PUT /api/tabs; `defaultTab` is the only tab anonymous users see. */
export type TabGroup = { readonly tabId: string; readonly defaultTab: string; readonly tabs: readonly Tab[] };

export const TAB_GROUPS: readonly TabGroup[] = [
  {
    tabId: 'personal_statement',
    defaultTab: 'write',
    tabs: [
      {
        id: 'write',
        label: 'Write it here',
        keys: ['personal_statement_essay'],
        clears: ['personal_statement_essay'],
      },
      {
        id: 'upload',
        label: 'Upload a document',
        keys: ['personal_statement_doc'],
        clears: ['personal_statement_doc'],
        documentKey: 'personal_statement_doc',
      },
    ],
  },
];

// --- Missing-information summary ------------------------------------------------------------

/** Which page each error key links to (/{page}#{key}). */
export const SUMMARY_PAGES: Readonly<Record<PageId, readonly AnswerKey[]>> = {
  about: QUESTIONS.filter((q) => q.page === 'about').map((q) => q.key),
  education: QUESTIONS.filter((q) => q.page === 'education').map((q) => q.key),
  'final-steps': QUESTIONS.filter((q) => q.page === 'final-steps').map((q) => q.key),
};

export function pageOfKey(key: string): PageId | undefined {
  return QUESTION_BY_KEY.get(key)?.page;
}

/** The `_desc` key of a question, when it has one. */
export function descKeyOf(question: Question): string | undefined {
  return question.hasDesc ? descKey(question.key) : undefined;
}
