import { and, assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { Answers } from '../src/catalogue/dataModel';
import { DEFAULT_ESSAY_LIMIT } from '../src/catalogue/limits';
import type { ValidationError } from '../src/catalogue/schema/application';
import { api } from './api/endpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { SubmittedEvent, ValidationCheckEvent, ValidationServerErrorsEvent, WebStatus, WebStatusChangedEvent } from './coreEvents';
import type { AnswersEvent, AnswersSaveReply, NavigationEvent, SessionEvent, ToastEvent } from './events';
import type { Role } from './roles';
import { COMPLETION_ROUTE, SIGNUP_ROUTE } from './routes';
import { errorMessage, sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import { TOAST_TITLES } from './toastsMachine';
import { applicationErrors, errorMap } from './validationMachine';
import type { WebStatusEvent } from './webStatusMachine';

/** What /completion shows after a submit. */
export { SUBMITTED_MESSAGE, SUBMIT_CONFLICT_MESSAGE } from '../src/catalogue/messages';
import { SUBMITTED_MESSAGE, SUBMIT_CONFLICT_MESSAGE } from '../src/catalogue/messages';
import { PAGES, pageOfKey } from '../src/catalogue/questions';

/** The route of the earliest step that holds one of the errors. */
function firstPageWithErrors(errors: readonly ValidationError[]): string | undefined {
  const pages = new Set(errors.map((error) => pageOfKey(error.key)));
  return PAGES.find((page) => pages.has(page.id))?.route;
}

/** POST /api/submit answers 422 {message, errors: [{key, message}]} when the server finds errors. */
function serverErrors(error: unknown): ValidationError[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const errors = error.body.errors;
  return Array.isArray(errors)
    ? errors.filter(
        (item: unknown): item is ValidationError =>
          typeof item === 'object' &&
          item !== null &&
          'key' in item &&
          typeof item.key === 'string' &&
          'message' in item &&
          typeof item.message === 'string',
      )
    : [];
}

/** 409: the server cannot take the submission yet (a document still converting) or any more. */
const isRefusedForNow = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

export interface SubmitContext {
  /** Only an applicant submits; a visitor's Submit goes to sign-up with the answers. */
  role: Role;
  webStatus: WebStatus | undefined;
  essayLimit: number;
  /** Where errors send the applicant; none stays on the page. */
  errorRoute: string | undefined;
  /** The errors of the last attempt. */
  errors: ValidationError[];
  /**
   * The answers this submit saved and checked, only while it is under way: a refusal of the server
   * concerns them as they were sent. Empty otherwise.
   */
  sent: Answers;
  error: string | null;
  /**
   * The server's words when it refuses a submit for now (409: a document still converting), shown
   * beside Submit rather than in a toast: the applicant waits, then submits again from there.
   */
  notice: string | null;
}

export interface SubmitInput {
  role: Role;
  webStatus?: WebStatus;
  essayLimit?: number;
  errorRoute?: string;
}

export type SubmitEvent = { type: 'submit' } | WebStatusChangedEvent | AnswersSaveReply;

const failure = [
  { guard: 'unauthorised', target: 'idle', actions: 'endSession' },
  { target: 'failed', actions: ['keepError', 'toastError'] },
] as const;

/** Step 1, or on to step 2. */
const start = [{ guard: 'loggedOut', actions: 'goToSignup' }, { target: 'savingAnswers' }] as const;

/**
 * The submit sequence, step by step: 1. not logged in → /signup with the answers;
 * 2. save the answers; 3. set validating if started; 4. run the validations call; 5. no errors →
 * submit, set submitted, /completion with the success message; 6. errors → the error route.
 * Step 2 is the answers actor's: it alone saves answers (only those changed, with If-Match), so
 * a tab opened earlier cannot put back its stale copy of what another tab saved since.
 */
export const submitMachine = setup({
  types: {
    context: {} as SubmitContext,
    events: {} as SubmitEvent,
    input: {} as SubmitInput,
  },
  actors: {
    postValidations: fromPromise<unknown, Record<string, string[]>>(({ input, signal }) => api.postValidations(input, signal)),
    submitApplication: fromPromise(({ signal }) => api.submit(signal)),
  },
  guards: {
    loggedOut: ({ context }) => context.role !== 'applicant',
    started: ({ context }) => context.webStatus === 'started',
    noErrors: ({ context }) => context.errors.length === 0,
    hasErrorRoute: ({ context }) => context.errorRoute !== undefined,
    rejected: ({ event }) => serverErrors((event as { error?: unknown }).error) !== undefined,
    /** The server's errors name no question the applicant could be taken to. */
    unplaced: ({ event }) => firstPageWithErrors(serverErrors((event as { error?: unknown }).error) ?? []) === undefined,
    unauthorised: unauthorisedError,
    refusedForNow: ({ event }) => isRefusedForNow((event as { error?: unknown }).error),
    /** The answers actor's failed step 2, for this reason. */
    saveFailedFor: ({ event }, reason: 'conflict' | 'unauthorised') => {
      assertEvent(event, 'answers.saveFailed');
      return event.reason === reason;
    },
  },
  actions: {
    keepWebStatus: assign({
      webStatus: ({ event }) => {
        assertEvent(event, 'webStatus.changed');
        return event.webStatus;
      },
    }),
    /** The answers as saved: the answers actor's reply carries them. */
    checkAnswers: assign(({ context, event }) => {
      assertEvent(event, 'answers.saved');
      return { errors: applicationErrors(event.answers, context.essayLimit), sent: event.answers, error: null };
    }),
    forgetSent: assign({ sent: {} }),
    keepServerErrors: assign({ errors: ({ event }) => serverErrors((event as { error?: unknown }).error) ?? [] }),
    // The page's summary and fields show them (a rule the page's own check did not find).
    showServerErrors: sendTo(sibling(SYSTEM_IDS.validation), ({ context }): ValidationServerErrorsEvent => ({
      type: 'validation.serverErrors',
      errors: context.errors,
      answers: context.sent,
    })),
    keepError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error, GENERIC_ERROR_MESSAGE) }),
    keepNotice: assign({ notice: ({ event }) => errorMessage((event as { error?: unknown }).error, GENERIC_ERROR_MESSAGE) }),
    forgetNotice: assign({ notice: null }),
    // The errors' own words say what to fix; the 422's title alone would not.
    keepServerMessages: assign({
      error: ({ context, event }) =>
        context.errors.map((error) => error.message).join(' ') || errorMessage((event as { error?: unknown }).error, GENERIC_ERROR_MESSAGE),
    }),
    // A conflict's own message names answers and says "save again": here it is the submit to try again.
    keepSaveError: assign({
      error: ({ event }) => {
        const failed = event as Extract<AnswersSaveReply, { type: 'answers.saveFailed' }>;
        return failed.reason === 'conflict' ? SUBMIT_CONFLICT_MESSAGE : failed.message;
      },
    }),
    /** The page's errors are checked again with each submit: until then they keep their places. */
    checkPage: sendTo(sibling(SYSTEM_IDS.validation), ({ context }): ValidationCheckEvent => ({
      type: 'validation.check',
      answers: context.sent,
    })),
    askToSave: sendTo(sibling(SYSTEM_IDS.answers), { type: 'answers.save', replyTo: SYSTEM_IDS.submit } satisfies AnswersEvent),
    /** A visitor's answers go along to sign-up: the answers actor, who holds them, takes them there. */
    goToSignup: sendTo(sibling(SYSTEM_IDS.answers), { type: 'answers.carryTo', to: SIGNUP_ROUTE } satisfies AnswersEvent),
    startValidating: sendTo(sibling(SYSTEM_IDS.webStatus), { type: 'webStatus.startValidating' } satisfies WebStatusEvent),
    markSubmitted: sendTo(sibling(SYSTEM_IDS.webStatus), { type: 'webStatus.submitted' } satisfies WebStatusEvent),
    /** The root keeps when it was submitted and the server's reference number, for the completion page. */
    tellSubmitted: sendTo(sibling(SYSTEM_IDS.app), ({ event }): SubmittedEvent => {
      const output = (event as { output?: { submitted_at?: number | null; reference?: string | null } }).output ?? {};
      return { type: 'app.submitted', submittedAt: output.submitted_at ?? Date.now(), reference: output.reference ?? '' };
    }),
    goToCompletion: sendTo(sibling(SYSTEM_IDS.navigation), {
      type: 'navigate',
      to: COMPLETION_ROUTE,
      state: { successMessage: SUBMITTED_MESSAGE },
    } satisfies NavigationEvent),
    // Step 6 names a default route; the page of the first missing answer serves the applicant
    // better, with the default route for errors no page holds.
    goToErrorRoute: sendTo(sibling(SYSTEM_IDS.navigation), ({ context }): NavigationEvent => ({
      type: 'navigate',
      to: firstPageWithErrors(context.errors) ?? context.errorRoute ?? '',
    })),
    toastError: sendTo(sibling(SYSTEM_IDS.toasts), ({ context }): ToastEvent => ({
      type: 'toast.show',
      toast: { severity: 'error', title: TOAST_TITLES.error, message: context.error ?? GENERIC_ERROR_MESSAGE },
    })),
    endSession: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'submit',
  context: ({ input }) => ({
    role: input.role,
    webStatus: input.webStatus,
    essayLimit: input.essayLimit ?? DEFAULT_ESSAY_LIMIT,
    errorRoute: input.errorRoute,
    errors: [],
    sent: {},
    error: null,
    notice: null,
  }),
  on: {
    'webStatus.changed': { actions: 'keepWebStatus' },
  },
  initial: 'idle',
  states: {
    idle: { entry: 'forgetSent', on: { submit: start } },
    savingAnswers: {
      tags: 'busy',
      entry: ['forgetNotice', 'askToSave'],
      on: {
        'answers.saved': [
          { guard: 'started', target: 'runningValidations', actions: ['checkAnswers', 'startValidating'] },
          { target: 'runningValidations', actions: 'checkAnswers' },
        ],
        'answers.saveFailed': [
          // The answers actor has told the session.
          { guard: { type: 'saveFailedFor', params: 'unauthorised' }, target: 'idle' },
          // No toast over the form: the page says it next to Submit, naming the answers (conflicted).
          { guard: { type: 'saveFailedFor', params: 'conflict' }, target: 'conflicted', actions: 'keepSaveError' },
          { target: 'failed', actions: ['keepSaveError', 'toastError'] },
        ],
      },
    },
    runningValidations: {
      tags: 'busy',
      entry: 'checkPage',
      invoke: {
        id: 'postValidations',
        src: 'postValidations',
        input: ({ context }) => errorMap(context.errors),
        onDone: [
          { guard: 'noErrors', target: 'submitting' },
          { guard: 'hasErrorRoute', target: 'invalid', actions: 'goToErrorRoute' },
          { target: 'invalid' },
        ],
        onError: failure,
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        // The navigation first: the status change must find the applicant already on /completion.
        onDone: { target: 'submitted', actions: ['tellSubmitted', 'goToCompletion', 'markSubmitted'] },
        onError: [
          // No question to lead to: the server's own words, where the applicant is.
          {
            guard: and(['rejected', 'unplaced']),
            target: 'failed',
            actions: ['keepServerErrors', 'showServerErrors', 'keepServerMessages', 'toastError'],
          },
          // The server's own check counts as errors too (step 6).
          {
            guard: and(['rejected', 'hasErrorRoute']),
            target: 'invalid',
            actions: ['keepServerErrors', 'showServerErrors', 'goToErrorRoute'],
          },
          { guard: 'rejected', target: 'invalid', actions: ['keepServerErrors', 'showServerErrors'] },
          // Refused for now: said beside Submit, where the applicant submits again once it is done.
          { guard: 'refusedForNow', target: 'failed', actions: 'keepNotice' },
          ...failure,
        ],
      },
    },
    /** Errors exist: the applicant fixes them and submits again. */
    invalid: { entry: 'forgetSent', on: { submit: start } },
    failed: { entry: 'forgetSent', on: { submit: start } },
    /**
     * Another tab or window changed some of the same answers first: nothing was submitted, the
     * page keeps what this tab typed and asks which answers to keep (the answers actor), and says
     * so next to Submit, naming them; the applicant chooses before submitting again.
     */
    conflicted: { on: { submit: start } },
    submitted: { entry: 'forgetSent' },
  },
});
