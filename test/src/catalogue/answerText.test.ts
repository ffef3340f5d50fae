import { describe, expect, it } from 'vitest';
import { validateApplication, type ValidationError } from '../../../src/catalogue/schema';
import { phoneRulesReady } from '../../../src/catalogue/schema/phone';
import { FIXTURE_ESSAY_LIMIT, FIXTURE_NOW, completeApplication } from '../../fixtures/completeApplication';

// The page validates with the same catalogue as the server, so it shows these messages beside the answer.
const options = { essayLimit: FIXTURE_ESSAY_LIMIT, now: FIXTURE_NOW };
const errorsWith = (changes: Record<string, unknown>): ValidationError[] =>
  validateApplication({ ...completeApplication, ...changes }, options);

describe('what a text answer may hold, as the page checks it', () => {
  it('takes a required answer only with a visible character, and checks it without its surrounding spaces', () => {
    for (const blank of ['   ', '\u200B', '\u2060 \u3164', '\t ']) {
      expect(errorsWith({ first_name: blank }), JSON.stringify(blank)).toEqual([{ key: 'first_name', message: 'First name is required.' }]);
    }
    expect(errorsWith({ first_name: '  Ann  ', email_address: ' ann@example.org ' })).toEqual([]);
  });

  it('names the answer that holds a line break, a control, a text-direction or a broken character', () => {
    expect(errorsWith({ city: 'Hanoi\nSSN: 000-00-0000' })).toEqual([
      { key: 'city', message: 'City: please keep this answer on one line.' },
    ]);
    expect(errorsWith({ city: 'Ha\u001bnoi' })[0]?.message).toBe('City: please remove the invisible control character.');
    expect(errorsWith({ last_name: 'Nguy\u2067en' })[0]?.message).toBe(
      'Last name (family name): please remove the invisible text-direction character.',
    );
    expect(errorsWith({ city: 'Ha\uDC00noi' })[0]?.message).toBe('City: please type this answer again (it holds a broken character).');
    expect(errorsWith({ personal_statement_essay: 'One.\r\n\r\nTwo.\nThree.' })).toEqual([]);
  });
});

describe('phone numbers from any country', () => {
  it('takes a parent’s number from abroad as the applicant’s international number, judged by libphonenumber-js', async () => {
    await phoneRulesReady;
    expect(errorsWith({ parent_phone: '+84 903 111 222', phone_international: '+44 20 7946 0000' })).toEqual([]);
    expect(errorsWith({ parent_phone: '(555) 555-0144' })).toEqual([]);
    // The shape of a number is not enough: +84 with ten digits that no Vietnamese number has.
    expect(errorsWith({ parent_phone: '+84 000 000 0000' })).toEqual([
      { key: 'parent_phone', message: 'Parent 1/Guardian 1: Please enter a valid phone number.' },
    ]);
    expect(errorsWith({ phone_international: '+44 1' })).toEqual([
      {
        key: 'phone_international',
        message: 'International phone number: Please enter a valid phone number, starting with + and the country code.',
      },
    ]);
  });
});
