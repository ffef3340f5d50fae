/**
 * The system ids under which the root application machine spawns its long-lived children (each
 * also its child id). Siblings find each other with `system.get(SYSTEM_IDS.x)`; the views subscribe
 * with the same ids. The core ones (app, session, navigation, webStatus, toasts, unexpectedError,
 * overlays) exist from the start (the inactivity actor is the session actor's child, not registered here); authCard once it is loaded (the root's `authReady` tag);
 * the form actors (answers, validation, submit, addAnother, clearGuard) once ./formActors is loaded — the
 * root's `formReady` tag — and the page-specific ones (pdfCopy, tabs, lookup, the documents) once
 * ./pageActors is, right after — its `pageActorsReady` tag.
 */
export const SYSTEM_IDS = {
  app: 'app',
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
