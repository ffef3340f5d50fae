import { describe, expect, it } from 'vitest';
import { QUESTIONS, SECTIONS } from '../../../src/catalogue/questions';
import { blockKeys, sectionBlocks, slotBlocks } from '../../../src/questions/layout';

const keysOf = (section: (typeof SECTIONS)[number]['id']) => sectionBlocks(section).flatMap(blockKeys);

describe('section layout', () => {
  it('places every question of every section exactly once', () => {
    for (const section of SECTIONS) {
      const expected = QUESTIONS.filter((q) => q.section === section.id).map((q) => q.key);
      expect([...keysOf(section.id)].sort()).toEqual([...expected].sort());
    }
  });

  it('pairs month and year selects', () => {
    const pairs = SECTIONS.flatMap((s) => sectionBlocks(s.id)).filter((block) => block.type === 'monthYear');
    expect(pairs.map(blockKeys)).toContainEqual(['grad_month', 'grad_year']);
    expect(pairs.map(blockKeys)).toContainEqual(['sat_plan_month', 'sat_plan_year']);
  });

  it('puts an add-another group right after the yes/no question it depends on', () => {
    const kinds = sectionBlocks('siblings').map((block) => (block.type === 'group' ? block.group.buttonId : blockKeys(block)[0]));
    expect(kinds).toEqual(['sibling_attend', 'sibling_attending', 'sibling_apply', 'sibling_apply']);
  });

  it('keeps the tabbed personal statement together', () => {
    const [tabs] = sectionBlocks('essay');
    expect(tabs?.type).toBe('tabs');
    expect(tabs && blockKeys(tabs)).toEqual(['personal_statement_essay', 'personal_statement_doc']);
  });

  it('groups the checkboxes of a run, also inside a slot', () => {
    const races = sectionBlocks('ethnicity').find((block) => block.type === 'checks');
    expect(races && blockKeys(races)).toEqual(['race_american_indian', 'race_asian', 'race_black', 'race_native_hawaiian', 'race_white']);
    const activity = sectionBlocks('activities')[0];
    if (activity?.type !== 'group') throw new Error('activities should be a group');
    const second = slotBlocks(activity.questions, 1);
    expect(second.map((block) => block.type)).toEqual(['question', 'checks', 'question', 'question', 'question']);
    expect(blockKeys(second[1]!)).toEqual(['activity_2_freshman', 'activity_2_sophomore', 'activity_2_junior', 'activity_2_senior']);
  });
});
