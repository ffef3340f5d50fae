import { describe, expect, it } from 'vitest';
import { ApiError } from '../../machines/api/httpClient';
import { changedAnswers, differing, unsavedKeys } from '../../machines/answerDrafts';
import { conflictingKeys, hasAnswers, afterConflict, withAnswer, withAnswers, withoutKeys } from '../../machines/answerMaps';

// Section 4 "Conditional content", on the catalogue's SAT branches: 'Y' asks for scores, 'N' for the planned date.
const TOOK_SAT = { sat_taken: 'Y', sat_score_math: '700' };

describe('answers and what they hide (section 4)', () => {
  it('clears the answers a new answer hides, and keeps the new one with its description', () => {
    expect(withAnswer(TOOK_SAT, 'sat_taken', 'N')).toMatchObject({ sat_taken: 'N', sat_score_math: '' });
    expect(withAnswer({}, 'country', 'USA', 'United States')).toMatchObject({ country: 'USA', country_desc: 'United States' });
    expect(withAnswer({ country_desc: 'Canada' }, 'country', 'USA')).toMatchObject({ country_desc: 'Canada' });
  });

  it('clears what several answers given at once hide (a restored draft, an offer taken)', () => {
    expect(withAnswers(TOOK_SAT, { sat_taken: 'N', sat_plan_month: '05' })).toEqual({
      sat_taken: 'N',
      sat_score_math: '',
      sat_plan_month: '05',
    });
    expect(withAnswers(TOOK_SAT, {})).toEqual(TOOK_SAT);
  });

  it('empties the given keys and then whatever their emptiness hides', () => {
    expect(withoutKeys(TOOK_SAT, ['sat_taken'])).toEqual({ sat_taken: '', sat_score_math: '' });
    expect(withoutKeys(TOOK_SAT, [])).toEqual(TOOK_SAT);
  });

  it('counts only answers that hold something', () => {
    expect(hasAnswers({})).toBe(false);
    expect(hasAnswers({ first_name: '', sibling_apply: false })).toBe(false);
    expect(hasAnswers({ first_name: 'Ada' })).toBe(true);
    expect(hasAnswers({ sibling_apply: true })).toBe(true);
  });
});

describe('what is not saved yet (issue 12)', () => {
  it('is what differs from the last confirmed answers', () => {
    expect(changedAnswers({ first_name: 'Ada', last_name: 'Lovelace' }, { first_name: 'Ada' })).toEqual({ last_name: 'Lovelace' });
    expect(changedAnswers({ first_name: 'Ada' }, { first_name: 'Ada' })).toEqual({});
  });

  it('names the keys, without the descriptions that go with choices', () => {
    expect(unsavedKeys({ country: 'USA', country_desc: 'United States', city: 'Boston' }, {})).toEqual(['country', 'city']);
    expect(unsavedKeys({ country_desc: 'United States' }, {})).toEqual(['country_desc']);
  });

  it('offers only answers that hold something and differ from what the account holds', () => {
    expect(differing({ first_name: 'Ada', last_name: '', sibling_apply: false, city: 'Boston' }, { city: 'Boston' })).toEqual({
      first_name: 'Ada',
    });
  });
});

describe('a save refused because another tab changed the same answers (HTTP 409)', () => {
  it('names the conflicting keys only for a 409 that lists them', () => {
    const conflict = new ApiError('Changed elsewhere.', 'http', 409, { message: 'Changed elsewhere.', conflicts: ['city'] });
    expect(conflictingKeys(conflict)).toEqual(['city']);
    expect(conflictingKeys(new ApiError('Changed elsewhere.', 'http', 409, { message: 'x' }))).toBeUndefined();
    expect(conflictingKeys(new ApiError('Bad.', 'http', 400, { message: 'x', conflicts: ['city'] }))).toBeUndefined();
    expect(conflictingKeys(undefined)).toBeUndefined();
  });

  it("keeps every answer this tab changed over the server's, and offers the other tab's where they differ", () => {
    const server = { city: 'Paris', first_name: 'Ada', last_name: 'King', essay: '' };
    const confirmed = { city: 'Boston', first_name: 'Ada', last_name: 'Byron', essay: 'Old' };
    const local = { city: 'London', first_name: 'Augusta', last_name: 'Byron', essay: 'New essay' };
    expect(afterConflict(server, local, confirmed, ['city', 'essay'])).toEqual({
      answers: { city: 'London', first_name: 'Augusta', last_name: 'King', essay: 'New essay' },
      // The other tab emptied the essay: offered as an empty answer.
      offered: { city: 'Paris', essay: '' },
    });
    // The same answer in both tabs, or one this tab no longer changes, is nothing to choose.
    expect(afterConflict({ city: 'London' }, { city: 'London' }, { city: 'Boston' }, ['city']).offered).toEqual({});
    expect(afterConflict({ city: 'Paris' }, { city: 'Boston' }, { city: 'Boston' }, ['city'])).toEqual({
      answers: { city: 'Paris' },
      offered: {},
    });
  });
});
