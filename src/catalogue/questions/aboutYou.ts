/** The questions of step 1, About You, section by section, in the order the page shows them. */
import {
  LEGACY_FIELDS,
  LEGACY_PREFIXES,
  PARENT_FIELDS,
  PARENT_PREFIXES,
  SIBLING_APPLY_PREFIXES,
  SIBLING_ATTENDING_PREFIXES,
  SIBLING_FIELDS,
  type AnswerKey,
} from '../dataModel';
import { when, type Condition } from '../conditions';
import { ADDRESS_LINE_MAX_LENGTH } from '../limits';
import { CITIZENSHIP, NO, OTHER, RELATIVE_OPTIONS, YES, options, section, slotQuestions, stateSelect } from '../questionModel';

// --- Sections -------------------------------------------------------------------------------

export const personal = section('personal', [
  // First and last name side by side on wide screens.
  { key: 'first_name', kind: 'text', label: 'First name' },
  { key: 'last_name', kind: 'text', label: 'Last name (family name)' },
  { key: 'middle_name', kind: 'text', label: 'Middle name' },
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
      confirmText: 'Your Social Security number is optional. It helps us match your financial aid records. Do you want to add it?',
    },
  },
  { key: 'email_address', kind: 'email', label: 'Email address' },
]);

/** Only once the applicant said it differs: unanswered, nothing asks for a second address yet. */
const mailingDiffers = when.equals('mailing_addr_same_as_perm_addr', NO);

// The country comes first: it decides whether State and ZIP are asked, so they appear below it, never above.
export const address = section('address', [
  { key: 'country', kind: 'select', label: 'Country', options: 'countries' },
  { key: 'address_line_1', kind: 'text', label: 'Street address', maxLength: ADDRESS_LINE_MAX_LENGTH },
  { key: 'address_line_2', kind: 'text', label: 'Apartment, suite or unit', maxLength: ADDRESS_LINE_MAX_LENGTH },
  { key: 'city', kind: 'text', label: 'City' },
  {
    key: 'state',
    kind: 'select',
    label: 'State or province',
    options: 'stateAndProvince',
    conditionalSelect: stateSelect('country'),
  },
  { key: 'zip', kind: 'text', label: 'ZIP/Postal Code' },
  {
    key: 'mailing_addr_same_as_perm_addr',
    kind: 'radio',
    label: 'Is your mailing address the same as your permanent address?',
    options: 'yesNo',
  },
  { key: 'mailing_country', kind: 'select', label: 'Mailing country', options: 'countries', condition: mailingDiffers },
  {
    key: 'mailing_address_line_1',
    kind: 'text',
    label: 'Mailing street address',
    maxLength: ADDRESS_LINE_MAX_LENGTH,
    condition: mailingDiffers,
  },
  {
    key: 'mailing_address_line_2',
    kind: 'text',
    label: 'Mailing apartment, suite or unit',
    maxLength: ADDRESS_LINE_MAX_LENGTH,
    condition: mailingDiffers,
  },
  { key: 'mailing_city', kind: 'text', label: 'Mailing city', condition: mailingDiffers },
  {
    key: 'mailing_state',
    kind: 'select',
    label: 'Mailing state or province',
    options: 'stateAndProvince',
    condition: mailingDiffers,
    conditionalSelect: stateSelect('mailing_country'),
  },
  { key: 'mailing_zip', kind: 'text', label: 'Mailing ZIP/Postal Code', condition: mailingDiffers },
  {
    key: 'mailing_addr_effective_date',
    kind: 'date',
    label: 'Date your mailing address takes effect',
    help: 'Leave empty if you already receive mail there.',
    condition: mailingDiffers,
  },
]);

export const citizenship = section('citizenship', [
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
    condition: when.in('citizenship_type', [CITIZENSHIP.dualCitizen, CITIZENSHIP.permanentResident, CITIZENSHIP.international]),
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

export const ethnicity = section('ethnicity', [
  { key: 'ethnicity', kind: 'radio', label: 'Are you Hispanic or Latino?', options: 'yesNo' },
  {
    key: 'race_american_indian',
    kind: 'checkbox',
    label: 'American Indian or Alaska Native',
    groupLabel: 'Race',
    help: 'Choose every race that applies to you.',
  },
  { key: 'race_asian', kind: 'checkbox', label: 'Asian' },
  { key: 'race_black', kind: 'checkbox', label: 'Black or African American' },
  { key: 'race_native_hawaiian', kind: 'checkbox', label: 'Native Hawaiian or Other Pacific Islander' },
  { key: 'race_white', kind: 'checkbox', label: 'White' },
]);

const legacyShown = when.equals('legacy_ind', YES);

export const legacy = section('legacy', [
  { key: 'legacy_ind', kind: 'radio', label: 'Has anyone in your family attended this college?', options: 'yesNo' },
  ...slotQuestions('legacy', LEGACY_PREFIXES, LEGACY_FIELDS, () => ({
    relationship: { kind: 'select', label: 'Relationship to you', options: RELATIVE_OPTIONS, condition: legacyShown },
    first_name: { kind: 'text', label: "Relative's first name", condition: legacyShown },
    last_name: { kind: 'text', label: "Relative's last name", condition: legacyShown },
  })),
]);

export const parents = section('parents', [
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
      address_line_1: { kind: 'text', label: 'Street address', maxLength: ADDRESS_LINE_MAX_LENGTH, condition: elsewhere },
      address_line_2: { kind: 'text', label: 'Apartment, suite or unit', maxLength: ADDRESS_LINE_MAX_LENGTH, condition: elsewhere },
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
    // It is about the first parent, so it is shown in that parent's block, not after the second one.
    addAnother: { buttonId: 'parents', slot: 0 },
    options: options(['EMAIL', 'Email'], ['PHONE', 'Phone call'], ['TEXT', 'Text message'], ['MAIL', 'Postal mail']),
  },
]);

/** Fall intakes start in August; classes graduate by July. */
const INTAKE_UNDER_WAY_FROM = 8;
const CLASS_GRADUATED_FROM = 7;

const siblingFields = (shown: Condition, yearLabel: string, count: number, underWayFrom: number) => () => ({
  name: { kind: 'text' as const, label: "Sibling's first name", condition: shown },
  last_name: { kind: 'text' as const, label: "Sibling's last name", condition: shown },
  year: {
    kind: 'select' as const,
    label: yearLabel,
    options: { years: { count, direction: 'future' as const, underWayFrom } },
    condition: shown,
  },
});

export const siblings = section('siblings', [
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
    siblingFields(when.equals('sibling_attend', YES), 'Year they expect to graduate', 6, CLASS_GRADUATED_FROM),
  ),
  ...slotQuestions(
    'sibling_apply',
    SIBLING_APPLY_PREFIXES,
    SIBLING_FIELDS,
    siblingFields(when.equals('sibling_apply', YES), 'Year they plan to start college', 4, INTAKE_UNDER_WAY_FROM),
  ),
]);

export const religion = section('religion', [
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
