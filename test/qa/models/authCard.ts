import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { ApiError } from '../../../machines/api/httpClient';
import {
  AUTH_CARDS,
  AUTH_CARD_NAMES,
  CARD_FIELDS,
  authCardMachine,
  type AuthCard,
  type AuthCardContext,
  type AuthField,
} from '../../../machines/authCardMachine';
import type { PathModel } from '../model';
import type { Call, Expectation, PageCheck, PagePlan, Reply, StepPlan } from '../plan';

const USERNAME = 'ada@example.edu';
const PASSWORD = 'Correct-Horse-9!';
/** A well-formed reset link id (the server checks it is real). */
export const RESET_ID = 'a'.repeat(43);
const GOOD: Record<string, string> = { username: USERNAME, password: PASSWORD, confirm_password: PASSWORD, code: '123456' };
const BAD: Record<string, string> = { username: 'ada', password: 'short', confirm_password: 'other', code: '12' };

export const authFailures = {
  rejected: (message: string) => new ApiError(message, 'http', 400, { message }),
  notConfirmed: new ApiError('Your account is not confirmed yet.', 'http', 403, {
    message: 'Your account is not confirmed yet.',
    code: 'UserNotConfirmed',
  }),
};

/**
 * Every card from its route (with the prefills the routes pass), a good and a bad value for each
 * field the current card shows, and each outcome of its calls.
 */
function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { card } = snapshot.context as AuthCardContext;
  return [
    { type: 'card.open', card: 'login' },
    { type: 'card.open', card: 'login', prefill: { errorMessage: 'Your session is invalid.' } },
    { type: 'card.open', card: 'signup' },
    { type: 'card.open', card: 'confirm', prefill: { username: USERNAME } },
    { type: 'card.open', card: 'forgot' },
    { type: 'card.open', card: 'reset', prefill: { username: USERNAME, id: RESET_ID } },
    ...CARD_FIELDS[card].flatMap((field) => [
      { type: 'field.change', field, value: GOOD[field] },
      { type: 'field.change', field, value: BAD[field] },
    ]),
    { type: 'field.blur', field: 'username' },
    { type: 'submit' },
    { type: 'resend' },
    { type: 'notice.dismiss' },
    { type: 'confirm.go' },
    { type: 'link.follow', to: 'signup' },
    ...AUTH_CARD_NAMES.flatMap((id) => [
      { type: `xstate.done.actor.${id}`, output: { message: `${id} done` } },
      { type: `xstate.error.actor.${id}`, error: authFailures.rejected(`${id} failed`) },
    ]),
    { type: 'xstate.error.actor.login', error: authFailures.notConfirmed },
    { type: 'xstate.done.actor.resend', output: { message: 'code sent' } },
    { type: 'xstate.error.actor.resend', error: authFailures.rejected('resend failed') },
  ];
}

export const authCardModel: PathModel = {
  name: 'authCard',
  machine: authCardMachine,
  events,
};

// --- The plan QA and the model-based browser tests follow -----------------------------------------

/** The confirmed account a path logs in with (the runner makes one and types its address for this one). */
export const ACCOUNT_EMAIL = 'model-account@example.org';
/** An address no account has yet (the runner types a fresh one for it). */
export const NEW_EMAIL = 'model-newcomer@example.org';
/** The runner's accounts' password (test/e2e/helpers/applicant.ts). */
export const ACCOUNT_PASSWORD = 'Northfield-2027-pass';

const CALLS: Record<AuthCard | 'resend', Call> = {
  login: { method: 'POST', path: '/public/login' },
  signup: { method: 'POST', path: '/public/signup' },
  confirm: { method: 'POST', path: '/public/confirm' },
  forgot: { method: 'POST', path: '/public/forgot-password' },
  reset: { method: 'POST', path: '/public/reset-password' },
  resend: { method: 'POST', path: '/public/resend-confirm' },
};
const LABELS: Record<AuthField, (card: AuthCard) => string> = {
  username: () => 'Email address',
  password: (card) => (card === 'reset' ? 'New password' : 'Password'),
  confirm_password: () => 'Confirm new password',
  code: () => 'Confirmation code',
  id: () => 'Reset link',
};
const pageValue = (card: AuthCard, field: AuthField): string => {
  if (field === 'username') return card === 'signup' ? NEW_EMAIL : ACCOUNT_EMAIL;
  if (field === 'code') return '123456';
  return card === 'login' ? ACCOUNT_PASSWORD : 'Correct-Horse-9!';
};
/** Where the route takes the card from (reset: the e-mailed link). */
const cardRoute = (card: AuthCard) =>
  card === 'reset' ? `${AUTH_CARDS.reset.route}?id=${RESET_ID}&username=${encodeURIComponent(ACCOUNT_EMAIL)}` : AUTH_CARDS[card].route;
/** Calls the real server answers well for these values: a real log-in and sign-up. */
const REAL_SUCCESS: ReadonlySet<string> = new Set(['login', 'signup']);
const done = (id: AuthCard | 'resend') => `${id} done`;
const refused = (id: AuthCard | 'resend') => `${id === 'resend' ? 'Resend' : AUTH_CARDS[id].title} refused by the server.`;

const CALL_NAMES: Record<AuthCard | 'resend', string> = {
  login: 'the log-in',
  signup: 'the sign-up',
  confirm: 'the code',
  forgot: 'the request for a reset link',
  reset: 'the new password',
  resend: 'the request for a new code',
};

const authContext = (snapshot: AnyMachineSnapshot) => snapshot.context as AuthCardContext;

/** What the page can cause on the cards: open a card, type good values, press its buttons, and the server's answers. */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { card, values } = authContext(snapshot);
  const outcome = (id: AuthCard | 'resend') => [
    { type: `xstate.done.actor.${id}`, output: { message: done(id) } },
    { type: `xstate.error.actor.${id}`, error: authFailures.rejected(refused(id)) },
  ];
  if (snapshot.matches('resending')) return outcome('resend');
  if (snapshot.matches('submitting'))
    return [...outcome(card), ...(card === 'login' ? [{ type: 'xstate.error.actor.login', error: authFailures.notConfirmed }] : [])];
  if (!snapshot.matches('editing')) return [];
  const empty = CARD_FIELDS[card].filter((field) => values[field] === '');
  const fresh =
    snapshot.matches({ editing: 'idle' }) &&
    empty.length === CARD_FIELDS[card].filter((field) => field !== 'username' || card !== 'reset').length;
  return [
    ...(fresh
      ? AUTH_CARD_NAMES.filter((other) => other !== card).map((other) => ({
          type: 'card.open',
          card: other,
          ...(other === 'reset' ? { prefill: { username: ACCOUNT_EMAIL, id: RESET_ID } } : {}),
        }))
      : []),
    ...(empty[0] ? [{ type: 'field.change', field: empty[0], value: pageValue(card, empty[0]) }] : [{ type: 'submit' }]),
    ...((card === 'login' || card === 'confirm') && values.username !== '' ? [{ type: 'resend' }] : []),
    ...(snapshot.matches({ editing: 'idle' }) ? [] : [{ type: 'notice.dismiss' }]),
    ...(snapshot.matches({ editing: 'notConfirmed' }) ? [{ type: 'confirm.go' }] : []),
  ];
}

function authStep(event: AnyEventObject, before: AnyMachineSnapshot): StepPlan {
  const { card } = authContext(before);
  const server = (id: AuthCard | 'resend', reply: Reply, words: string): StepPlan => ({
    words,
    actions: [{ kind: 'server', call: CALLS[id], reply }],
  });
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (actor) {
    const id = actor[2] as AuthCard | 'resend';
    const name = CALL_NAMES[id];
    if (actor[1] === 'done')
      return REAL_SUCCESS.has(id)
        ? server(id, 'real', `the server accepts ${name}`)
        : server(id, { status: 200, body: { message: done(id) } }, `the server accepts ${name} and says "${done(id)}"`);
    const error = (event as unknown as { error: ApiError }).error;
    return server(id, { status: error.status ?? 400, body: error.body }, `the server refuses ${name}: "${error.message}"`);
  }
  switch (event.type) {
    case 'card.open': {
      const to = (event as unknown as { card: AuthCard }).card;
      return {
        words: `Open ${AUTH_CARDS[to].route}${to === 'reset' ? ' from the e-mailed reset link' : ''}`,
        actions: [{ kind: 'goto', path: cardRoute(to) }],
      };
    }
    case 'field.change': {
      const { field, value } = event as unknown as { field: AuthField; value: string };
      const shown = value === ACCOUNT_EMAIL ? "the account's e-mail address" : value === NEW_EMAIL ? 'a new e-mail address' : `"${value}"`;
      return { words: `Type ${shown} in "${LABELS[field](card)}"`, actions: [{ kind: 'fill', label: LABELS[field](card), value }] };
    }
    case 'submit':
      return { words: 'Press Submit', actions: [{ kind: 'click', role: 'button', name: 'Submit' }] };
    case 'resend': {
      const name = card === 'login' ? 'Resend confirmation code?' : 'Send me a new code';
      return { words: `Press "${name}"`, actions: [{ kind: 'click', role: 'button', name }] };
    }
    case 'notice.dismiss':
      return { words: 'Close the message', actions: [{ kind: 'click', role: 'button', name: 'Close message' }] };
    default:
      return { words: 'Press "Confirm your account"', actions: [{ kind: 'click', role: 'button', name: 'Confirm your account' }] };
  }
}

const onCard = (card: AuthCard): PageCheck[] => [
  { kind: 'url', path: AUTH_CARDS[card].route },
  { kind: 'heading', name: AUTH_CARDS[card].title },
];

function authExpectation(snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined): Expectation {
  const { card, notice } = authContext(snapshot);
  if (snapshot.matches('submitting'))
    return {
      words: `the ${AUTH_CARDS[card].title} card waits for the server`,
      checks: [...onCard(card), { kind: 'button', name: 'Submit', state: 'busy' }],
      waitsFor: CALLS[card],
    };
  if (snapshot.matches('resending')) {
    const name = card === 'login' ? 'Resend confirmation code?' : 'Send me a new code';
    return {
      words: 'a new code is on its way',
      checks: [...onCard(card), { kind: 'button', name, state: 'busy' }],
      waitsFor: CALLS.resend,
    };
  }
  if (snapshot.matches('leaving')) {
    const via = arrivedBy?.type ?? '';
    if (via === 'xstate.done.actor.login')
      return {
        words: 'logged in: the application opens',
        checks: [
          { kind: 'url', path: '/about' },
          { kind: 'heading', name: 'About You' },
        ],
      };
    const next: AuthCard =
      via === 'xstate.done.actor.signup' || via === 'xstate.done.actor.resend' || via === 'confirm.go' ? 'confirm' : 'login';
    return { words: `on to the ${AUTH_CARDS[next].title} card`, checks: onCard(next) };
  }
  if (snapshot.matches({ editing: 'failed' }) || snapshot.matches({ editing: 'notConfirmed' }))
    return {
      words: 'the card says what went wrong',
      checks: [
        ...onCard(card),
        { kind: 'alert', text: notice?.title ?? '' },
        { kind: 'alert', text: notice?.message ?? '' },
        ...(snapshot.matches({ editing: 'notConfirmed' })
          ? [{ kind: 'button', name: 'Confirm your account', state: 'enabled' } as const]
          : []),
      ],
    };
  if (snapshot.matches({ editing: 'sent' }))
    return { words: 'the card says the link is sent', checks: [...onCard(card), { kind: 'text', text: notice?.message ?? '' }] };
  return { words: `the ${AUTH_CARDS[card].title} card`, checks: [...onCard(card), { kind: 'button', name: 'Submit', state: 'enabled' }] };
}

/** The auth cards' test plan (section 2's five cards), for a machine (the product's, or a broken copy). */
export function authCardPagePlan(machine: AnyStateMachine = authCardMachine): PagePlan {
  return {
    model: {
      name: 'authCard',
      machine,
      onlyListed: true,
      events: pageEvents,
      serializeState: (snapshot) => {
        const { card, values, notice } = authContext(snapshot);
        return JSON.stringify([snapshot.value, card, CARD_FIELDS[card].map((field) => values[field] !== ''), notice?.message ?? null]);
      },
    },
    start: AUTH_CARDS.login.route,
    step: authStep,
    expect: authExpectation,
  };
}
