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
  type AnswerKey,
  type Answers,
} from './dataModel';
import { when, type BranchGroup, type ConditionCatalogue } from './conditions';
import { resolveOptionSource, type CollegeLists, type OptionList } from './options';
import type { PublicCollegeConfig } from '../college/schema';
import type { PageId } from './pages';
import { SECTIONS, YES, type AddAnotherId, type Question, type SectionId } from './questionModel';
import { address, citizenship, ethnicity, legacy, parents, personal, religion, siblings } from './questions/aboutYou';
import { activities, enrolment, essay, highSchool, testScores } from './questions/academics';
import { legal } from './questions/finalSteps';

// The pages live in ./pages (small, for code needed on every route); re-exported here.
export { PAGES, type PageId } from './pages';
export { SECTIONS, type ConfirmTrigger, type Question, type SchoolLookup, type SectionId } from './questionModel';
export { LEGAL_AGREEMENT } from './questions/finalSteps';

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

export function maxLengthFor(question: Question, college: Pick<PublicCollegeConfig, 'essayLimit'>): number | undefined {
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
    // The two sibling groups are told apart by their titles and buttons, on the form and to a screen reader.
    buttonLabel: 'Add another sibling at this college',
    itemTitle: 'Sibling at this college {n}',
    prefixes: SIBLING_ATTENDING_PREFIXES,
    fields: SIBLING_FIELDS,
  }),
  addAnother({
    buttonId: 'sibling_apply',
    buttonLabel: 'Add another sibling applying',
    itemTitle: 'Sibling applying {n}',
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

type Tab = {
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
