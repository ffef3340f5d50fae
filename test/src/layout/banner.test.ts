import { describe, expect, it } from 'vitest';
import { bannerShown, bannerVariant, inBannerWindow, isoDay } from '../../../src/layout/banner';

const student = { webStatus: 'started' as const, isLoggedIn: true, hasChangedPage: false, numLogins: 1 };

describe('the welcome banner (section 1)', () => {
  it('shows when submitted, when nobody is logged in, or before the first page change of a logged-in applicant', () => {
    expect(bannerShown(student)).toBe(true);
    expect(bannerShown({ ...student, hasChangedPage: true })).toBe(false);
    expect(bannerShown({ ...student, hasChangedPage: true, webStatus: 'submitted' })).toBe(true);
    expect(bannerShown({ ...student, hasChangedPage: true, isLoggedIn: false })).toBe(true);
    expect(bannerShown({ ...student, numLogins: 0 })).toBe(false);
  });

  it('picks the text by login count', () => {
    expect(bannerVariant({ isLoggedIn: false, numLogins: 0 })).toBe('visitor');
    expect(bannerVariant({ isLoggedIn: true, numLogins: 1 })).toBe('firstLogin');
    expect(bannerVariant({ isLoggedIn: true, numLogins: 2 })).toBe('returning');
    expect(bannerVariant({ isLoggedIn: true, numLogins: 9 })).toBe('returning');
    // A submitted application is not "almost finished" (issue 13).
    expect(bannerVariant({ isLoggedIn: true, numLogins: 2, webStatus: 'submitted' })).toBe('submitted');
    expect(bannerVariant({ isLoggedIn: true, numLogins: 1, webStatus: 'submitted' })).toBe('submitted');
  });

  it('adds the date variant from the start date to the end date, both included', () => {
    const window = { startDate: '2026-09-01', endDate: '2027-01-15' };
    expect(inBannerWindow(window, '2026-08-31')).toBe(false);
    expect(inBannerWindow(window, '2026-09-01')).toBe(true);
    expect(inBannerWindow(window, '2027-01-15')).toBe(true);
    expect(inBannerWindow(window, '2027-01-16')).toBe(false);
  });

  it('compares calendar days in local time', () => {
    expect(isoDay(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });
});
