/** The questions of step 2, Your Academics, section by section, in the order the page shows them. */
import { ACTIVITY_FIELDS, ACTIVITY_PREFIXES } from '../dataModel';
import { ADDRESS_LINE_MAX_LENGTH, LONG_NAME_MAX_LENGTH } from '../limits';
import { OTHER, options, section, slotQuestions } from '../questionModel';

export const enrolment = section('enrolment', [
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

export const highSchool = section('high_school', [
  {
    key: 'hs_name',
    kind: 'schoolSearch',
    label: 'High school name',
    maxLength: LONG_NAME_MAX_LENGTH,
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
  { key: 'hs_address_line_1', kind: 'text', label: 'School street address', maxLength: ADDRESS_LINE_MAX_LENGTH },
  { key: 'hs_city', kind: 'text', label: 'School city' },
  { key: 'hs_state', kind: 'text', label: 'School state or province' },
  { key: 'hs_zip', kind: 'text', label: 'School ZIP/Postal Code' },
  { key: 'hs_country', kind: 'text', label: 'School country' },
  { key: 'grad_month', kind: 'select', label: 'Graduation month', options: 'months' },
  {
    key: 'grad_year',
    kind: 'select',
    label: 'Graduation year',
    // Classes graduate by July: from then on the expected year, listed first, is next year's.
    options: { years: { startOffset: 4, count: 14, direction: 'past', nearestFrom: 7 } },
  },
  { key: 'hs_gpa', kind: 'text', label: 'Grade point average (GPA)', maxLength: 10 },
  {
    key: 'gpa_scale',
    kind: 'select',
    label: 'GPA scale',
    options: options(['4', '4.0'], ['5', '5.0'], ['10', '10'], ['100', '100'], [OTHER, 'Other']),
  },
  { key: 'counselor_first_name', kind: 'text', label: "Counselor's first name", maxLength: LONG_NAME_MAX_LENGTH },
  { key: 'counselor_last_name', kind: 'text', label: "Counselor's last name", maxLength: LONG_NAME_MAX_LENGTH },
  { key: 'counselor_email_address', kind: 'email', label: "Counselor's email address", maxLength: LONG_NAME_MAX_LENGTH },
]);

const planYears = { years: { count: 3, direction: 'future' } } as const;

export const testScores = section('test_scores', [
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

export const activities = section('activities', [
  ...slotQuestions('activities', ACTIVITY_PREFIXES, ACTIVITY_FIELDS, () => ({
    name: { kind: 'text', label: 'Activity name', maxLength: LONG_NAME_MAX_LENGTH },
    freshman: { kind: 'checkbox', label: '9th grade', groupLabel: 'Grades you took part in' },
    sophomore: { kind: 'checkbox', label: '10th grade' },
    junior: { kind: 'checkbox', label: '11th grade' },
    senior: { kind: 'checkbox', label: '12th grade' },
    position: { kind: 'text', label: 'Position or leadership role', maxLength: LONG_NAME_MAX_LENGTH },
    award: { kind: 'text', label: 'Honors or awards', maxLength: LONG_NAME_MAX_LENGTH },
    continue: { kind: 'checkbox', label: 'I plan to continue this activity in college' },
  })),
]);

export const essay = section('essay', [
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
