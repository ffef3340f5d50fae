import type { AnswerValue } from '../src/catalogue/dataModel';

/**
 * Events that cross from one actor to another (or from the views to an actor). Each actor's own
 * internal events stay in its file; these are the shared vocabulary, so senders and receivers agree.
 */

type ToastSeverity = 'success' | 'error';
export interface ToastRequest {
  severity: ToastSeverity;
  /** 'Error' / 'Success', or '{card name} Error', 'Resend Confirmation Code Error'… */
  title: string;
  message: string;
}
/**
 * To the toasts actor (system id 'toasts'). The session actor sends `toast.sessionStarted` at a
 * login (the toasts shown while logged out go) and `toast.sessionEnded` when a session ends.
 */
export type ToastEvent =
  | { type: 'toast.show'; toast: ToastRequest }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.sessionStarted' }
  | { type: 'toast.sessionEnded' };

/** Navigation state carried between routes. */
export interface NavigationState {
  answers?: Record<string, AnswerValue>;
  username?: string;
  errorMessage?: string;
  successMessage?: string;
}

/**
 * How the browser came to a location: the page's first location, a new history entry, a
 * replaced one (a redirect), or the Back/Forward buttons.
 */
export type HistoryAction = 'initial' | 'push' | 'replace' | 'pop';

/**
 * To the navigation actor (system id 'navigation'). `navigate` asks for a route change; the
 * navigation actor emits `{ type: 'navigate', to, state, replace }` for the router's bridge
 * (src/app/NavigationBridge.tsx). `location.changed` is sent by that bridge whenever the router's
 * location changes (`action` defaults to 'push').
 */
export type NavigationEvent =
  | { type: 'navigate'; to: string; state?: NavigationState; replace?: boolean }
  | { type: 'location.changed'; pathname: string; search: string; hash: string; state?: NavigationState; action?: HistoryAction };

/** What the navigation actor emits for the router's bridge: the router performs it. */
export type NavigateEmitted = { type: 'navigate'; to: string; state?: NavigationState; replace?: boolean };

/**
 * To the session actor (system id 'session'): any actor whose call answered 401 sends
 * `session.unauthorised`; Log Out, inactivity and the auth cards use the others.
 */
export type SessionEvent =
  /** `message`: what /login says instead of the session-invalid message (when unsaved answers are kept on the device). */
  | { type: 'session.unauthorised'; message?: string }
  /** `message`: what /login says afterwards (the inactivity actor's reasons); without one, the applicant's own Log Out. */
  | { type: 'session.logout'; message?: string }
  | { type: 'session.loggedIn' }
  /** From the answers actor: whether it holds answers the server has not confirmed (what a 401 then tells /login). */
  | { type: 'session.answersUnsaved'; unsaved: boolean };

/** To the answers actor (system id 'answers'). */
export type AnswersEvent =
  | { type: 'answers.set'; key: string; value: AnswerValue; desc?: string }
  | { type: 'answers.clear'; keys: readonly string[] }
  /** Several answers at once, as given (an add-another item removed: the later items move down). */
  | { type: 'answers.setMany'; answers: Record<string, AnswerValue> }
  /**
   * Answers the server set itself (a document's answer once its conversion completed, or once it
   * was deleted): the page shows them as saved, not as changes of its own to save.
   */
  | { type: 'answers.confirmed'; answers: Record<string, AnswerValue> }
  /**
   * Another actor needs the answers on the server before it goes on (the submit sequence, a
   * document upload). The answers actor is the only one that saves them: it sends what changed,
   * with `If-Match`, and answers the actor registered under the system id `replyTo` with an
   * AnswersSaveReply.
   */
  | { type: 'answers.save'; replyTo: string }
  /**
   * The applicant chose to log out without the answers not saved yet (the session actor's Log Out
   * dialog): the page goes back to what the server holds and this device forgets them.
   */
  | { type: 'answers.discard' }
  /**
   * The root, just before a session ends (Log Out, inactivity, a 401): the answers not saved yet
   * stay on this device, and the next login says the session ended before they were saved.
   */
  | { type: 'answers.sessionEnded' }
  /**
   * Sign In / Create Account from the form, and the auth cards' sign-up and forgot-password links:
   * the answers actor navigates to `to` with the answers in navigation state.
   */
  | { type: 'answers.carryTo'; to: string };

/** To an applicant's document actor (system id `document:<answer key>`), from its view and from the tabs actor. */
export type DocumentEvent =
  | { type: 'document.choose'; files: readonly File[] }
  | { type: 'document.delete' }
  | { type: 'document.cancelDelete' }
  | { type: 'document.confirmDelete' }
  /** 'Choose another file': the failure is seen, its conversion deleted. */
  | { type: 'document.resetError' }
  /** The document answer known is stale (a failed tab switch was reset): fetch it again. */
  | { type: 'document.reload' }
  /** The tabs actor deleted the document and its conversion on the server. */
  | { type: 'document.cleared' }
  /** The answers actor's outcome of the save asked for when an upload started. */
  | AnswersSaveReply
  | DocumentInspectEvent
  /** Download the converted PDF: a fresh link is asked for each time. */
  | { type: 'document.download' };

/** To a staff document actor, from its view: open the converted PDF (a fresh link each time). */
export type StaffDocumentEvent = { type: 'document.download' };

/**
 * For the view: the link to open now (a download it asked for); an upload of this visit whose
 * conversion completed, or a deletion that went through, to move focus and announce it (never on a load).
 */
export type DocumentEmitted =
  | { type: 'document.deliver'; url: string }
  | { type: 'document.uploaded'; fileName: string }
  | { type: 'document.deleted'; fileName: string };

/**
 * To a document actor (system id `document:<answer key>`): the tabs actor, before a switch, asks
 * what the document is doing; the document actor answers the actor registered under `replyTo`
 * with a DocumentInspectedEvent.
 */
export type DocumentInspectEvent = { type: 'document.inspect'; replyTo: string };

/**
 * The document actor's answer: `busy` while an upload, a conversion or a fetch runs; `attached`
 * while the server holds a document or a failed conversion of it (either must be deleted first).
 */
export type DocumentInspectedEvent = { type: 'document.inspected'; answerKey: string; busy: boolean; attached: boolean };

/**
 * The answers actor → the actor that asked with `answers.save`. `conflict`: another tab changed
 * some of the same answers first (the page keeps this tab's and asks which to keep); `unauthorised`: the session is
 * over (the answers actor has told the session actor); `error`: anything else. The answers actor
 * shows no toast for a save it did for someone else: the asker says what it means for its task.
 */
export type AnswersSaveReply =
  /** `answers`: the answers as saved, for an asker that checks them (the submit sequence). */
  | { type: 'answers.saved'; answers: Record<string, AnswerValue> }
  | { type: 'answers.saveFailed'; reason: 'conflict' | 'unauthorised' | 'error'; message: string };
