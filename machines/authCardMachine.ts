import * as v from 'valibot';
import { assertEvent, assign, enqueueActions, fromPromise, not, sendTo, setup, type SnapshotFrom } from 'xstate';
// The account schemas only: the barrel ../src/catalogue/schema would load the application rules too.
import {
  confirmSchema,
  forgotSchema,
  loginSchema,
  normaliseUsername,
  passwordRequirementStates,
  resendSchema,
  resetSchema,
  signupSchema,
  type ConfirmInput,
  type ForgotInput,
  type LoginInput,
  type ResendInput,
  type ResetInput,
  type SignupInput,
} from '../src/catalogue/schema/account';
import { firstIssueMessages } from '../src/catalogue/schema/issues';
import { api } from './api/coreEndpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import type { MessageSchema } from './api/responses';
import type { AnswersEvent, NavigationEvent, NavigationState, SessionEvent, ToastRequest } from './events';
import { AUTH_CARDS, AUTH_CARD_NAMES, DEFAULT_ROUTE, type AuthCard } from './routes';
import { errorMessage, registered, sibling } from './siblings';
import { SYSTEM_IDS } from './systemIds';
import { TOAST_TITLES } from './toastsMachine';
import { INACTIVITY_CHOSEN_LOGOUT_MESSAGE, LOGOUT_MESSAGE } from '../src/catalogue/messages';

/** The auth cards, their titles and routes (in ./routes, which the navigation rules share). */
export { AUTH_CARDS, AUTH_CARD_NAMES, type AuthCard } from './routes';

/** The toast title of a failed resend. */
export const RESEND_ERROR_TITLE = 'Resend Confirmation Code Error';
export const cardErrorTitle = (card: AuthCard) => `${AUTH_CARDS[card].title} Error`;

export type AuthField = 'username' | 'password' | 'confirm_password' | 'code' | 'id';
/** The inputs each card shows (reset's id comes from the link, so its error is a card-level one). */
export const CARD_FIELDS: Record<AuthCard, readonly AuthField[]> = {
  login: ['username', 'password'],
  signup: ['username', 'password'],
  confirm: ['username', 'code'],
  forgot: ['username'],
  reset: ['username', 'password', 'confirm_password'],
};
/** The login password is "checked only on submit", so leaving it empty is not an error yet. */
const SUBMIT_ONLY_FIELDS: Partial<Record<AuthCard, readonly AuthField[]>> = { login: ['password'] };
const CARD_SCHEMAS: Record<AuthCard, v.GenericSchema> = {
  login: loginSchema,
  signup: signupSchema,
  confirm: confirmSchema,
  forgot: forgotSchema,
  reset: resetSchema,
};

/** The card's inline message: a toast's error or success, or a neutral notice with no title. */
export type CardNotice = Omit<ToastRequest, 'severity'> & { severity: ToastRequest['severity'] | 'info' };

/** A logout the applicant chose is news, not an error: Log In says it neutrally. */
const CHOSEN_LOGOUT_MESSAGES: ReadonlySet<string> = new Set([LOGOUT_MESSAGE, INACTIVITY_CHOSEN_LOGOUT_MESSAGE]);

const routeNotice = (message: string): CardNotice =>
  CHOSEN_LOGOUT_MESSAGES.has(message)
    ? { severity: 'info', title: '', message }
    : { severity: 'error', title: TOAST_TITLES.error, message };

type Values = Record<AuthField, string>;
const EMPTY_VALUES: Values = { username: '', password: '', confirm_password: '', code: '', id: '' };

export interface AuthCardPrefill {
  username?: string;
  /** Reset: the id query parameter of the e-mailed link. */
  id?: string;
  /** Login: the message of navigation state (session invalid, inactivity logout…). */
  errorMessage?: string;
}

export interface AuthCardContext {
  card: AuthCard;
  values: Values;
  /** Fields whose errors are shown: left once, or all of them after a submit attempt. */
  revealed: readonly AuthField[];
  /** First message per revealed field (plus 'id' on reset). */
  errors: Partial<Record<AuthField, string>>;
  /** The inline toast of editing.failed / editing.notConfirmed / editing.sent. */
  notice: CardNotice | null;
  /** Submits the card's own check refused since it opened: from the first one, an error summary leads to the fields. */
  refusedSubmits: number;
}

export type AuthCardEvent =
  | { type: 'card.open'; card: AuthCard; prefill?: AuthCardPrefill }
  | { type: 'field.change'; field: AuthField; value: string }
  | { type: 'field.blur'; field: AuthField }
  | { type: 'submit' }
  | { type: 'resend' }
  | { type: 'notice.dismiss' }
  | { type: 'confirm.go' }
  | { type: 'link.follow'; to: AuthCard };

type Message = v.InferOutput<typeof MessageSchema>;

function fieldErrors(card: AuthCard, values: Values, revealed: readonly AuthField[]): AuthCardContext['errors'] {
  const messages = firstIssueMessages(v.safeParse(CARD_SCHEMAS[card], values)) as Partial<Record<AuthField, string>>;
  return Object.fromEntries(revealed.flatMap((field) => (messages[field] ? [[field, messages[field]]] : [])));
}

function openedContext(card: AuthCard, prefill: AuthCardPrefill = {}): AuthCardContext {
  return {
    card,
    values: { ...EMPTY_VALUES, username: prefill.username ?? '', id: prefill.id ?? '' },
    revealed: [],
    errors: {},
    notice: prefill.errorMessage ? routeNotice(prefill.errorMessage) : null,
    refusedSubmits: 0,
  };
}

/** A failed call's message: the server's own words, or the generic one. */
const failure = ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error, GENERIC_ERROR_MESSAGE) });

/** Invoke input: the form as the schema outputs it (username normalised, code trimmed); the guard made sure it parses. */
const parsed =
  <TSchema extends v.GenericSchema>(schema: TSchema) =>
  ({ context }: { context: AuthCardContext }): v.InferOutput<TSchema> =>
    v.parse(schema, context.values);
const cardFailed = { target: '#authCard.editing.failed', actions: { type: 'noteCardError', params: failure } } as const;
const leaveFor = (to: 'confirm' | 'login') =>
  ({
    target: '#authCard.leaving',
    actions: {
      type: 'navigateAfter',
      params: ({ event }: { event: { output: Message } }) => ({ to, successMessage: event.output.message }),
    },
  }) as const;

export const authCardMachine = setup({
  types: {
    context: {} as AuthCardContext,
    events: {} as AuthCardEvent,
    tags: {} as 'busy',
  },
  actors: {
    login: fromPromise<Message, LoginInput>(({ input, signal }) => api.login(input, signal)),
    signup: fromPromise<Message, SignupInput>(({ input, signal }) => api.signup(input, signal)),
    confirm: fromPromise<Message, ConfirmInput>(({ input, signal }) => api.confirm(input, signal)),
    forgotPassword: fromPromise<Message, ForgotInput>(({ input, signal }) => api.forgotPassword(input, signal)),
    resetPassword: fromPromise<Message, ResetInput>(({ input, signal }) => api.resetPassword(input, signal)),
    resendConfirm: fromPromise<Message, ResendInput>(({ input, signal }) => api.resendConfirm(input, signal)),
  },
  guards: {
    isCard: ({ context }, params: { card: AuthCard }) => context.card === params.card,
    formValid: ({ context }) => v.safeParse(CARD_SCHEMAS[context.card], context.values).success,
    canResend: ({ context }) => context.card === 'login' || context.card === 'confirm',
    resendReady: ({ context }) =>
      (context.card === 'login' || context.card === 'confirm') && v.safeParse(resendSchema, context.values).success,
    hasPrefilledError: ({ event }) => {
      assertEvent(event, 'card.open');
      return Boolean(event.prefill?.errorMessage);
    },
    userNotConfirmed: (_, { error }: { error: unknown }) => {
      return error instanceof ApiError && error.status === 403 && error.body.code === 'UserNotConfirmed';
    },
  },
  actions: {
    openCard: assign(({ event }) => {
      assertEvent(event, 'card.open');
      return openedContext(event.card, event.prefill);
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values = { ...context.values, [event.field]: event.value };
      return { values, errors: fieldErrors(context.card, values, context.revealed) };
    }),
    revealField: assign(({ context, event }) => {
      assertEvent(event, 'field.blur');
      const submitOnly = SUBMIT_ONLY_FIELDS[context.card] ?? [];
      if (submitOnly.includes(event.field) || context.revealed.includes(event.field)) return {};
      const revealed = [...context.revealed, event.field];
      return { revealed, errors: fieldErrors(context.card, context.values, revealed) };
    }),
    revealAll: assign(({ context }) => {
      const revealed: AuthField[] = [...CARD_FIELDS[context.card], ...(context.card === 'reset' ? ['id' as const] : [])];
      return { revealed, errors: fieldErrors(context.card, context.values, revealed), refusedSubmits: context.refusedSubmits + 1 };
    }),
    revealResendError: assign(({ context }) => ({
      errors: { ...context.errors, username: firstIssueMessages(v.safeParse(resendSchema, context.values)).username },
    })),
    clearNotice: assign({ notice: null }),
    noteCardError: assign(({ context }, { message }: { message: string }) => ({
      notice: { severity: 'error', title: cardErrorTitle(context.card), message },
    })),
    noteResendError: assign((_, { message }: { message: string }) => ({
      notice: { severity: 'error', title: RESEND_ERROR_TITLE, message },
    })),
    noteSuccess: assign((_, { message }: { message: string }) => ({
      notice: { severity: 'success', title: TOAST_TITLES.success, message },
    })),
    announceLogin: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.loggedIn' } satisfies SessionEvent),
    /** Where a successful call leads; the server's message becomes a toast there. */
    navigateAfter: sendTo(
      sibling(SYSTEM_IDS.navigation),
      ({ context }, params: { to: 'home' | 'confirm' | 'login'; successMessage?: string }): NavigationEvent => {
        if (params.to === 'home') return { type: 'navigate', to: DEFAULT_ROUTE };
        const successMessage = params.successMessage || undefined;
        const state: NavigationState = {
          username: normaliseUsername(context.values.username),
          ...(successMessage ? { successMessage } : {}),
        };
        return { type: 'navigate', to: AUTH_CARDS[params.to].route, state };
      },
    ),
    /**
     * Sign-up and forgot-password carry the answers the visitor typed: the answers
     * actor, which holds them, navigates with them. It is one of the form actors, loaded with the
     * form area: before that (a page load straight onto an auth card) there is nothing to carry,
     * and what the visitor typed on an earlier page load waits in session storage for it.
     */
    followLink: enqueueActions(({ event, system, enqueue }) => {
      assertEvent(event, 'link.follow');
      const { to } = event;
      const route = AUTH_CARDS[to].route;
      const answers = registered(system, SYSTEM_IDS.answers);
      const carry: AnswersEvent = { type: 'answers.carryTo', to: route };
      const go: NavigationEvent = { type: 'navigate', to: route };
      if (answers && (to === 'signup' || to === 'forgot')) enqueue.sendTo(answers, carry);
      else enqueue.sendTo(sibling(SYSTEM_IDS.navigation)({ system }), go);
    }),
  },
}).createMachine({
  id: 'authCard',
  // No input: the root spawns it as is, and the view's card.open names the card.
  context: openedContext('login'),
  initial: 'editing',
  on: {
    // The route decides the card: every route change restarts the card, cancelling a call in flight.
    'card.open': [
      { guard: 'hasPrefilledError', target: '#authCard.editing.failed', actions: 'openCard' },
      { target: '#authCard.editing', actions: 'openCard' },
    ],
  },
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': { actions: 'changeField' },
        'field.blur': { actions: 'revealField' },
        submit: [
          { guard: not('formValid'), actions: 'revealAll' },
          ...AUTH_CARD_NAMES.map((card) => ({
            guard: { type: 'isCard' as const, params: { card } },
            target: `#authCard.submitting.${card}`,
          })),
        ],
        resend: [
          { guard: 'resendReady', target: '#authCard.resending' },
          { guard: 'canResend', actions: 'revealResendError' },
        ],
        'link.follow': { actions: 'followLink' },
      },
      states: {
        idle: {},
        /** The inline '{card name} Error' (or 'Resend Confirmation Code Error') toast. */
        failed: { on: { 'notice.dismiss': { target: 'idle', actions: 'clearNotice' } } },
        /** Login answered 403 UserNotConfirmed: the card offers to confirm the account. */
        notConfirmed: {
          on: {
            'notice.dismiss': { target: 'idle', actions: 'clearNotice' },
            'confirm.go': { target: '#authCard.leaving', actions: { type: 'navigateAfter', params: { to: 'confirm' } } },
          },
        },
        /** Forgot password: the closable success message. */
        sent: { on: { 'notice.dismiss': { target: 'idle', actions: 'clearNotice' } } },
      },
    },
    submitting: {
      tags: 'busy',
      entry: 'clearNotice',
      // Always entered through the card's own child (editing's submit picks it); 'login' only satisfies the schema.
      initial: 'login',
      states: {
        login: {
          invoke: {
            id: 'login',
            src: 'login',
            input: parsed(loginSchema),
            onDone: { target: '#authCard.leaving', actions: ['announceLogin', { type: 'navigateAfter', params: { to: 'home' } }] },
            onError: [
              {
                guard: { type: 'userNotConfirmed', params: ({ event }) => ({ error: event.error }) },
                target: '#authCard.editing.notConfirmed',
                actions: { type: 'noteCardError', params: failure },
              },
              cardFailed,
            ],
          },
        },
        signup: { invoke: { id: 'signup', src: 'signup', input: parsed(signupSchema), onDone: leaveFor('confirm'), onError: cardFailed } },
        confirm: {
          invoke: { id: 'confirm', src: 'confirm', input: parsed(confirmSchema), onDone: leaveFor('login'), onError: cardFailed },
        },
        forgot: {
          invoke: {
            id: 'forgot',
            src: 'forgotPassword',
            input: parsed(forgotSchema),
            onDone: {
              target: '#authCard.editing.sent',
              actions: { type: 'noteSuccess', params: ({ event }) => ({ message: event.output.message }) },
            },
            onError: cardFailed,
          },
        },
        reset: {
          invoke: { id: 'reset', src: 'resetPassword', input: parsed(resetSchema), onDone: leaveFor('login'), onError: cardFailed },
        },
      },
    },
    resending: {
      tags: 'busy',
      entry: 'clearNotice',
      invoke: {
        id: 'resend',
        src: 'resendConfirm',
        input: parsed(resendSchema),
        onDone: leaveFor('confirm'),
        onError: { target: '#authCard.editing.failed', actions: { type: 'noteResendError', params: failure } },
      },
    },
    /** Done here; waits for the route change (card.open) so the card cannot be submitted twice. */
    leaving: { tags: 'busy' },
  },
});

export type AuthCardSnapshot = SnapshotFrom<typeof authCardMachine>;

/** The requirement list under a new password (sign-up and reset), each inactive, error or success. */
export function passwordRequirementsOf(snapshot: AuthCardSnapshot) {
  return passwordRequirementStates(snapshot.context.values.password);
}

/**
 * The error summary of a refused submit (GOV.UK's pattern): each input's current message, in the
 * card's order; `attempt` counts the refused submits, so the view moves focus to it on each one.
 * None before the first refused submit, nor once every message is gone.
 */
export function errorSummaryOf(snapshot: AuthCardSnapshot): { attempt: number; items: { field: AuthField; message: string }[] } {
  const { card, errors, refusedSubmits } = snapshot.context;
  if (refusedSubmits === 0) return { attempt: 0, items: [] };
  const items = CARD_FIELDS[card].flatMap((field) => (errors[field] ? [{ field, message: errors[field] }] : []));
  return { attempt: refusedSubmits, items };
}
