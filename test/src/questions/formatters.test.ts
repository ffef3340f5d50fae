import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '../../../src/catalogue/limits';
import { QUESTIONS } from '../../../src/catalogue/questions';
import { choiceLabel, formatDate, formatPhone, formatSsn, showBidiControls } from '../../../src/questions/formatters';

describe('input masks', () => {
  it('formats a phone number as (###) ###-#### while it is typed', () => {
    expect(['5', '555', '5552', '555234', '5552345', '5552345678'].map(formatPhone)).toEqual([
      '(5',
      '(555',
      '(555) 2',
      '(555) 234',
      '(555) 234-5',
      '(555) 234-5678',
    ]);
    expect(formatPhone('555.234.5678 ext 9')).toBe('(555) 234-5678');
    expect(formatPhone('')).toBe('');
    // The mask and the schema's pattern agree on a complete number.
    expect(PHONE_PATTERN.test(formatPhone('5552345678'))).toBe(true);
  });

  it('keeps a +1 country code and formats the US number after it', () => {
    expect(formatPhone('+1 (408) 555-0199')).toBe('+1 (408) 555-0199');
    expect(formatPhone('14085550199')).toBe('+1 (408) 555-0199');
    expect(['1', '14', '1408', '14085'].map(formatPhone)).toEqual(['+1', '+1 (4', '+1 (408', '+1 (408) 5']);
    expect(PHONE_PATTERN.test(formatPhone('+1 408 555 0199'))).toBe(true);
  });

  it('leaves a number from another country as typed', () => {
    expect(formatPhone('+84 28 3829 5000')).toBe('+84 28 3829 5000');
    expect(formatPhone('+44 (0)20 7946-0000')).toBe('+44 (0)20 7946-0000');
    expect(formatPhone('+')).toBe('+');
    // Not a US number, so the schema refuses it and the message points to the international field.
    expect(PHONE_PATTERN.test(formatPhone('+84 28 3829 5000'))).toBe(false);
  });

  it('formats an SSN as ###-##-####', () => {
    expect(['1', '123', '1234', '12345', '123456', '123456789', '1234567890'].map(formatSsn)).toEqual([
      '1',
      '123',
      '123-4',
      '123-45',
      '123-45-6',
      '123-45-6789',
      '123-45-6789',
    ]);
  });
});

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
