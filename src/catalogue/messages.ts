/**
 * Messages that both the server and the page show: written once here.
 * Kept tiny and free of imports, because the actors every page loads read it.
 */
export const GENERIC_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";
export const SESSION_INVALID_MESSAGE = 'Your session is invalid. Please clear your cookies and login again.';
export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';
export const INACTIVITY_LOGOUT_MESSAGE = 'You have been automatically logged out due to inactivity.';
/** A submit whose save found answers another tab or window had changed: nothing was submitted. */
export const SUBMIT_CONFLICT_MESSAGE =
  'Some answers were changed in another tab or window. This page keeps what you typed: choose which answers to keep, then submit again.';
/** Log Out goes to /login with a message in state; the applicant chose to leave. */
export const LOGOUT_MESSAGE = 'You have logged out. Log in again to continue your application.';
/** The 'Still working?' modal's Logout: the applicant chose to leave when asked, nothing timed out. */
export const INACTIVITY_CHOSEN_LOGOUT_MESSAGE =
  'You logged out when asked whether you were still working. Log in again to continue your application.';
/** /login when a session ended while answers were not saved yet (kept on the device for the next login). */
export const SESSION_ENDED_UNSAVED_MESSAGE =
  'Your session ended before your latest answers were saved. They are kept on this device: log in again to save them.';
