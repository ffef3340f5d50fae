import { describe, expect, it } from 'vitest';
import * as limits from '../../../src/catalogue/limits';

describe('limits', () => {
  it('hold the numbers of specification section 9', () => {
    expect(limits).toMatchObject({
      INACTIVITY_TIMEOUT_MS: 900000,
      INACTIVITY_WARNING_MS: 60000,
      CONFIRMATION_CODE_LENGTH: 6,
      MIN_PASSWORD_LENGTH: 12,
      DEFAULT_MAX_LENGTH: 45,
      ADD_ANOTHER_MAX: 10,
      ADD_ANOTHER_DEFAULT: 1,
      TEXTAREA_MAX_LENGTH: 1500,
      TEXTAREA_ROWS: 6,
      DEFAULT_ESSAY_LIMIT: 7000,
      FILE_MAX_BYTES: 1048576,
      FILE_NAME_MAX_LENGTH: 32,
      FILE_TYPES: ['png', 'jpeg', 'jpg', 'pdf', 'docx'],
      MIN_AGE_YEARS: 13,
      BIRTH_YEARS_BACK: 100,
      SAT_SECTION_SCORE: { min: 200, max: 800, step: 10 },
      SAT_ESSAY_SCORE: { min: 2, max: 8 },
      ACT_COMPOSITE_SCORE: { min: 1, max: 36 },
      MAILING_DATE_WINDOW: { yearsBack: 3, yearsForward: 4 },
      ZIP_MIN_LENGTH: 5,
      DOCUMENT_POLL_MS: 2000,
      PDF_POLL_FIRST_MS: 1000,
      PDF_POLL_MS: 600000,
      WEB_STATUS_RETRIES: 2,
      TOAST_MS: 5000,
      ERROR_TOAST_MS: 300000,
      SWIPE_THRESHOLD_PX: 50,
      LOOKUP_MAX_RESULTS: 5,
      LOOKUP_DEBOUNCE_MS: 200,
      LOOKUP_MAX_WAIT_MS: 500,
      POPOVER_OFFSET: 5,
      BUTTON_SIZES: { next: { width: '15rem', height: '3rem' }, submit: { width: '10rem', height: '3rem' } },
      VALIDATION_CACHE_SIZE: 512,
      DEVELOPMENT_MODE: 'development',
    });
  });

  it('hold the modal and loading sizes of specification section 3', () => {
    expect(limits.MODAL_SIZES).toEqual({ desktop: { xs: '30rem', s: '60rem', m: '80vw' }, tablet: { xs: '30rem', s: '70vw', m: '90vw' } });
    expect(Object.values(limits.LOADING_SIZES)).toEqual(['0.4rem', '0.8rem', '2rem']);
  });

  it('words the file messages as the specification does', () => {
    expect(limits.FILE_MESSAGES.tooLarge).toBe('Your file is too large. The maximum file size is 1 MB.');
    expect(limits.FILE_MESSAGES.wrongType).toBe('You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx');
    expect(limits.FILE_MESSAGES.empty).toBe('Your file is empty. Please upload a non-empty file.');
  });

  it('phone pattern: US style, area code and exchange start with 2-9, +1 country code allowed', () => {
    for (const phone of [
      '(212) 555-0100',
      '(212)555-0100',
      '212-555-0100',
      '2125550100',
      '212 555 0100',
      '+1 212 555 0100',
      '+1 (212) 555-0100',
    ]) {
      expect(limits.PHONE_PATTERN.test(phone), phone).toBe(true);
    }
    for (const phone of ['(112) 555-0100', '212-155-0100', '555-0100', '212-555-010', '+44 20 7946 0000', '+2 212 555 0100', '']) {
      expect(limits.PHONE_PATTERN.test(phone), phone).toBe(false);
    }
  });
});
