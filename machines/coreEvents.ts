import type { Answers } from '../src/catalogue/dataModel';
import type { ValidationError } from '../src/catalogue/schema/application';
import type { WebStatusValue } from './api/responses';

/**
 * Events between the root app machine and its core children (session, navigation, web status,
 * answers, validation, submit). The vocabulary shared with every actor is in ./events.
 */

/** null: a profile without any status yet (or nobody logged in). */
export type WebStatus = WebStatusValue | null;

/** Web status actor → root, navigation, validation, submit, whenever the status changes. */
export type WebStatusChangedEvent = { type: 'webStatus.changed'; webStatus: WebStatus };

/** Root → navigation after the profile loaded: an applicant goes to the saved last_page unless they changed page. */
export type RestoreEvent = { type: 'navigation.restore'; lastPage: string | null; hasChangedPage: boolean };

/** Answers → validation after Save or Next: the answers as saved are checked, and the errors reported. */
export type ValidationPostEvent = { type: 'validation.post'; answers: Answers };

/** Submit → validation when the submit sequence checks the answers it saved: the page's errors are checked again too. */
export type ValidationCheckEvent = { type: 'validation.check'; answers: Answers };

/**
 * Submit → validation when POST /api/submit refuses the application (422): the server's errors
 * join the page's own, so the summary and the fields show what the server found.
 */
export type ValidationServerErrorsEvent = {
  type: 'validation.serverErrors';
  errors: ValidationError[];
  /** The answers the refused submit sent: each server error stands while its answer is as sent. */
  answers: Answers;
};

/** Children → root. */
export type RootReportEvent =
  | { type: 'app.sessionStarted' }
  | { type: 'app.sessionEnded' }
  /** The first page-change action sets has_changed_page. */
  | { type: 'app.pageChanged' }
  /** Navigation: the applicant is in the form area or on /completion, which need the form actors. */
  | { type: 'app.formArea' }
  /** Navigation: the applicant is on an auth card, which needs the auth card actor. */
  | { type: 'app.authArea' }
  /**
   * A form actor could not load what the page shows (add-another counts, tab choices, a document
   * answer): the page would be untrue, so the root error screen takes it (docs/behaviour.md "Which errors are
   * the page's"). An action's failure is a toast instead.
   */
  | PageFailedEvent
  /** Submit: the application was submitted; when, and the server's reference number. */
  | SubmittedEvent;

export type SubmittedEvent = { type: 'app.submitted'; submittedAt: number; reference: string };

/** When the application was submitted and its reference number, once it was. */
export type Submission = { submittedAt: number; reference: string } | null;

/** See RootReportEvent: a load the page cannot be shown without failed (never a 401: that is the session's). */
export type PageFailedEvent = { type: 'app.pageFailed'; message: string };
