import { describe, expect, it } from 'vitest';
import {
  APPLICATION_MESSAGES,
  combinedErrors,
  validateApplication,
  validateField,
  type ValidationError,
} from '../../../src/catalogue/schema';
import { LEGAL_AGREEMENT } from '../../../src/catalogue/questions';
import { FIXTURE_ESSAY_LIMIT, FIXTURE_NOW, completeApplication } from '../../fixtures/completeApplication';

const options = { essayLimit: FIXTURE_ESSAY_LIMIT, now: FIXTURE_NOW };

/** Errors of the complete application with some answers changed. */
function errorsWith(changes: Record<string, unknown>, opts = options): ValidationError[] {
  return validateApplication({ ...completeApplication, ...changes }, opts);
}

function expectOnly(changes: Record<string, unknown>, key: string, message: string) {
  expect(errorsWith(changes)).toEqual([{ key, message }]);
}

describe('validateApplication', () => {
  it('accepts the complete fixture', () => {
    expect(validateApplication(completeApplication, options)).toEqual([]);
  });

  it('names the required personal fields', () => {
    expectOnly({ first_name: '' }, 'first_name', 'First name is required.');
    expectOnly({ last_name: '' }, 'last_name', 'Last name is required.');
    // The question is labelled "Sex": the message names what the applicant sees.
    expectOnly({ gender: '' }, 'gender', 'Sex is required.');
  });

  it("checks the applicant's own e-mail as the other e-mail fields are, when one is given", () => {
    const message = 'The email address you entered is invalid.';
    expectOnly({ email_address: 'minh.khai.nguyen@' }, 'email_address', message);
    expect(errorsWith({ email_address: '' })).toEqual([]);
    expect(errorsWith({ email_address: 'minh.khai.nguyen@example.edu' })).toEqual([]);
  });

  it('treats missing keys as empty answers', () => {
    const { first_name: _omitted, ...rest } = completeApplication;
    expect(validateApplication(rest, options)).toEqual([{ key: 'first_name', message: 'First name is required.' }]);
  });

  describe('birth_date', () => {
    it('is required and must be a real date', () => {
      expectOnly({ birth_date: '' }, 'birth_date', 'Date of birth is required.');
      expectOnly({ birth_date: '2008-02-30' }, 'birth_date', 'Please enter a valid date of birth.');
    });

    it('goes back at most 100 years', () => {
      const message = 'This date is not supported. Please contact help support for assistance.';
      expectOnly({ birth_date: '1925-12-31' }, 'birth_date', message);
      expect(errorsWith({ birth_date: '1926-01-01' })).toEqual([]);
    });

    it('requires an age of 13', () => {
      expectOnly({ birth_date: '2013-11-22' }, 'birth_date', 'You must be 13 years or older to apply.');
      expect(errorsWith({ birth_date: '2013-11-21' })).toEqual([]);
    });

    it('uses the injected date, not the clock', () => {
      const later = { essayLimit: 7000, now: new Date('2027-11-22T12:00:00Z') };
      expect(errorsWith({ birth_date: '2013-11-22' }, later)).toEqual([]);
      expect(errorsWith({ birth_date: '1926-06-01' }, { essayLimit: 7000, now: new Date('2027-01-01') })).toEqual([
        { key: 'birth_date', message: 'This date is not supported. Please contact help support for assistance.' },
      ]);
    });
  });

  describe('phones', () => {
    it('checks the US pattern of both numbers', () => {
      expectOnly({ phone_home: '(155) 555-0100' }, 'phone_home', 'Please enter a valid home phone number.');
      expectOnly({ phone_home: '555-155-0100' }, 'phone_home', 'Please enter a valid home phone number.');
      expectOnly({ phone_mobile: '555-0100' }, 'phone_mobile', 'Please enter a valid cell phone number.');
    });

    it('accepts formatted and plain numbers', () => {
      for (const phone of ['(555) 555-0100', '5555550100', '555-555-0100', '(212)555-0100']) {
        expect(errorsWith({ phone_home: phone, phone_mobile: phone })).toEqual([]);
      }
      expect(errorsWith({ phone_home: '' })).toEqual([]);
    });

    it('accepts a US number written with its +1 country code', () => {
      for (const phone of ['+1 (408) 555-0199', '+14085550199', '1-408-555-0199']) {
        expect(errorsWith({ phone_home: phone, phone_mobile: phone })).toEqual([]);
      }
    });

    it('sends a number from another country to the international field, by its label', () => {
      expectOnly(
        { phone_home: '+84 28 3829 5000' },
        'phone_home',
        'Home phone takes US numbers only. Please enter a number from another country under "International phone number".',
      );
      expectOnly(
        { phone_mobile: '+44 20 7946 0000' },
        'phone_mobile',
        'Cell phone takes US numbers only. Please enter a number from another country under "International phone number".',
      );
    });

    it('requires a cell phone for text updates', () => {
      expectOnly(
        { phone_mobile: '', optin_sms_ind: true },
        'phone_mobile',
        'A cell phone number is required to receive text message updates.',
      );
    });

    it('requires a home or cell phone', () => {
      expectOnly(
        { phone_home: '', phone_mobile: '', optin_sms_ind: false },
        'phone_mobile',
        'Please enter either a home phone or cell phone number.',
      );
      expect(errorsWith({ phone_mobile: '', optin_sms_ind: false })).toEqual([]);
    });

    it('lets an international number replace the home phone', () => {
      expect(errorsWith({ phone_home: '', phone_mobile: '', optin_sms_ind: false, phone_international: '+44 20 7946 0000' })).toEqual([]);
    });
  });

  describe('address', () => {
    it('requires street, city and country', () => {
      expectOnly({ address_line_1: '' }, 'address_line_1', 'Street address is required.');
      expectOnly({ city: '' }, 'city', 'City is required.');
      expect(errorsWith({ country: '', country_desc: '', state: '', state_desc: '' })).toEqual([
        { key: 'country', message: 'Country is required.' },
      ]);
    });

    it('requires a state for the USA and Canada only', () => {
      expectOnly({ state: '' }, 'state', 'State/Province is required.');
      expectOnly({ country: 'CAN', state: '', zip: 'K1A 0B1' }, 'state', 'State/Province is required.');
      expect(errorsWith({ country: 'FRA', state: '', zip: '' })).toEqual([]);
    });

    it('requires a ZIP code of 5 characters in the USA', () => {
      expectOnly({ zip: '' }, 'zip', 'ZIP/Postal Code is required.');
      expectOnly({ zip: '6270' }, 'zip', 'ZIP/Postal Code must be at least 5 characters.');
      expect(errorsWith({ country: 'DNK', state: '', zip: '1050' })).toEqual([]);
    });

    it('bounds the mailing effective date to 3 years back and 4 forward', () => {
      const mailing = {
        mailing_addr_same_as_perm_addr: 'N',
        mailing_address_line_1: 'PO Box 12',
        mailing_city: 'Springfield',
        mailing_country: 'USA',
      };
      expectOnly(
        { ...mailing, mailing_addr_effective_date: '2022-12-31' },
        'mailing_addr_effective_date',
        'The minimum supported year is 2023.',
      );
      expectOnly(
        { ...mailing, mailing_addr_effective_date: '2031-01-01' },
        'mailing_addr_effective_date',
        'The maximum supported year is 2030.',
      );
      expect(errorsWith({ ...mailing, mailing_addr_effective_date: '2023-01-01' })).toEqual([]);
      expect(errorsWith({ ...mailing, mailing_addr_effective_date: '2030-12-31' })).toEqual([]);
      // Empty or invalid dates count as no date.
      expect(errorsWith({ ...mailing, mailing_addr_effective_date: '' })).toEqual([]);
      expect(errorsWith({ ...mailing, mailing_addr_effective_date: '2025-02-30' })).toEqual([]);
    });

    it('does not validate a hidden mailing address', () => {
      expect(errorsWith({ mailing_addr_effective_date: '1990-01-01' })).toEqual([]);
    });
  });

  describe('academics', () => {
    it('requires a school, naming the field and saying how to give it', () => {
      expectOnly(
        { hs_name: '' },
        'hs_name',
        'High school name is required. Start typing to search, then pick your school or choose "Use: …".',
      );
    });

    it("checks the counselor's e-mail only when one is given", () => {
      const message = 'The counselor email address you entered is invalid.';
      expectOnly({ counselor_email_address: 'casey@' }, 'counselor_email_address', message);
      expectOnly({ counselor_email_address: 'casey@school' }, 'counselor_email_address', message);
      expect(errorsWith({ counselor_email_address: '' })).toEqual([]);
      expect(errorsWith({ counselor_email_address: 'casey@school.org' })).toEqual([]);
    });

    it('checks SAT section scores from 200 to 800 in steps of 10', () => {
      expectOnly({ sat_score_math: '805' }, 'sat_score_math', APPLICATION_MESSAGES.satMath);
      expectOnly({ sat_score_math: '655' }, 'sat_score_math', APPLICATION_MESSAGES.satMath);
      expectOnly({ sat_score_reading_writing: '190' }, 'sat_score_reading_writing', APPLICATION_MESSAGES.satReadingWriting);
      expectOnly({ sat_score_reading_writing: 'abc' }, 'sat_score_reading_writing', APPLICATION_MESSAGES.satReadingWriting);
      expect(APPLICATION_MESSAGES.satMath).toBe('SAT Math score must be a number from 200 to 800 in steps of 10.');
      expect(errorsWith({ sat_score_math: '200', sat_score_reading_writing: '800' })).toEqual([]);
      expect(errorsWith({ sat_score_math: '' })).toEqual([]);
    });

    it('checks SAT essay scores from 2 to 8', () => {
      expectOnly({ sat_score_essay_reading: '9' }, 'sat_score_essay_reading', APPLICATION_MESSAGES.satEssayReading);
      expectOnly({ sat_score_essay_analysis: '1' }, 'sat_score_essay_analysis', APPLICATION_MESSAGES.satEssayAnalysis);
      expectOnly({ sat_score_essay_writing: 'x' }, 'sat_score_essay_writing', APPLICATION_MESSAGES.satEssayWriting);
      expect(errorsWith({ sat_score_essay_reading: '2', sat_score_essay_writing: '8' })).toEqual([]);
    });

    it('skips SAT scores unless the SAT was taken', () => {
      expect(errorsWith({ sat_taken: 'N', sat_score_math: '999' })).toEqual([]);
    });

    it('checks the ACT composite from 1 to 36 when the ACT was taken', () => {
      const taken = { act_taken: 'Y', act_plan_month: '', act_plan_year: '' };
      expectOnly({ ...taken, act_score_composite: '37' }, 'act_score_composite', APPLICATION_MESSAGES.actComposite);
      expectOnly({ ...taken, act_score_composite: '0' }, 'act_score_composite', APPLICATION_MESSAGES.actComposite);
      expect(errorsWith({ ...taken, act_score_composite: '36' })).toEqual([]);
      expect(errorsWith({ ...taken, act_score_composite: '' })).toEqual([]);
      expect(errorsWith({ act_score_composite: '99' })).toEqual([]);
    });

    it('requires an entry term and a major', () => {
      expectOnly({ entry_term: '' }, 'entry_term', 'Please choose a term for "When do you plan to start?".');
      expectOnly({ applied_major: '' }, 'applied_major', 'Please choose a program for "What would you like to study?".');
    });

    it('limits the essay to the college limit and accepts null', () => {
      expectOnly({ personal_statement_essay: 'x'.repeat(7001) }, 'personal_statement_essay', 'Please use at most 7000 characters.');
      expect(errorsWith({ personal_statement_essay: 'x'.repeat(7000) })).toEqual([]);
      expect(errorsWith({ personal_statement_essay: null })).toEqual([]);
      expect(errorsWith({ personal_statement_essay: 'x'.repeat(1600) }, { essayLimit: 1500, now: FIXTURE_NOW })).toEqual([
        { key: 'personal_statement_essay', message: 'Please use at most 1500 characters.' },
      ]);
    });

    it('limits text inputs to 45 characters', () => {
      expectOnly({ middle_name: 'x'.repeat(46) }, 'middle_name', 'Please use at most 45 characters.');
    });
  });

  describe('final steps', () => {
    it('requires the conduct questions and their explanations', () => {
      expectOnly({ conviction: '' }, 'conviction', APPLICATION_MESSAGES.convictionRequired);
      expectOnly({ conviction: 'Y' }, 'conviction_comment', APPLICATION_MESSAGES.convictionCommentRequired);
      expectOnly({ suspended: '' }, 'suspended', APPLICATION_MESSAGES.suspendedRequired);
      expectOnly({ suspended: 'Y' }, 'suspended_comment', APPLICATION_MESSAGES.suspendedCommentRequired);
      expectOnly({ counselor_waiver_request: '' }, 'counselor_waiver_request', APPLICATION_MESSAGES.waiverRequired);
      expect(errorsWith({ conviction: 'Y', conviction_comment: 'A speeding ticket.' })).toEqual([]);
    });

    it('requires the certification', () => {
      const message = 'Please tick the box to certify that the information on this application is complete and correct.';
      expectOnly({ legal_agree: false }, 'legal_agree', message);
      expectOnly({ legal_agree: '' }, 'legal_agree', message);
      expect(LEGAL_AGREEMENT.startsWith('I certify that the information on this application is complete and correct ')).toBe(true);
    });
  });

  describe('parents', () => {
    it('prefixes parent messages with the parent number', () => {
      expectOnly({ parent_email_address: 'morgan@' }, 'parent_email_address', 'Parent 1/Guardian 1: Please enter a valid email address.');
      expectOnly({ parent_phone: '123' }, 'parent_phone', 'Parent 1/Guardian 1: Please enter a valid phone number.');
      expectOnly({ parent_2_email_address: 'x' }, 'parent_2_email_address', 'Parent 2/Guardian 2: Please enter a valid email address.');
      expectOnly({ parent_2_phone: '000-000-0000' }, 'parent_2_phone', 'Parent 2/Guardian 2: Please enter a valid phone number.');
      expect(errorsWith({ parent_email_address: '', parent_phone: '' })).toEqual([]);
    });
  });

  it('reports wrong value types', () => {
    expectOnly({ first_name: 42 }, 'first_name', 'This answer must be text.');
    expectOnly({ race_asian: 'yes' }, 'race_asian', 'This answer must be checked or unchecked.');
    expect(validateApplication('nope', options)).toEqual([{ key: '', message: 'The answers must be an object.' }]);
  });

  it('lists errors once, in page order', () => {
    const errors = errorsWith({ legal_agree: false, first_name: '', hs_name: '' });
    expect(errors.map((error) => error.key)).toEqual(['first_name', 'hs_name', 'legal_agree']);
    expect(new Set(errors.map((error) => `${error.key}|${error.message}`)).size).toBe(errors.length);
  });
});

describe('validateField and combinedErrors', () => {
  it('returns the messages of one field', () => {
    const answers = { ...completeApplication, phone_mobile: '', optin_sms_ind: true };
    expect(validateField('phone_mobile', answers, options)).toEqual(['A cell phone number is required to receive text message updates.']);
    expect(validateField('first_name', answers, options)).toEqual([]);
  });

  it('combines a month and a year select without repeating a message', () => {
    const tooLong = 'x'.repeat(50);
    expect(combinedErrors('grad_month', 'grad_year', { ...completeApplication, grad_month: tooLong, grad_year: tooLong }, options)).toEqual(
      ['Please use at most 45 characters.'],
    );
    expect(combinedErrors('first_name', 'last_name', { ...completeApplication, first_name: '', last_name: '' }, options)).toEqual([
      'First name is required.',
      'Last name is required.',
    ]);
  });
});
