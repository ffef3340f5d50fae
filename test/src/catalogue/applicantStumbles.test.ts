import { describe, expect, it } from 'vitest';
import demoCollege from '../../../src/college/demo-college.json';
import { PASTE_MESSAGES } from '../../../src/catalogue/answerMessages';
import { validateApplication } from '../../../src/catalogue/schema/application';
import { ADD_ANOTHER_GROUPS, QUESTIONS, QUESTION_BY_KEY, optionsFor, slotTitle } from '../../../src/catalogue/questions';
import { countStatus } from '../../../src/ui/CharacterCount';
import { FIXTURE_ESSAY_LIMIT, FIXTURE_NOW, completeApplication } from '../../fixtures/completeApplication';

const college = demoCollege as unknown as Parameters<typeof optionsFor>[2];
const errorsOf = (answers: Record<string, unknown>) => validateApplication(answers, { essayLimit: FIXTURE_ESSAY_LIMIT, now: FIXTURE_NOW });

describe('the graduation year', () => {
  const years = (now: Date) => optionsFor(QUESTION_BY_KEY.get('grad_year')!, {}, college, now).map((option) => option.value);

  it('lists the coming graduation year first and the furthest years last, not the furthest first', () => {
    // November 2026: the class of 2027 is the one applying.
    expect(years(FIXTURE_NOW).slice(0, 6)).toEqual(['', '2027', '2028', '2026', '2029', '2025']);
    expect(years(FIXTURE_NOW).at(-1)).toBe('2017');
    // In May the class of this year has not graduated yet.
    expect(years(new Date('2027-05-10T12:00:00Z'))[1]).toBe('2027');
    // The same years as before, only in another order.
    expect(new Set(years(FIXTURE_NOW)).size).toBe(15);
  });

  it('may not come after the year of the term the applicant plans to start', () => {
    const late = errorsOf({ ...completeApplication, entry_term: '2027FA', grad_year: '2028' });
    expect(late).toEqual([
      {
        key: 'grad_year',
        message:
          'You chose 2028 as your graduation year, after 2027, the year of the term you plan to start. Please check your graduation year.',
      },
    ]);
    expect(errorsOf({ ...completeApplication, entry_term: '2027FA', grad_year: '2027' })).toEqual([]);
    expect(errorsOf({ ...completeApplication, entry_term: '2028SP', grad_year: '2028' })).toEqual([]);
  });
});

describe('the two sibling groups', () => {
  it('have their own item titles and add buttons, so every heading and button name differs', () => {
    const [attending, applying] = ['sibling_attending', 'sibling_apply'].map((id) => ADD_ANOTHER_GROUPS.find((g) => g.buttonId === id)!);
    expect(slotTitle(attending!, 0)).not.toBe(slotTitle(applying!, 0));
    expect(attending!.buttonLabel).not.toBe(applying!.buttonLabel);
    expect([slotTitle(attending!, 0), slotTitle(applying!, 1)]).toEqual(['Sibling at this college 1', 'Sibling applying 2']);
  });
});

describe('the address', () => {
  it("asks the country before the State and ZIP it decides on, for the permanent and the mailing address and each parent's", () => {
    const order: string[] = QUESTIONS.map((question) => question.key);
    for (const prefix of ['', 'mailing_', 'parent_', 'parent_2_']) {
      expect(order.indexOf(`${prefix}country`)).toBeLessThan(order.indexOf(`${prefix}state`));
      expect(order.indexOf(`${prefix}country`)).toBeLessThan(order.indexOf(`${prefix}zip`));
    }
  });
});

describe('the character count', () => {
  it("says what is left, or how many are too many (GOV.UK's words)", () => {
    expect(countStatus(40, 45)).toBe('You have 5 characters remaining');
    expect(countStatus(44, 45)).toBe('You have 1 character remaining');
    expect(countStatus(50, 45)).toBe('You have 5 characters too many');
    expect(countStatus(8239, 7000)).toBe('You have 1,239 characters too many');
  });

  it('tells a paste over the limit how much to shorten, not that nothing was pasted', () => {
    expect(PASTE_MESSAGES.tooLong(1239, 7000)).toBe(
      'What you pasted takes this answer 1,239 characters over the 7,000-character limit: please shorten it by 1,239.',
    );
  });
});
