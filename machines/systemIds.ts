/**
 * The system ids of the long-lived actors (each also its child id where the parent names it).
 * Siblings find each other with `system.get(SYSTEM_IDS.x)`; the views subscribe with the same ids.
 * The core ones (app, session, navigation, webStatus, toasts, unexpectedError, overlays)
 * exist from the start (inactivity is the session actor's child, found through the session's view); authCard once it is loaded (the root's `authReady` tag); the
 * session's application and its form actors (answers, validation, addAnother, clearGuard) once the
 * root has spawned the application (its `formReady` tag), and the page-specific ones (submit,
 * pdfCopy, tabs, lookup, the documents) once the application has loaded them (its
 * `pageActorsReady` tag). A change of session stops the application and its children; the next
 * one registers them again.
 */
export const SYSTEM_IDS = {
  app: 'app',
  /** The session's application: it owns the form actors below. */
  application: 'application',
  session: 'session',
  navigation: 'navigation',
  webStatus: 'webStatus',
  answers: 'answers',
  validation: 'validation',
  submit: 'submit',
  toasts: 'toasts',
  /** The 'Unexpected Error' dialog, for what escaped everything else. */
  unexpectedError: 'unexpectedError',
  /** Which of the frame's overlays (Help, privacy notice, Account popover) is open. */
  overlays: 'overlays',
  pdfCopy: 'pdfCopy',
  /** The decision letter a release sent the applicant, shown on the completion page. */
  decisionLetter: 'decisionLetter',
  addAnother: 'addAnother',
  tabs: 'tabs',
  lookup: 'lookup',
  /** Asks before a choice clears typed answers. */
  clearGuard: 'clearGuard',
  /** The auth cards (login, sign-up, confirm, forgot, reset): one actor, the view names the card. */
  authCard: 'authCard',
  /** One document actor per document answer key: `document:personal_statement_doc`. */
  documentPrefix: 'document:',
} as const;

export const documentSystemId = (answerKey: string) => `${SYSTEM_IDS.documentPrefix}${answerKey}`;
