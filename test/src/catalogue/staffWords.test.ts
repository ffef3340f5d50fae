import { describe, expect, it } from 'vitest';
import { accessKindLabel, dayOf, formatStaffTime, longDay, shortDay, stepLabel } from '../../../src/catalogue/staffWords';

/* The words and times the console shows for what the server sends as codes and ISO times. */

describe("the console's words", () => {
  it('names each kind of access in words, and shows a kind it does not know as the server names it', () => {
    expect(accessKindLabel('application_viewed')).toBe('Viewed the application');
    expect(accessKindLabel('pdf_copy_downloaded')).toBe('Downloaded the PDF copy');
    expect(accessKindLabel('decision_released')).toBe('decision released');
    // A name that only an object's prototype knows is no kind.
    expect(accessKindLabel('constructor')).toBe('constructor');
  });

  it("names the step reached by its page's title, and none before any page", () => {
    expect(stepLabel('/education')).toBe('Your Academics');
    expect(stepLabel(null)).toBe('—');
    expect(stepLabel('/nowhere')).toBe('—');
  });

  it('writes a time in UTC, says so, and shows a missing time as a dash', () => {
    expect(formatStaffTime('2026-11-20T10:00:00.000Z')).toBe('Nov 20, 2026, 10:00 AM UTC');
    expect(formatStaffTime('2026-11-20T23:30:00.000Z')).toBe('Nov 20, 2026, 11:30 PM UTC');
    expect(formatStaffTime(null)).toBe('—');
    expect(formatStaffTime('not a time')).toBe('not a time');
  });

  it("writes the dashboard's UTC days short on the chart and long in the table, whatever the reader's time zone", () => {
    expect(shortDay('2026-03-02')).toBe('Mar 2');
    expect(longDay('2026-03-02')).toBe('March 2, 2026');
    expect(dayOf('2026-03-02T23:59:00.000Z')).toBe('March 2, 2026');
  });
});
