/**
 * The shape of a catalogue question and the helpers the per-page question lists are written
 * with: the sections of each page, default lengths by input kind, inline option lists.
 */
import { type AnswerKey } from './dataModel';
import { type Condition, type ConditionalField } from './conditions';
import { CANADA, USA, withEmptyOption, type Option, type OptionList, type OptionListName, type OptionSource } from './options';
import { DATE_LENGTH, DEFAULT_MAX_LENGTH, DOCUMENT_ANSWERED, SSN_LENGTH, TEXTAREA_MAX_LENGTH, TEXTAREA_ROWS } from './limits';
import { DEFAULT_PAGE, type PageId } from './pages';
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

type QuestionKind =
  'text' | 'textarea' | 'date' | 'ssn' | 'phone' | 'email' | 'select' | 'radio' | 'checkbox' | 'document' | 'schoolSearch';

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
  /** On the first checkbox of a run that answers one question (which races, which grades): that question, the run's legend. */
  readonly groupLabel?: string;
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

export type QuestionSpec = Omit<Question, 'page' | 'section' | 'valueType' | 'hasDesc' | 'maxLength'> & {
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

export function section(id: SectionId, specs: readonly QuestionSpec[]): Question[] {
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

export const options = (...pairs: [value: string, label: string][]): OptionList =>
  withEmptyOption(pairs.map(([value, label]): Option => ({ value, label })));

export const CITIZENSHIP = {
  usCitizen: 'US_CITIZEN',
  dualCitizen: 'DUAL_CITIZEN',
  permanentResident: 'PERMANENT_RESIDENT',
  international: 'INTERNATIONAL',
} as const;

export const RELATIVE_OPTIONS = options(
  ['MOTHER', 'Mother'],
  ['FATHER', 'Father'],
  ['GRANDPARENT', 'Grandparent'],
  ['SIBLING', 'Brother or sister'],
  ['AUNT_UNCLE', 'Aunt or uncle'],
  ['OTHER', 'Other relative'],
);

export const OTHER = 'OTHER';
export const YES = 'Y';
export const NO = 'N';

/** displayAndOptions: US states for the USA, provinces for Canada, no field elsewhere. */
export const stateSelect = (controllingKey: AnswerKey): QuestionSelect => ({
  mode: 'displayAndOptions',
  controllingKey,
  optionsByValue: { [USA]: 'usStates', [CANADA]: 'caProvinces' },
});

/** Fields of one add-another slot, keyed by the field suffix. */
export function slotQuestions<F extends string>(
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
