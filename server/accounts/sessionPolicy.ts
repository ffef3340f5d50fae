/** A session ends after 15 minutes idle (the inactivity limit) and after 12 hours at most. */
export const SESSION_IDLE_MS = 15 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen is written at most this often: one write per request would double the cost of every read. */
export const SESSION_TOUCH_INTERVAL_MS = 15 * 1000;

export const SESSION_COOKIE = 'sid';

export const CONFIRMATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const CONFIRMATION_CODE_MAX_FAILURES = 5;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
