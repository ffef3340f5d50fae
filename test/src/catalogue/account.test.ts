import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  PASSWORD_REQUIREMENTS,
  confirmSchema,
  firstIssueMessages,
  forgotSchema,
  formIssues,
  loginSchema,
  normaliseUsername,
  passwordRequirementStates,
  resendSchema,
  resetSchema,
  signupSchema,
} from '../../../src/catalogue/schema';

const GOOD_PASSWORD = 'Correct-Horse-9';
const RESET_ID = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

function messages(schema: v.GenericSchema, input: unknown) {
  return formIssues(v.safeParse(schema, input));
}

describe('usernames', () => {
  it('are trimmed and lower-cased', () => {
    expect(normaliseUsername('  Avery.Example@Example.COM ')).toBe('avery.example@example.com');
    const result = v.safeParse(loginSchema, { username: ' Avery@Example.com ', password: 'x' });
    expect(result.success && result.output.username).toBe('avery@example.com');
  });

  it('must be e-mail addresses', () => {
    expect(messages(signupSchema, { username: 'avery', password: GOOD_PASSWORD })).toEqual({
      username: ['Your email address must be valid.'],
    });
    expect(messages(loginSchema, { username: 'avery@', password: 'x' })).toEqual({
      username: ['Please provide a valid email address.'],
    });
    expect(messages(forgotSchema, { username: '' })).toEqual({ username: ['Your email address must be valid.'] });
    expect(messages(resendSchema, { username: 'nope' })).toEqual({
      username: ['You must provide a valid email address to resend a confirmation code.'],
    });
    expect(messages(confirmSchema, { username: 'a b@c.d', code: '123456' })).toEqual({
      username: ['Your email address must be valid.'],
    });
  });
});

describe('login', () => {
  it('requires a password but does not check its strength', () => {
    expect(messages(loginSchema, { username: 'avery@example.com', password: '' })).toEqual({
      password: ['Password is required.'],
    });
    expect(v.safeParse(loginSchema, { username: 'avery@example.com', password: 'weak' }).success).toBe(true);
  });
});

describe('sign-up passwords', () => {
  it('lists the requirement texts in order', () => {
    expect(PASSWORD_REQUIREMENTS.map((requirement) => requirement.text)).toEqual([
      'is at least 12 characters',
      'contains at least one uppercase letter',
      'contains at least one lowercase letter',
      'contains at least one number',
      'contains at least one special character',
      'does not begin or end with whitespace',
    ]);
  });

  it('accepts a strong password', () => {
    expect(v.safeParse(signupSchema, { username: 'avery@example.com', password: GOOD_PASSWORD }).success).toBe(true);
  });

  it('reports each broken requirement', () => {
    expect(messages(signupSchema, { username: 'avery@example.com', password: ' abc ' }).password).toEqual([
      'Choose a password that is at least 12 characters.',
      'Choose a password that contains at least one uppercase letter.',
      'Choose a password that contains at least one number.',
      'Choose a password that contains at least one special character.',
      'Choose a password that does not begin or end with whitespace.',
    ]);
    expect(messages(signupSchema, { username: 'avery@example.com', password: 'ALLUPPERCASE-1' }).password).toEqual([
      'Choose a password that contains at least one lowercase letter.',
    ]);
    expect(messages(signupSchema, { username: 'avery@example.com', password: '' }).password).toEqual(['Password is required.']);
  });

  it('accepts up to 256 characters', () => {
    const long = `Aa1!${'x'.repeat(252)}`;
    expect(v.safeParse(signupSchema, { username: 'avery@example.com', password: long }).success).toBe(true);
    expect(messages(signupSchema, { username: 'avery@example.com', password: `${long}x` }).password).toEqual([
      'Password must be at most 256 characters.',
    ]);
  });
});

describe('passwordRequirementStates', () => {
  it('is inactive for an empty password', () => {
    expect(passwordRequirementStates('').map((item) => item.state)).toEqual(Array(6).fill('inactive'));
  });

  it('marks each requirement as success or error', () => {
    expect(Object.fromEntries(passwordRequirementStates('abc ').map((item) => [item.id, item.state]))).toEqual({
      length: 'error',
      uppercase: 'error',
      lowercase: 'success',
      number: 'error',
      special: 'error',
      whitespace: 'error',
    });
    expect(passwordRequirementStates(GOOD_PASSWORD).every((item) => item.state === 'success')).toBe(true);
  });
});

describe('confirm', () => {
  it('needs exactly 6 digits', () => {
    const message = 'The confirmation code must be exactly 6 numbers.';
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(messages(confirmSchema, { username: 'avery@example.com', code })).toEqual({ code: [message] });
    }
    const result = v.safeParse(confirmSchema, { username: 'avery@example.com', code: ' 123456 ' });
    expect(result.success && result.output.code).toBe('123456');
  });
});

describe('reset', () => {
  const valid = { username: 'avery@example.com', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: RESET_ID };

  it('accepts a valid reset', () => {
    expect(v.safeParse(resetSchema, valid).success).toBe(true);
  });

  it('requires matching passwords', () => {
    expect(messages(resetSchema, { ...valid, confirm_password: 'Correct-Horse-8' })).toEqual({
      confirm_password: ['passwords must match'],
    });
  });

  it('applies the password rules', () => {
    expect(messages(resetSchema, { ...valid, password: 'short', confirm_password: 'short' }).password).toContain(
      'Choose a password that is at least 12 characters.',
    );
  });

  it('checks the reset id', () => {
    const message = 'This password reset link is invalid. Please request a new one.';
    for (const id of ['', 'abc', `${RESET_ID.slice(1)}`, `${RESET_ID}/`]) {
      expect(messages(resetSchema, { ...valid, id })).toEqual({ id: [message] });
    }
    expect(v.safeParse(resetSchema, { ...valid, id: 'f'.repeat(64) }).success).toBe(true);
  });
});

describe('form issue helpers', () => {
  it('group messages by field and keep the first', () => {
    const result = v.safeParse(signupSchema, { username: 'x', password: 'abc' });
    expect(firstIssueMessages(result)).toEqual({
      username: 'Your email address must be valid.',
      password: 'Choose a password that is at least 12 characters.',
    });
    expect(formIssues(v.safeParse(signupSchema, { username: 'a@b.co', password: GOOD_PASSWORD }))).toEqual({});
  });
});
