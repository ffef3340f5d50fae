/**
 * Calendar dates as the date field stores them: ISO 'YYYY-MM-DD'.
 *
 * Dates are compared as UTC calendar days so a rule gives the same answer on
 * the server and in any browser time zone (an applicant near midnight may be a
 * day early or late; no rule is that tight).
 */
import { ISO_DATE_PATTERN } from '../limits';

export type CalendarDate = { readonly year: number; readonly month: number; readonly day: number };

/** Parses an ISO date; returns undefined for anything that is not a real day. */
export function parseIsoDate(value: string): CalendarDate | undefined {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2025-02-30 over to March; a round trip exposes it.
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== undefined;
}

export function today(now: Date): CalendarDate {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/** Negative when a is before b. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Whole years from `birth` to `on`; a 29 February birthday counts from 1 March. */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}
