import { describe, expect, it } from 'vitest';
import { DATA_MODEL_KEYS, isDataModelKey } from '../../../src/catalogue/dataModel';
import { optionLabel, resolveOptionSource } from '../../../src/catalogue/options';
import {
  ADD_ANOTHER_GROUPS,
  BOOLEAN_KEYS,
  DOCUMENT_KEYS,
  PAGES,
  QUESTIONS,
  QUESTION_BY_KEY,
  SECTIONS,
  SUMMARY_PAGES,
  TAB_GROUPS,
  isAnswerKey,
  maxLengthFor,
  optionsFor,
  slotKeys,
  slotTitle,
} from '../../../src/catalogue/questions';
import { loadCollegeConfig } from '../../../src/college/load';
import { FIXTURE_NOW, completeApplication } from '../../fixtures/completeApplication';

const college = loadCollegeConfig();
const question = (key: string) => {
  const found = QUESTION_BY_KEY.get(key);
  if (!found) throw new Error(`no question ${key}`);
  return found;
};

describe('data model', () => {
  it('has every key once and no _desc companions', () => {
    expect(new Set(DATA_MODEL_KEYS).size).toBe(DATA_MODEL_KEYS.length);
    expect(DATA_MODEL_KEYS.some((key) => key.endsWith('_desc'))).toBe(false);
  });

  it('generates the repeated groups of the specification', () => {
    for (const key of [
      'legacy_relationship',
      'legacy_4_last_name',
      'activity_name',
      'activity_2_freshman',
      'activity_4_continue',
      'sibling_attending_name',
      'sibling_attending_4_year',
      'sibling_apply_last_name',
      'sibling_apply_3_year',
      'parent_education_other',
      'parent_2_addr_same_as_stu_perm',
      'parent_communication_preference',
      'personal_statement_doc',
    ]) {
      expect(isDataModelKey(key)).toBe(true);
    }
    expect(isDataModelKey('legacy_5_first_name')).toBe(false);
    expect(isDataModelKey('parent_2_communication_preference')).toBe(false);
    expect(DATA_MODEL_KEYS.filter((key) => key.startsWith('activity'))).toHaveLength(32);
  });
});

describe('question catalogue', () => {
  it('describes exactly the data model keys', () => {
    expect(QUESTIONS.map((q) => q.key).sort()).toEqual([...DATA_MODEL_KEYS].sort());
  });

  it('maps sections to pages as the specification says', () => {
    expect(PAGES.map((page) => [page.id, page.title, page.route])).toEqual([
      ['about', 'About You', '/about'],
      ['education', 'Your Academics', '/education'],
      ['final-steps', 'Final Steps', '/final-steps'],
    ]);
    const pageOf = Object.fromEntries(SECTIONS.map((section) => [section.id, section.page]));
    expect(pageOf).toEqual({
      personal: 'about',
      address: 'about',
      citizenship: 'about',
      ethnicity: 'about',
      legacy: 'about',
      parents: 'about',
      siblings: 'about',
      religion: 'about',
      enrolment: 'education',
      high_school: 'education',
      test_scores: 'education',
      activities: 'education',
      essay: 'education',
      legal: 'final-steps',
    });
    for (const q of QUESTIONS) expect(q.page).toBe(pageOf[q.section]);
    expect(question('entry_term').page).toBe('education');
    expect(question('legal_agree').page).toBe('final-steps');
  });

  it('gives select and radio questions options and a _desc companion', () => {
    for (const q of QUESTIONS) {
      const choice = q.kind === 'select' || q.kind === 'radio';
      expect(q.hasDesc).toBe(choice);
      if (choice) expect(q.options).toBeDefined();
      expect(q.label.length).toBeGreaterThan(0);
    }
  });

  it('has boolean checkboxes', () => {
    expect(BOOLEAN_KEYS).toEqual(QUESTIONS.filter((q) => q.kind === 'checkbox').map((q) => q.key));
    expect(BOOLEAN_KEYS).toEqual(
      expect.arrayContaining(['race_asian', 'legal_agree', 'optin_sms_ind', 'sat_taken_unsure', 'activity_3_senior']),
    );
    expect(BOOLEAN_KEYS).not.toContain('mailing_addr_same_as_perm_addr');
  });

  it('accepts catalogue keys and the _desc companions of choices only', () => {
    expect(isAnswerKey('first_name')).toBe(true);
    expect(isAnswerKey('gender_desc')).toBe(true);
    expect(isAnswerKey('first_name_desc')).toBe(false);
    expect(isAnswerKey('legal_agree_desc')).toBe(false);
    expect(isAnswerKey('foo_bar')).toBe(false);
    expect(isAnswerKey('_desc')).toBe(false);
  });

  it('limits lengths: 45 by default, 1500 for text areas, the college limit for the essay', () => {
    expect(maxLengthFor(question('first_name'), college)).toBe(45);
    expect(maxLengthFor(question('conviction_comment'), college)).toBe(1500);
    expect(question('conviction_comment').rows).toBe(6);
    expect(maxLengthFor(question('personal_statement_essay'), college)).toBe(7000);
    expect(maxLengthFor(question('personal_statement_essay'), { essayLimit: 2000 })).toBe(2000);
    expect(maxLengthFor(question('legal_agree'), college)).toBeUndefined();
  });

  it('marks sensitive answers', () => {
    expect(QUESTIONS.filter((q) => q.sensitive).map((q) => q.key)).toEqual(['ssn', 'alien_registration_number']);
  });

  it('offers state options by country', () => {
    const state = question('state');
    expect(optionsFor(state, { country: 'USA' }, college)).toContainEqual({ value: 'Texas', label: 'Texas' });
    expect(optionsFor(state, { country: 'CAN' }, college)).toContainEqual({ value: 'Ontario', label: 'Ontario' });
    expect(optionsFor(state, { country: 'CAN' }, college)).not.toContainEqual({ value: 'Texas', label: 'Texas' });
    expect(optionsFor(state, { country: 'FRA' }, college)).toEqual([]);
    expect(optionsFor(question('entry_term'), {}, college)[1]).toEqual({ value: '2027FA', label: 'Fall 2027' });
  });

  it('has a fixture whose _desc companions match the option labels', () => {
    for (const q of QUESTIONS.filter((item) => item.hasDesc)) {
      const value = String(completeApplication[q.key]);
      const label = optionLabel(optionsFor(q, completeApplication, college, FIXTURE_NOW), value);
      expect(completeApplication[`${q.key}_desc`], q.key).toBe(label);
    }
    expect(Object.keys(completeApplication).every(isAnswerKey)).toBe(true);
  });
});

describe('add-another groups', () => {
  it('lists the groups with their prefixes and at most 10 slots', () => {
    expect(ADD_ANOTHER_GROUPS.map((group) => [group.buttonId, group.max])).toEqual([
      ['legacy', 4],
      ['parents', 2],
      ['sibling_attending', 4],
      ['sibling_apply', 4],
      ['activities', 4],
    ]);
    const legacy = ADD_ANOTHER_GROUPS[0]!;
    expect(legacy.prefixes).toEqual(['legacy_', 'legacy_2_', 'legacy_3_', 'legacy_4_']);
    expect(legacy.fields).toEqual(['relationship', 'first_name', 'last_name']);
    expect(slotKeys(legacy, 1)).toEqual(['legacy_2_relationship', 'legacy_2_first_name', 'legacy_2_last_name']);
    expect(slotKeys(legacy, 9)).toEqual([]);
    expect(slotTitle(ADD_ANOTHER_GROUPS[1]!, 1)).toBe('Parent 2/Guardian 2');
  });

  it('tags every slot question with its group and slot', () => {
    for (const group of ADD_ANOTHER_GROUPS) {
      group.prefixes.forEach((_prefix, slot) => {
        for (const key of slotKeys(group, slot)) {
          expect(question(key).addAnother).toEqual({ buttonId: group.buttonId, slot });
        }
      });
    }
  });
});

describe('tabs, documents and summary', () => {
  it('writes or uploads the personal statement', () => {
    expect(TAB_GROUPS).toHaveLength(1);
    const [group] = TAB_GROUPS;
    expect(group?.tabId).toBe('personal_statement');
    expect(group?.defaultTab).toBe('write');
    expect(group?.tabs.map((tab) => [tab.id, tab.keys, tab.clears, tab.documentKey])).toEqual([
      ['write', ['personal_statement_essay'], ['personal_statement_essay'], undefined],
      ['upload', ['personal_statement_doc'], ['personal_statement_doc'], 'personal_statement_doc'],
    ]);
    expect(DOCUMENT_KEYS).toEqual(['personal_statement_doc']);
  });

  it('maps every key to exactly one summary page', () => {
    const all = Object.values(SUMMARY_PAGES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...DATA_MODEL_KEYS].sort());
    expect(SUMMARY_PAGES['final-steps']).toContain('legal_agree');
  });

  it("a sibling's start and graduation years begin with one not yet under way (issue 13)", () => {
    const firstYear = (key: string, now: Date) => resolveOptionSource(question(key).options!, college, now)[1]?.value;
    // November 2026: the 2026 intake has started and the class of 2026 has graduated.
    const november = new Date('2026-11-24T12:00:00Z');
    expect(firstYear('sibling_apply_year', november)).toBe('2027');
    expect(firstYear('sibling_attending_year', november)).toBe('2027');
    // March 2027: both are still ahead.
    const march = new Date('2027-03-10T12:00:00Z');
    expect(firstYear('sibling_apply_year', march)).toBe('2027');
    expect(firstYear('sibling_attending_year', march)).toBe('2027');
  });

  it('year sources follow the injected date', () => {
    const years = resolveOptionSource(question('grad_year').options!, college, FIXTURE_NOW);
    // Four years ahead at most, listed nearest first around the coming graduation (2027 in November 2026).
    expect(years.map((year) => year.value)).toContain('2030');
    expect(years.map((year) => year.value)).not.toContain('2031');
    expect(years[1]?.value).toBe('2027');
    const later = resolveOptionSource(question('grad_year').options!, college, new Date('2027-11-21T12:00:00Z'));
    expect(later[1]?.value).toBe('2028');
  });
});
