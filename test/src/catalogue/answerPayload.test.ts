import { describe, expect, it } from 'vitest';
import { validateAnswerPayload } from '../../../src/catalogue/schema';
import { loadCollegeConfig } from '../../../src/college/load';
import { completeApplication } from '../../fixtures/completeApplication';

const college = loadCollegeConfig();

function refusal(payload: unknown) {
  const result = validateAnswerPayload(payload, college);
  expect(result.ok).toBe(false);
  return result.ok ? undefined : { key: result.key, message: result.message };
}

describe('validateAnswerPayload', () => {
  it('accepts a realistic full application unchanged', () => {
    const result = validateAnswerPayload(completeApplication, college);
    expect(result).toEqual({ ok: true, answers: { ...completeApplication } });
  });

  it('accepts a partial save and stores text without its surrounding spaces', () => {
    expect(validateAnswerPayload({ first_name: '  Avery ' }, college)).toEqual({
      ok: true,
      answers: { first_name: 'Avery' },
    });
    expect(validateAnswerPayload({}, college)).toEqual({ ok: true, answers: {} });
  });

  it('refuses anything but a plain object', () => {
    for (const payload of [null, 'answers', 42, ['first_name'], new Date()]) {
      expect(refusal(payload)).toEqual({ key: undefined, message: 'The answers must be a JSON object.' });
    }
  });

  it('refuses unknown keys, naming them', () => {
    expect(refusal({ first_name: 'Avery', foo_bar: 'x' })).toEqual({ key: 'foo_bar', message: 'Unknown answer key: foo_bar.' });
    // Only select and radio questions have a _desc companion.
    expect(refusal({ first_name_desc: 'x' })).toEqual({
      key: 'first_name_desc',
      message: 'Unknown answer key: first_name_desc.',
    });
    expect(refusal(JSON.parse('{"__proto__": "x"}'))).toEqual({
      key: '__proto__',
      message: 'Unknown answer key: __proto__.',
    });
  });

  it('refuses wrong value types', () => {
    expect(refusal({ first_name: 5 })).toEqual({ key: 'first_name', message: 'Answer first_name must be text.' });
    expect(refusal({ first_name: null })).toEqual({ key: 'first_name', message: 'Answer first_name must be text.' });
    expect(refusal({ legal_agree: 'yes' })).toEqual({
      key: 'legal_agree',
      message: 'Answer legal_agree must be true or false.',
    });
    expect(refusal({ gender_desc: false })).toEqual({ key: 'gender_desc', message: 'Answer gender_desc must be text.' });
  });

  it("accepts '' as the empty answer of a checkbox", () => {
    expect(validateAnswerPayload({ legal_agree: '', race_asian: false }, college).ok).toBe(true);
  });

  it('turns a null essay into an empty answer', () => {
    expect(validateAnswerPayload({ personal_statement_essay: null }, college)).toEqual({
      ok: true,
      answers: { personal_statement_essay: '' },
    });
  });

  it('refuses over-long values, naming the key and the limit', () => {
    expect(refusal({ first_name: 'x'.repeat(46) })).toEqual({
      key: 'first_name',
      message: 'Answer first_name must be at most 45 characters.',
    });
    expect(refusal({ personal_statement_essay: 'x'.repeat(7001) })).toEqual({
      key: 'personal_statement_essay',
      message: 'Answer personal_statement_essay must be at most 7000 characters.',
    });
    expect(refusal({ conviction_comment: 'x'.repeat(1501) })?.message).toBe('Answer conviction_comment must be at most 1500 characters.');
    expect(refusal({ gender_desc: 'x'.repeat(201) })?.message).toBe('Answer gender_desc must be at most 200 characters.');
    expect(validateAnswerPayload({ personal_statement_essay: 'x'.repeat(7000) }, college).ok).toBe(true);
  });

  it('refuses values that are not among the options, naming the key', () => {
    expect(refusal({ gender: 'Q' })).toEqual({ key: 'gender', message: 'Answer gender is not one of the available options.' });
    expect(refusal({ entry_term: '1999FA' })?.message).toBe('Answer entry_term is not one of the available options.');
    expect(refusal({ country: 'XXX' })?.key).toBe('country');
    expect(refusal({ citizenship: 'USA' })?.key).toBe('citizenship');
    expect(refusal({ grad_year: '27' })?.key).toBe('grad_year');
    expect(refusal({ sat_taken: 'yes' })?.key).toBe('sat_taken');
  });

  it('accepts every option list the catalogue uses', () => {
    const answers = {
      state: 'Ontario',
      mailing_state: 'Armed Forces Europe',
      country: 'CAN',
      citizenship: 'FRA',
      grad_month: '12',
      grad_year: '2019',
      entry_term: '2028SP',
      applied_major: 'UND',
      decision_type: 'ED',
      housing_preference: 'COMMUTE',
      gender: '',
    };
    expect(validateAnswerPayload(answers, college)).toEqual({ ok: true, answers });
  });

  it('accepts only empty or ANSWERED for documents', () => {
    expect(validateAnswerPayload({ personal_statement_doc: 'ANSWERED' }, college).ok).toBe(true);
    expect(refusal({ personal_statement_doc: 'file.pdf' })).toEqual({
      key: 'personal_statement_doc',
      message: 'Answer personal_statement_doc must be empty or ANSWERED.',
    });
  });

  it('refuses control characters, naming the answer by its label; a text area keeps its line breaks only', () => {
    expect(refusal({ first_name: 'Ave\u0000ry' })).toEqual({
      key: 'first_name',
      message: 'First name: please remove the invisible control character.',
    });
    expect(refusal({ city: 'Hanoi\u0007' })?.message).toBe('City: please remove the invisible control character.');
    expect(refusal({ city: 'Hanoi\u0085' })?.message).toBe('City: please keep this answer on one line.');
    expect(refusal({ gender_desc: 'Fe\u001bmale' })?.key).toBe('gender_desc');
    expect(validateAnswerPayload({ conviction_comment: 'Line one\r\nLine two\nLine three' }, college).ok).toBe(true);
    expect(refusal({ conviction_comment: 'Line one\tLine\u001btwo' })?.message).toBe(
      'Please tell us what happened and what you learned from it: please remove the invisible control character.',
    );
  });

  it('refuses line breaks in single-line answers, text-direction characters and broken characters anywhere', () => {
    expect(refusal({ city: 'Hanoi\nSSN: 000-00-0000' })).toEqual({
      key: 'city',
      message: 'City: please keep this answer on one line.',
    });
    expect(refusal({ city: 'Ha\rnoi' })?.key).toBe('city');
    expect(refusal({ last_name: 'Nguy\u202Een' })).toEqual({
      key: 'last_name',
      message: 'Last name (family name): please remove the invisible text-direction character.',
    });
    for (const mark of ['\u200E', '\u200F', '\u061C', '\u2066', '\u2069', '\u202A']) {
      expect(refusal({ personal_statement_essay: `Text${mark}` })?.key).toBe('personal_statement_essay');
    }
    expect(refusal({ city: 'Ha\uD800noi' })).toEqual({
      key: 'city',
      message: 'City: please type this answer again (it holds a broken character).',
    });
    expect(validateAnswerPayload({ city: 'Thành phố Hồ Chí Minh 😀' }, college).ok).toBe(true);
  });

  it('takes long school names and address lines, and refuses what is longer, naming the limit', () => {
    const school = 'Trường THPT Chuyên Lê Hồng Phong, TP. Hồ Chí Minh';
    expect(validateAnswerPayload({ hs_name: school, address_line_1: school, activity_name: school }, college).ok).toBe(true);
    expect(refusal({ hs_name: 'x'.repeat(101) })).toEqual({ key: 'hs_name', message: 'Answer hs_name must be at most 100 characters.' });
    expect(refusal({ address_line_1: 'x'.repeat(101) })?.message).toBe('Answer address_line_1 must be at most 100 characters.');
  });
});
