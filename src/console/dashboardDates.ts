/** How the dashboard writes its UTC days and times. */
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** 'Mar 2' */
export const shortDay = (day: string) => SHORT.format(dayTime(day));
/** 'March 2, 2026' */
export const longDay = (day: string) => LONG.format(dayTime(day));
/** The UTC day of a time the server wrote (ISO 8601), in words. */
export const dayOf = (iso: string) => LONG.format(Date.parse(iso));
