import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { Answers } from '../src/catalogue/dataModel';
import { VALIDATION_CACHE_SIZE } from '../src/catalogue/limits';
import { pageOfKey, type PageId } from '../src/catalogue/questions';
import { validateApplication, type ValidationError } from '../src/catalogue/schema/application';
import { unique } from '../src/catalogue/schema/issues';
import { api } from './api/endpoints';
import type {
  AnswersChangedEvent,
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

export function applicationErrors(answers: Answers, essayLimit: number, now: Date = new Date()): ValidationError[] {
  // Age and year windows depend on the day, not the hour.
  const id = `${essayLimit}|${now.toISOString().slice(0, 10)}|${JSON.stringify(answers)}`;
  const known = cache.get(id);
  if (known) {
    cache.delete(id);
    cache.set(id, known);
    return known;
  }
  const errors = validateApplication(answers, { essayLimit, now });
  cache.set(id, errors);
  if (cache.size > VALIDATION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
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
 * GOV.UK's do: a field that showed an error keeps showing one, in its current words while the
 * answer still has one and in the words it last showed otherwise, and a field without one gets none.
 * Nothing appears or disappears while the applicant answers, so nothing under the pointer moves.
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

/** The server's errors that still hold: an answer the applicant changed since is checked afresh. */
function stillStanding(server: readonly ValidationError[], before: Answers, after: Answers): ValidationError[] {
  return server.filter((error) => JSON.stringify(before[error.key]) === JSON.stringify(after[error.key]));
}

export interface ValidationContext {
  /** The web status as the session started: only what picks the first state. */
  webStatus: WebStatus;
  answers: Answers;
  essayLimit: number;
  /** Only while validating; empty otherwise. What the page shows: see inTheirPlaces. */
  errors: ValidationError[];
  /** What the last refused submit reported, until the answers they concern change. */
  serverErrors: ValidationError[];
  /** The steps (page ids, space-separated) holding the errors shown: the step bar says they need attention. */
  attention: string;
}

/** Errors to show, and the steps they are on. */
const showing = (errors: ValidationError[]): Pick<ValidationContext, 'errors' | 'attention'> => ({
  errors,
  attention: unique(errors.flatMap((error) => pageOfKey(error.key) ?? [])).join(' '),
});

export type ValidationEvent =
  WebStatusChangedEvent | AnswersChangedEvent | ValidationPostEvent | ValidationCheckEvent | ValidationServerErrorsEvent;

/**
 * Validation is shown only while the status is validating. Views read
 * `fieldErrors(snapshot.context.errors, key)`, `monthYearErrors(...)` and
 * `missingInformation(snapshot.context.errors)`, and show the summary while `matches('active')`.
 */
export const validationMachine = setup({
  types: {
    context: {} as ValidationContext,
    events: {} as ValidationEvent,
    input: {} as { essayLimit: number; webStatus: WebStatus },
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
  },
  actions: {
    keepAnswers: assign(({ context, event }) => {
      assertEvent(event, 'answers.changed');
      return { answers: event.answers, serverErrors: stillStanding(context.serverErrors, context.answers, event.answers) };
    }),
    keepServerErrors: assign({
      serverErrors: ({ event }) => {
        assertEvent(event, 'validation.serverErrors');
        return event.errors;
      },
    }),
    /** A check: every error of the answers as they are now. */
    validate: assign(({ context }) =>
      showing(withServerErrors(applicationErrors(context.answers, context.essayLimit), context.serverErrors)),
    ),
    /** An answer changed between checks: the errors shown keep their places (inTheirPlaces). */
    revalidate: assign(({ context }) =>
      showing(
        inTheirPlaces(context.errors, withServerErrors(applicationErrors(context.answers, context.essayLimit), context.serverErrors)),
      ),
    ),
    forgetErrors: assign({ errors: [], serverErrors: [], attention: '' }),
    // A summary key without a page is a configuration mistake worth a warning.
    warnUnlinked: ({ context }) => {
      for (const key of unique(context.errors.map((error) => error.key))) {
        if (key !== '' && pageOfKey(key) === undefined) console.warn(`No page is mapped for the validation error key "${key}".`);
      }
    },
    endSession: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'validation',
  context: ({ input }) => ({
    webStatus: input.webStatus,
    answers: {},
    essayLimit: input.essayLimit,
    errors: [],
    serverErrors: [],
    attention: '',
  }),
  initial: 'start',
  on: {
    'answers.changed': { actions: 'keepAnswers' },
    // The server refused the application: its errors are shown whatever the status said.
    'validation.serverErrors': { target: '.active', actions: ['keepServerErrors', 'validate', 'warnUnlinked'] },
  },
  states: {
    /** The errors show while the web status is validating. */
    start: { always: [{ guard: 'startsValidating', target: 'active' }, { target: 'inactive' }] },
    inactive: {
      on: { 'webStatus.changed': { guard: 'validating', target: 'active' } },
    },
    active: {
      entry: ['validate', 'warnUnlinked'],
      exit: 'forgetErrors',
      on: {
        'answers.changed': { actions: ['keepAnswers', 'revalidate'] },
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
          invoke: {
            id: 'postValidations',
            src: 'postValidations',
            input: ({ context }) => errorMap(context.errors),
            onDone: 'idle',
            // A lost report does not stop the applicant; only a 401 matters.
            onError: [{ guard: 'unauthorised', target: 'idle', actions: 'endSession' }, { target: 'idle' }],
          },
        },
      },
    },
  },
});
