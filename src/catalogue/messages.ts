/**
 * Messages of spec sections 2, 4 and 8 that both the server and the page show: written once here.
 * Kept tiny and free of imports, because the actors every page loads read it.
 */
export const GENERIC_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";
export const SESSION_INVALID_MESSAGE = 'Your session is invalid. Please clear your cookies and login again.';
export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';
export const INACTIVITY_LOGOUT_MESSAGE = 'You have been automatically logged out due to inactivity.';
/** A submit whose save found answers another tab or window had changed: nothing was submitted. */
export const SUBMIT_CONFLICT_MESSAGE =
  'Some answers were changed in another tab or window. This page now shows them: please check them and submit again.';
