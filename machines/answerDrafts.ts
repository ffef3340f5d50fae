import { fromCallback } from 'xstate';
import { descKey, type AnswerValue, type Answers } from '../src/catalogue/dataModel';

/*
 * The answers the server has not confirmed, and where the answers actor keeps them on
 * this device (a visitor's in sessionStorage, an account's drafts in localStorage).
 */

type AnswerMap = Record<string, AnswerValue>;

/**
 * The answers that differ from what the server last confirmed. Only these are sent: a tab that
 * re-sent every answer would put back its stale copy of answers another tab changed meanwhile.
 */
export function changedAnswers(answers: Answers, confirmed: Answers): AnswerMap {
  return Object.fromEntries(Object.entries(answers).filter(([key, value]) => confirmed[key] !== value));
}

/** The keys of the answers not saved yet, without the descriptions that go with choices. */
export function unsavedKeys(answers: Answers, confirmed: Answers): string[] {
  const keys = Object.keys(changedAnswers(answers, confirmed));
  return keys.filter((key) => !keys.some((other) => descKey(other) === key));
}

/**
 * Answers of an account the server has not confirmed yet, kept on this device: the
 * changes, the server version they were made over, and whether a session ended before saving them.
 */
export interface Draft {
  base: number | undefined;
  changes: Answers;
  sessionEnded?: boolean;
}

/** Messages between the answers actor and its storage. */
export type StoreEvent =
  | { type: 'store.write'; answers: Answers }
  | { type: 'store.clear' }
  | { type: 'draft.write'; owner: string; draft: Draft }
  | { type: 'draft.clear'; owner: string }
  | { type: 'draft.read'; owner: string };
export type RestoredEvent = { type: 'answers.restored'; answers: Answers };
/** The store's answer to `draft.read`. */
export type DraftEvent = { type: 'answers.draft'; owner: string; draft: Draft | null };

const STORAGE_KEY = 'admissions.answers';
/** One draft per account (the username), in localStorage: it outlives the tab and the session. */
export const draftKey = (owner: string) => `admissions.draft.${owner}`;

/**
 * Keeps a visitor's answers in sessionStorage, so a reload never loses what was typed
 * (and closing the tab forgets them: the visitor may be on a shared computer). A logged-in
 * applicant's answers not saved yet go to localStorage, one draft per account, until the server
 * confirms them or the applicant discards them.
 */
export const sessionStorageStore = fromCallback<StoreEvent>(({ sendBack, receive }) => {
  const storage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  const drafts = typeof localStorage === 'undefined' ? undefined : localStorage;
  // Always said, even when nothing is kept: an applicant's answers actor waits for it before it goes on.
  let restored: Answers = {};
  try {
    const stored = storage?.getItem(STORAGE_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) restored = parsed as Answers;
  } catch {
    storage?.removeItem(STORAGE_KEY);
  }
  sendBack({ type: 'answers.restored', answers: restored } satisfies RestoredEvent);
  const readDraft = (owner: string): Draft | null => {
    try {
      return JSON.parse(drafts?.getItem(draftKey(owner)) ?? 'null') as Draft | null;
    } catch {
      return null;
    }
  };
  // One handler per message: what each does to the device's storage.
  const handlers: { [K in StoreEvent['type']]: (event: Extract<StoreEvent, { type: K }>) => void } = {
    'store.clear': () => storage?.removeItem(STORAGE_KEY),
    'store.write': (event) => storage?.setItem(STORAGE_KEY, JSON.stringify(event.answers)),
    'draft.write': (event) => drafts?.setItem(draftKey(event.owner), JSON.stringify(event.draft)),
    'draft.clear': (event) => drafts?.removeItem(draftKey(event.owner)),
    'draft.read': (event) => sendBack({ type: 'answers.draft', owner: event.owner, draft: readDraft(event.owner) } satisfies DraftEvent),
  };
  receive((event) => (handlers[event.type] as (event: StoreEvent) => void)(event));
});

/** Offered answers that differ from what the account holds (empty answers are nothing to offer). */
export function differing(offered: Answers, held: Answers): AnswerMap {
  return Object.fromEntries(Object.entries(offered).filter(([key, value]) => value !== '' && value !== false && held[key] !== value));
}
