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

/** A staff session ends after 15 minutes idle and 8 hours in all; its cookie is its own. */
export const STAFF_SESSION_IDLE_MS = 15 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
/** Between the password and the second factor of a staff sign-in. */
export const STAFF_SECOND_FACTOR_MS = 5 * 60 * 1000;
export const STAFF_SESSION_COOKIE = 'staff_sid';
/** How long a second factor confirmed again opens what needs it (an export with sensitive answers). */
export const STAFF_FACTOR_CONFIRMED_MS = 5 * 60 * 1000;
export const STAFF_INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** After an invitation is accepted, its page may still add a passkey to the account for this long. */
export const STAFF_PASSKEY_ENROLMENT_MS = 15 * 60 * 1000;
/** A passkey challenge is answered once, within this time. */
export const STAFF_PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;
