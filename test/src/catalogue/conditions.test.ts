import { describe, expect, it } from 'vitest';
import {
  clearKeys,
  evaluateCondition,
  evaluateRule,
  hiddenKeysToClear,
  keysToClearOnChange,
  visibility,
  when,
  type ConditionCatalogue,
  type ConditionRule,
} from '../../../src/catalogue/conditions';
import { CONDITION_CATALOGUE } from '../../../src/catalogue/questions';
import { completeApplication } from '../../fixtures/completeApplication';

const rule = (operator: ConditionRule['operator'], target?: ConditionRule['target']): ConditionRule => ({
  valueKey: 'x',
  operator,
  target,
});

describe('evaluateRule', () => {
  it('equals and notEquals', () => {
    expect(evaluateRule(rule('equals', 'Y'), { x: 'Y' })).toBe(true);
    expect(evaluateRule(rule('equals', 'Y'), { x: 'N' })).toBe(false);
    expect(evaluateRule(rule('equals', 'Y'), {})).toBe(false);
    expect(evaluateRule(rule('equals', true), { x: true })).toBe(true);
    expect(evaluateRule(rule('equals', false), { x: '' })).toBe(true);
    expect(evaluateRule(rule('equals', 3), { x: '3' })).toBe(true);
    expect(evaluateRule(rule('notEquals', 'Y'), { x: 'N' })).toBe(true);
    expect(evaluateRule(rule('notEquals', 'Y'), {})).toBe(true);
    expect(evaluateRule(rule('notEquals', 'Y'), { x: 'Y' })).toBe(false);
  });

  it('lt, lte, gt and gte compare numbers, and strings such as ISO dates', () => {
    expect(evaluateRule(rule('lt', 10), { x: '9' })).toBe(true);
    expect(evaluateRule(rule('lt', 10), { x: '10' })).toBe(false);
    expect(evaluateRule(rule('lte', 10), { x: '10' })).toBe(true);
    expect(evaluateRule(rule('gt', '9'), { x: '10' })).toBe(true);
    expect(evaluateRule(rule('gte', 10), { x: '10' })).toBe(true);
    expect(evaluateRule(rule('gte', 10), { x: '9.5' })).toBe(false);
    expect(evaluateRule(rule('lt', '2026-01-01'), { x: '2025-12-31' })).toBe(true);
    expect(evaluateRule(rule('gt', '2026-01-01'), { x: '2025-12-31' })).toBe(false);
  });

  it('no ordering holds for an empty answer', () => {
    for (const operator of ['lt', 'lte', 'gt', 'gte'] as const) {
      expect(evaluateRule(rule(operator, 0), { x: '' })).toBe(false);
      expect(evaluateRule(rule(operator, 0), {})).toBe(false);
    }
  });

  it('answered and notAnswered', () => {
    expect(evaluateRule(rule('answered'), { x: 'a' })).toBe(true);
    expect(evaluateRule(rule('answered'), { x: true })).toBe(true);
    expect(evaluateRule(rule('answered'), { x: false })).toBe(false);
    expect(evaluateRule(rule('answered'), { x: '' })).toBe(false);
    expect(evaluateRule(rule('notAnswered'), {})).toBe(true);
    expect(evaluateRule(rule('notAnswered'), { x: 'a' })).toBe(false);
  });

  it('in and notIn', () => {
    expect(evaluateRule(rule('in', ['USA', 'CAN']), { x: 'CAN' })).toBe(true);
    expect(evaluateRule(rule('in', ['USA', 'CAN']), { x: 'FRA' })).toBe(false);
    expect(evaluateRule(rule('in', ['USA', 'CAN']), {})).toBe(false);
    expect(evaluateRule(rule('notIn', ['USA', 'CAN']), { x: 'FRA' })).toBe(true);
    expect(evaluateRule(rule('notIn', ['USA', 'CAN']), { x: 'USA' })).toBe(false);
  });
});

describe('condition groups', () => {
  const yes = when.equals('a', 'Y');
  const no = when.equals('b', 'Y');

  it('combine with all, any and not', () => {
    expect(evaluateCondition(when.all(yes, no), { a: 'Y', b: 'Y' })).toBe(true);
    expect(evaluateCondition(when.all(yes, no), { a: 'Y', b: 'N' })).toBe(false);
    expect(evaluateCondition(when.any(yes, no), { a: 'N', b: 'Y' })).toBe(true);
    expect(evaluateCondition(when.any(yes, no), {})).toBe(false);
    expect(evaluateCondition(when.not(yes), {})).toBe(true);
    expect(evaluateCondition({ all: [] }, {})).toBe(true);
    expect(evaluateCondition({ any: [] }, {})).toBe(false);
  });
});

const catalogue: ConditionCatalogue = {
  sections: [{ id: 'extra', condition: when.equals('show_extra', 'Y') }],
  fields: [
    { key: 'show_extra', valueType: 'string', hasDesc: true },
    { key: 'extra_note', valueType: 'string', hasDesc: false, section: 'extra' },
    { key: 'extra_flag', valueType: 'boolean', hasDesc: false, section: 'extra' },
    { key: 'pet', valueType: 'string', hasDesc: true },
    { key: 'dog_name', valueType: 'string', hasDesc: false },
    { key: 'cat_name', valueType: 'string', hasDesc: false },
    { key: 'pet_note', valueType: 'string', hasDesc: false, condition: when.answered('dog_name') },
    { key: 'country', valueType: 'string', hasDesc: true },
    {
      key: 'state',
      valueType: 'string',
      hasDesc: true,
      conditionalSelect: { mode: 'displayAndOptions', controllingKey: 'country', optionsByValue: { USA: 'usStates', NOWHERE: [{}] } },
    },
    {
      key: 'visa',
      valueType: 'string',
      hasDesc: true,
      condition: when.equals('citizen', 'N'),
      conditionalSelect: { mode: 'displayOnly', controllingKey: 'citizen' },
    },
    { key: 'citizen', valueType: 'string', hasDesc: true },
  ],
  branchGroups: [
    {
      id: 'pet',
      branches: [
        { when: when.in('pet', ['dog', 'both']), keys: ['dog_name', 'pet_note'] },
        { when: when.in('pet', ['cat', 'both']), keys: ['cat_name'] },
      ],
    },
  ],
};

describe('visibility', () => {
  it('hides a section whose condition is false', () => {
    expect(visibility({}, catalogue)('extra_note')).toBe(false);
    expect(visibility({ show_extra: 'Y' }, catalogue)('extra_note')).toBe(true);
  });

  it('shows only the first true branch of a group', () => {
    const both = visibility({ pet: 'both', dog_name: 'Rex' }, catalogue);
    expect([both('dog_name'), both('cat_name')]).toEqual([true, false]);
    const cat = visibility({ pet: 'cat' }, catalogue);
    expect([cat('dog_name'), cat('cat_name')]).toEqual([false, true]);
    const none = visibility({}, catalogue);
    expect([none('dog_name'), none('cat_name')]).toEqual([false, false]);
  });

  it('is transitive: a field reading a hidden answer is hidden', () => {
    expect(visibility({ pet: 'dog', dog_name: 'Rex' }, catalogue)('pet_note')).toBe(true);
    expect(visibility({ pet: 'cat', dog_name: 'Rex' }, catalogue)('pet_note')).toBe(false);
  });

  it('hides a displayAndOptions select without options for the controlling answer', () => {
    expect(visibility({ country: 'USA' }, catalogue)('state')).toBe(true);
    expect(visibility({ country: 'FRA' }, catalogue)('state')).toBe(false);
    expect(visibility({ country: 'NOWHERE' }, catalogue)('state')).toBe(false);
  });

  it('treats unknown keys such as _desc companions as visible', () => {
    expect(visibility({}, catalogue)('pet_desc')).toBe(true);
  });
});

describe('clearing', () => {
  it('clears hidden answers and their _desc companions', () => {
    const answers = {
      show_extra: 'N',
      extra_note: 'old',
      extra_flag: true,
      pet: 'cat',
      dog_name: 'Rex',
      cat_name: 'Tom',
      country: 'FRA',
      state: 'Texas',
      state_desc: 'Texas',
    };
    expect(hiddenKeysToClear(answers, catalogue).sort()).toEqual(['dog_name', 'extra_flag', 'extra_note', 'state', 'state_desc'].sort());
    expect(clearKeys(answers, ['extra_flag', 'dog_name'], catalogue)).toMatchObject({ extra_flag: false, dog_name: '' });
  });

  it('keeps unanswered hidden keys out of the list', () => {
    expect(hiddenKeysToClear({}, catalogue)).toEqual([]);
  });

  it('clears a conditional select and its _desc when its controlling answer changes', () => {
    const answers = { country: 'USA', state: 'Texas', state_desc: 'Texas' };
    // Still USA, but a different controlling value means a different list.
    expect(keysToClearOnChange('country', answers, catalogue)).toEqual(['state', 'state_desc']);
    expect(keysToClearOnChange('pet', answers, catalogue)).toEqual([]);
    const visa = { citizen: 'N', visa: 'F1', visa_desc: 'F-1' };
    expect(keysToClearOnChange('citizen', visa, catalogue)).toEqual(['visa', 'visa_desc']);
  });

  it('adds whatever the change hid', () => {
    expect(keysToClearOnChange('pet', { pet: 'cat', dog_name: 'Rex', pet_note: 'good boy' }, catalogue).sort()).toEqual([
      'dog_name',
      'pet_note',
    ]);
  });
});

describe('the real catalogue', () => {
  it('leaves nothing to clear in the complete application', () => {
    expect(hiddenKeysToClear(completeApplication, CONDITION_CATALOGUE)).toEqual([]);
  });

  it('hides the mailing address when it is the permanent one', () => {
    const answers = { ...completeApplication, mailing_city: 'Elsewhere', mailing_state: 'Ohio', mailing_state_desc: 'Ohio' };
    expect(hiddenKeysToClear(answers, CONDITION_CATALOGUE).sort()).toEqual(['mailing_city', 'mailing_state', 'mailing_state_desc']);
  });

  it('swaps SAT scores for SAT plans', () => {
    const answers = { ...completeApplication, sat_taken: 'N', sat_plan_month: '5', sat_plan_month_desc: 'May' };
    expect(hiddenKeysToClear(answers, CONDITION_CATALOGUE).sort()).toEqual(['sat_score_math', 'sat_score_reading_writing']);
  });

  it('clears the state and relatives when their controlling answers change', () => {
    const moved = { ...completeApplication, country: 'CAN', country_desc: 'Canada' };
    expect(keysToClearOnChange('country', moved, CONDITION_CATALOGUE)).toEqual(['state', 'state_desc']);
    const noLegacy = { ...completeApplication, legacy_ind: 'N' };
    expect(keysToClearOnChange('legacy_ind', noLegacy, CONDITION_CATALOGUE).sort()).toEqual(
      ['legacy_first_name', 'legacy_last_name', 'legacy_relationship', 'legacy_relationship_desc'].sort(),
    );
  });

  it('shows permanent-resident and international questions only to them', () => {
    const resident = visibility({ citizenship_type: 'PERMANENT_RESIDENT' }, CONDITION_CATALOGUE);
    expect([resident('alien_registration_number'), resident('citizenship'), resident('citizenship_visa_status')]).toEqual([
      true,
      true,
      false,
    ]);
    const citizen = visibility({ citizenship_type: 'US_CITIZEN' }, CONDITION_CATALOGUE);
    expect([citizen('alien_registration_number'), citizen('citizenship')]).toEqual([false, false]);
  });

  it('hides the mailing state when the mailing address is hidden, even for the USA', () => {
    const isVisible = visibility({ mailing_addr_same_as_perm_addr: 'Y', mailing_country: 'USA' }, CONDITION_CATALOGUE);
    expect(isVisible('mailing_state')).toBe(false);
    expect(visibility({ mailing_addr_same_as_perm_addr: 'N', mailing_country: 'USA' }, CONDITION_CATALOGUE)('mailing_state')).toBe(true);
  });

  it('shows the mailing address only once the applicant said it differs (issue 13)', () => {
    expect(visibility({ mailing_addr_same_as_perm_addr: '' }, CONDITION_CATALOGUE)('mailing_address_line_1')).toBe(false);
    expect(visibility({ mailing_addr_same_as_perm_addr: 'N' }, CONDITION_CATALOGUE)('mailing_address_line_1')).toBe(true);
  });
});

describe('test-score branches', () => {
  it('shows the TOEFL score only when TOEFL was taken, and the plan fields only when not', async () => {
    const { visibility } = await import('../../../src/catalogue/conditions');
    const { CONDITION_CATALOGUE } = await import('../../../src/catalogue/questions');
    const unanswered = visibility({}, CONDITION_CATALOGUE);
    const taken = visibility({ toefl_taken: 'Y' }, CONDITION_CATALOGUE);
    const notTaken = visibility({ toefl_taken: 'N' }, CONDITION_CATALOGUE);
    expect([unanswered('toefl_score'), taken('toefl_score'), notTaken('toefl_score')]).toEqual([false, true, false]);
    expect([taken('toefl_plan_year'), notTaken('toefl_plan_year')]).toEqual([false, true]);
  });
});
