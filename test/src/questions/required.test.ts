import { describe, expect, it } from 'vitest';
import { requiredKeys } from '../../../src/questions/required';

describe('required questions, as the schema decides', () => {
  it('marks the always-required questions of an empty application', () => {
    const required = requiredKeys({});
    for (const key of ['first_name', 'last_name', 'gender', 'birth_date', 'address_line_1', 'city', 'country', 'hs_name']) {
      expect(required.has(key), key).toBe(true);
    }
    for (const key of ['middle_name', 'religious_preference', 'phone_home']) expect(required.has(key), key).toBe(false);
    expect(required.has('legal_agree')).toBe(true);
  });

  it('follows the answers: state and ZIP for the United States, a comment after a Yes', () => {
    expect(requiredKeys({ country: 'USA' }).has('zip')).toBe(true);
    expect(requiredKeys({ country: 'FRA' }).has('zip')).toBe(false);
    expect(requiredKeys({ country: 'USA' }).has('state')).toBe(true);
    expect(requiredKeys({ conviction: 'Y' }).has('conviction_comment')).toBe(true);
    expect(requiredKeys({ conviction: 'N' }).has('conviction_comment')).toBe(false);
  });

  it('asks for a cell phone only while there is no other number', () => {
    expect(requiredKeys({}).has('phone_mobile')).toBe(true);
    expect(requiredKeys({ phone_home: '(555) 234-5678' }).has('phone_mobile')).toBe(false);
    expect(requiredKeys({ phone_home: '(555) 234-5678', optin_sms_ind: true }).has('phone_mobile')).toBe(true);
  });
});
