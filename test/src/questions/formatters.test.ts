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
