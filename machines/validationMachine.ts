import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { Answers } from '../src/catalogue/dataModel';
import { VALIDATION_CACHE_SIZE } from '../src/catalogue/limits';
import { pageOfKey, type PageId } from '../src/catalogue/questions';
import { validateApplication, type ValidationError } from '../src/catalogue/schema/application';
import { unique } from '../src/catalogue/schema/issues';
import { api } from './api/endpoints';
import type {
  ValidationCheckEvent,
  ValidationPostEvent,
  ValidationServerErrorsEvent,
  WebStatus,
  WebStatusChangedEvent,
} from './coreEvents';
import type { SessionEvent } from './events';
import { sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/**
 * The errors of the whole application, de-duplicated, in page order. Every field shows
 * the messages of its key, so validating once per change and filtering per field replaces one
 * full validation per field; the results are kept by answers in a small LRU (512 entries).
 */
const cache = new Map<string, ValidationError[]>();
/** The same answers object (every field's view asks at each change): no need to compare its content. */
const byObject = new WeakMap<Answers, { id: string; errors: ValidationError[] }>();

export function applicationErrors(answers: Answers, essayLimit: number, now: Date = new Date()): ValidationError[] {
  // Age and year windows depend on the day, not the hour.
  const day = `${essayLimit}|${now.toISOString().slice(0, 10)}`;
  const seen = byObject.get(answers);
  if (seen?.id === day) return seen.errors;
  const id = `${day}|${JSON.stringify(answers)}`;
  let errors = cache.get(id);
  if (errors) cache.delete(id);
  else errors = validateApplication(answers, { essayLimit, now });
  cache.set(id, errors);
  if (cache.size > VALIDATION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  byObject.set(answers, { id: day, errors });
  return errors;
}

/** validateField over errors already computed: the messages of one field. */
export const fieldErrors = (errors: readonly ValidationError[], key: string): string[] =>
  unique(errors.filter((error) => error.key === key).map((error) => error.message));

/** combinedErrors over errors already computed: a month select and a year select show as one field. */
export const monthYearErrors = (errors: readonly ValidationError[], monthKey: string, yearKey: string): string[] =>
  unique(errors.filter((error) => error.key === monthKey || error.key === yearKey).map((error) => error.message));

/** The body of POST /api/validations: messages by answer key. */
export function errorMap(errors: readonly ValidationError[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const error of errors) if (error.key !== '') (map[error.key] ??= []).push(error.message);
  return map;
}

export interface MissingItem {
  page: PageId;
  key: string;
  message: string;
  /** Each error links to /{page}#{question key}, which scrolls to the question. */
  href: string;
}

/** The missing-information summary; keys without a page cannot be linked (see warnUnlinked). */
export function missingInformation(errors: readonly ValidationError[]): MissingItem[] {
  return errors.flatMap((error) => {
    const page = pageOfKey(error.key);
    return page === undefined ? [] : [{ page, key: error.key, message: error.message, href: `/${page}#${error.key}` }];
  });
}

/**
 * The page's own errors, then those the server found that the page did not (a rule only the
 * server knows, a day boundary between the two checks): each key's messages once.
 */
export function withServerErrors(own: ValidationError[], server: readonly ValidationError[]): ValidationError[] {
  const known = new Set(own.map((error) => `${error.key}|${error.message}`));
  const extra = server.filter((error) => !known.has(`${error.key}|${error.message}`));
  return extra.length === 0 ? own : [...own, ...extra];
}

/**
 * Between two checks (a submit, Save or Next, the server's refusal) errors keep their places, as
 * GOV.UK's do: a field that showed an error at the check keeps showing one, in its current words
 * while the answer still has one and in the check's words otherwise, and a field without one gets
 * none. Nothing appears or disappears while the applicant answers, so nothing under the pointer moves.
 */
export function inTheirPlaces(shown: readonly ValidationError[], current: readonly ValidationError[]): ValidationError[] {
  const messagesOf = (errors: readonly ValidationError[], key: string) =>
    errors.filter((error) => error.key === key).map((error) => error.message);
  const reworded = new Set<string>();
  return shown.flatMap((error) => {
    const now = messagesOf(current, error.key);
    if (now.length === 0 || now.join('\n') === messagesOf(shown, error.key).join('\n')) return [error];
    // New words: all of them, where the key's first message was.
    if (reworded.has(error.key)) return [];
    reworded.add(error.key);
    return now.map((message) => ({ key: error.key, message }));
  });
}

/**
 * The server's errors that still hold: each stands while its answer is as it was refused (the
 * values of just those answers are part of the server's verdict); a changed answer is checked afresh.
 */
export function standingServerErrors(server: readonly ValidationError[], refused: Answers, answers: Answers): ValidationError[] {
  return server.filter((error) => JSON.stringify(refused[error.key]) === JSON.stringify(answers[error.key]));
}

/** The refused answers' values, for just the keys the server named. */
const refusedValues = (errors: readonly ValidationError[], answers: Answers): Answers =>
  Object.fromEntries(unique(errors.map((error) => error.key)).flatMap((key) => (key in answers ? [[key, answers[key]!]] : [])));

export interface ValidationContext {
  /** The web status as the session started: only what picks the first state. */
  webStatus: WebStatus;
  essayLimit: number;
  /**
   * The errors found by the last check (Save, Next, a submit, the server's refusal), in page order:
   * the places errors show in until the next check. Empty while not validating.
   */
  checked: ValidationError[];
  /** What the last refused submit reported, while the answers they concern are as refused. */
  serverErrors: ValidationError[];
  /** The values the server refused, of just the keys of `serverErrors`. */
  refused: Answers;
  /** A check made while the last one's report was on its way: reported once that one ends, so the server hears the latest. */
  reportAgain: boolean;
}

export interface ValidationInput {
  essayLimit: number;
  webStatus: WebStatus;
  /** The answers the session starts with: checked at once when the session starts validating. */
  answers?: Answers;
}

/** A check of these answers: the page's own errors, then the server's that still stand. */
const check = (context: ValidationContext, answers: Answers): Pick<ValidationContext, 'checked' | 'serverErrors'> => {
  const serverErrors = standingServerErrors(context.serverErrors, context.refused, answers);
  return { checked: withServerErrors(applicationErrors(answers, context.essayLimit), serverErrors), serverErrors };
};

export type ValidationEvent = WebStatusChangedEvent | ValidationPostEvent | ValidationCheckEvent | ValidationServerErrorsEvent;

/**
 * When the errors show, and where. It holds no answers: each check carries the answers of that
 * moment, and the view API (validationView.ts) lays the current answers' errors over the places of
 * the last check. Errors show only while the web status is validating, or after a refused submit.
 */
export const validationMachine = setup({
  types: {
    context: {} as ValidationContext,
    events: {} as ValidationEvent,
    input: {} as ValidationInput,
  },
  actors: {
    postValidations: fromPromise<unknown, Record<string, string[]>>(({ input, signal }) => api.postValidations(input, signal)),
  },
  guards: {
    startsValidating: ({ context }) => context.webStatus === 'validating',
    validating: ({ event }) => {
      assertEvent(event, 'webStatus.changed');
      return event.webStatus === 'validating';
    },
    notValidating: ({ event }) => {
      assertEvent(event, 'webStatus.changed');
      return event.webStatus !== 'validating';
    },
    unauthorised: unauthorisedError,
    reportWaiting: ({ context }) => context.reportAgain,
  },
  actions: {
    keepServerErrors: assign(({ event }) => {
      assertEvent(event, 'validation.serverErrors');
      return { serverErrors: event.errors, refused: refusedValues(event.errors, event.answers) };
    }),
    /** A check: every error of the answers the event carries. */
    validate: assign(({ context, event }) => {
      assertEvent(event, ['validation.check', 'validation.post', 'validation.serverErrors']);
      return check(context, event.answers);
    }),
    forgetErrors: assign({ checked: [], serverErrors: [], refused: {}, reportAgain: false }),
    keepReportWaiting: assign({ reportAgain: true }),
    takeReportWaiting: assign({ reportAgain: false }),
    // A summary key without a page is a configuration mistake worth a warning.
    warnUnlinked: ({ context }) => {
      for (const key of unique(context.checked.map((error) => error.key))) {
        if (key !== '' && pageOfKey(key) === undefined) console.warn(`No page is mapped for the validation error key "${key}".`);
      }
    },
    endSession: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'validation',
  context: ({ input }) => {
    const context: ValidationContext = {
      webStatus: input.webStatus,
      essayLimit: input.essayLimit,
      checked: [],
      serverErrors: [],
      refused: {},
      reportAgain: false,
    };
    // A session that starts validating shows the errors of the answers it starts with.
    return input.webStatus === 'validating' ? { ...context, ...check(context, input.answers ?? {}) } : context;
  },
  initial: 'start',
  on: {
    // The server refused the application: its errors are shown whatever the status said.
    'validation.serverErrors': { target: '.active', actions: ['keepServerErrors', 'validate', 'warnUnlinked'] },
  },
  states: {
    /** The errors show while the web status is validating. */
    start: { always: [{ guard: 'startsValidating', target: 'active', actions: 'warnUnlinked' }, { target: 'inactive' }] },
    inactive: {
      on: { 'webStatus.changed': { guard: 'validating', target: 'active' } },
    },
    active: {
      exit: 'forgetErrors',
      on: {
        // The submit sequence checks the answers again: so does the page.
        'validation.check': { actions: ['validate', 'warnUnlinked'] },
        'webStatus.changed': { guard: 'notValidating', target: 'inactive' },
      },
      initial: 'idle',
      states: {
        idle: {
          // After Save or Next: the answers are checked again, and their errors reported.
          on: { 'validation.post': { target: 'posting', actions: ['validate', 'warnUnlinked'] } },
        },
        posting: {
          // A Save while the last report is on its way is checked and shown at once, never dropped.
          on: { 'validation.post': { actions: ['validate', 'warnUnlinked', 'keepReportWaiting'] } },
          invoke: {
            id: 'postValidations',
            src: 'postValidations',
            input: ({ context }) => errorMap(context.checked),
            onDone: [{ guard: 'reportWaiting', target: 'posting', reenter: true, actions: 'takeReportWaiting' }, { target: 'idle' }],
            // A lost report does not stop the applicant; only a 401 matters.
            onError: [
              { guard: 'unauthorised', target: 'idle', actions: ['endSession', 'takeReportWaiting'] },
              { guard: 'reportWaiting', target: 'posting', reenter: true, actions: 'takeReportWaiting' },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});
