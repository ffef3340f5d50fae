import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '../../../src/catalogue/limits';
import { formatPhone, formatSsn } from '../../../src/questions/formatters';

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
