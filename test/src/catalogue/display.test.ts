import { describe, expect, it } from 'vitest';
import { choiceLabel, formatDate, showBidiControls } from '../../../src/catalogue/display';
import { QUESTIONS } from '../../../src/catalogue/questions';

describe('how staff read an answer', () => {
  const lists = { entryTerms: [], majors: [{ value: 'BIO', label: 'Biology' }], decisionTypes: [], housingOptions: [] };
  const question = (key: string) => QUESTIONS.find((candidate) => candidate.key === key)!;

  it('writes a date in words, the same in the staff view and the PDF copy', () => {
    expect(formatDate('2008-05-17')).toBe('May 17, 2008');
    expect(formatDate('2008-12-01')).toBe('December 1, 2008');
    // Not a date: shown as stored rather than as "Invalid Date".
    expect(formatDate('17/05/2008')).toBe('17/05/2008');
  });

  it('shows the catalogue label of the stored value, whatever `_desc` text is stored beside it', () => {
    expect(choiceLabel(question('conviction'), { conviction: 'Y', conviction_desc: 'No' }, lists)).toBe('Yes');
    expect(choiceLabel(question('country'), { country: 'USA', country_desc: 'Approved by Dean' }, lists)).toBe('United States');
    expect(choiceLabel(question('applied_major'), { applied_major: 'BIO', applied_major_desc: 'Biology (ADMITTED)' }, lists)).toBe(
      'Biology',
    );
    // A value no longer in the list is shown as stored, never by its `_desc`.
    expect(choiceLabel(question('applied_major'), { applied_major: 'OLD', applied_major_desc: 'Admitted' }, lists)).toBe('OLD');
    expect(choiceLabel(question('conviction'), {}, lists)).toBe('');
  });

  it('shows bidirectional controls as their code points and leaves other text alone', () => {
    expect(showBidiControls('cv\u202Efdp.exe')).toBe('cv[U+202E]fdp.exe');
    expect(showBidiControls('\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069')).toBe(
      '[U+200E][U+200F][U+061C][U+202A][U+202B][U+202C][U+202D][U+2066][U+2067][U+2068][U+2069]',
    );
    expect(showBidiControls('Nguyễn עברית العربية')).toBe('Nguyễn עברית العربية');
  });
});
