import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  AUTH_CARD_NAMES,
  RESEND_ERROR_TITLE,
  authCardMachine,
  cardErrorTitle,
  errorSummaryOf,
  passwordRequirementsOf,
  type AuthCard,
  type AuthCardContext,
  type AuthCardEvent,
  type AuthCardSnapshot,
} from '../../machines/authCardMachine';
import { api } from '../../machines/api/coreEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { ACCOUNT_MESSAGES, PASSWORD_REQUIREMENTS } from '../../src/catalogue/schema';
import {
  INACTIVITY_CHOSEN_LOGOUT_MESSAGE,
  INACTIVITY_LOGOUT_MESSAGE,
  LOGOUT_MESSAGE,
  SESSION_INVALID_MESSAGE,
} from '../../src/catalogue/messages';
import { RESET_ID, authFailures } from '../qa/models/authCard';
import { controlledActors, startWithSiblings, type StubSibling } from './helpers/siblingHarness';

const ACTOR_NAMES = ['login', 'signup', 'confirm', 'forgotPassword', 'resetPassword', 'resendConfirm'] as const;
const USERNAME = 'Ada@Example.edu ';
const NORMALISED = 'ada@example.edu';
const PASSWORD = 'Correct-Horse-9!';
const CODE = '123456';

const notConfirmed = () => authFailures.notConfirmed;
const badRequest = (message = 'Incorrect email address or password.') => authFailures.rejected(message);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start(card: AuthCard = 'login', without?: readonly StubSibling[]) {
  const control = controlledActors(ACTOR_NAMES);
  const run = startWithSiblings(authCardMachine.provide({ actors: control.actors }), { systemId: SYSTEM_IDS.authCard, without });
  const send = (event: AuthCardEvent) => run.subject.send(event);
  if (card !== 'login') send({ type: 'card.open', card });
  const fill = (values: Partial<Record<keyof AuthCardContext['values'], string>>) => {
    for (const [field, value] of Object.entries(values))
      send({ type: 'field.change', field: field as keyof AuthCardContext['values'], value });
  };
  const context = () => run.snapshot().context as AuthCardContext;
  return { ...run, control, send, fill, context };
}

describe('authCardMachine: fields and validation', () => {
  it('starts editing the login card with empty fields (no input needed)', () => {
    const actor = createActor(authCardMachine).start();
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.card).toBe('login');
    expect(actor.getSnapshot().context.values.username).toBe('');
    actor.stop();
  });

  it('shows the login wording for a bad username once the field is left, and the password only on submit', () => {
    const t = start('login');
    t.fill({ username: 'ada', password: '' });
    expect(t.context().errors).toEqual({});
    t.send({ type: 'field.blur', field: 'username' });
    t.send({ type: 'field.blur', field: 'password' });
    expect(t.context().errors).toEqual({ username: ACCOUNT_MESSAGES.loginUsernameInvalid });
    t.send({ type: 'submit' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().errors).toEqual({
      username: 'Please provide a valid email address.',
      password: 'Password is required.',
    });
    t.fill({ username: USERNAME });
    expect(t.context().errors).toEqual({ password: 'Password is required.' });
    t.stop();
  });

  it('uses the general username wording on the other cards', () => {
    for (const card of ['signup', 'confirm', 'forgot', 'reset'] as const) {
      const t = start(card);
      t.fill({ username: 'nobody' });
      t.send({ type: 'field.blur', field: 'username' });
      expect(t.context().errors.username).toBe('Your email address must be valid.');
      t.stop();
    }
  });

  it('checks the confirmation code and the reset password pair', () => {
    const confirm = start('confirm');
    confirm.fill({ username: USERNAME, code: '12a' });
    confirm.send({ type: 'submit' });
    expect(confirm.context().errors).toEqual({ code: 'The confirmation code must be exactly 6 numbers.' });
    confirm.stop();

    const reset = start('reset');
    reset.send({ type: 'card.open', card: 'reset', prefill: { username: USERNAME, id: RESET_ID } });
    reset.fill({ password: PASSWORD, confirm_password: 'Another-Horse-9!' });
    reset.send({ type: 'submit' });
    expect(reset.context().errors).toEqual({ confirm_password: 'passwords must match' });
    reset.fill({ confirm_password: PASSWORD });
    expect(reset.context().errors).toEqual({});
    reset.stop();
  });

  it('lists the password requirements as inactive, error or success', () => {
    const t = start('signup');
    expect(passwordRequirementsOf(t.snapshot() as AuthCardSnapshot).map((r) => r.state)).toEqual(
      PASSWORD_REQUIREMENTS.map(() => 'inactive'),
    );
    t.fill({ password: 'abc' });
    const states = Object.fromEntries(passwordRequirementsOf(t.snapshot() as AuthCardSnapshot).map((r) => [r.id, r.state]));
    expect(states).toMatchObject({ length: 'error', lowercase: 'success', uppercase: 'error', whitespace: 'success' });
    t.fill({ password: PASSWORD });
    expect(passwordRequirementsOf(t.snapshot() as AuthCardSnapshot).every((r) => r.state === 'success')).toBe(true);
    t.stop();
  });

  it('opens each card from the route with its prefill, and shows a passed error message inline', () => {
    const t = start('signup');
    t.send({ type: 'card.open', card: 'reset', prefill: { username: NORMALISED, id: RESET_ID } });
    expect(t.context()).toMatchObject({ card: 'reset', values: { username: NORMALISED, id: RESET_ID }, notice: null });
    t.send({ type: 'card.open', card: 'login', prefill: { errorMessage: 'Your session is invalid.' } });
    expect(t.snapshot().matches({ editing: 'failed' })).toBe(true);
    expect(t.context().notice).toEqual({ severity: 'error', title: 'Error', message: 'Your session is invalid.' });
    t.send({ type: 'notice.dismiss' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().notice).toBeNull();
    t.send({ type: 'card.open', card: 'login', prefill: { errorMessage: 'First.' } });
    t.send({ type: 'card.open', card: 'login', prefill: { errorMessage: 'Second.' } });
    expect(t.context().notice?.message).toBe('Second.');
    t.send({ type: 'card.open', card: 'signup' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().notice).toBeNull();
    t.stop();
  });
});

describe('authCardMachine: a logout the applicant chose', () => {
  it('is a neutral notice on Log In, with no "Error" title; a session that ended stays an error', () => {
    const t = start('login');
    for (const message of [LOGOUT_MESSAGE, INACTIVITY_CHOSEN_LOGOUT_MESSAGE]) {
      t.send({ type: 'card.open', card: 'login', prefill: { errorMessage: message } });
      expect(t.context().notice).toEqual({ severity: 'info', title: '', message });
    }
    for (const message of [SESSION_INVALID_MESSAGE, INACTIVITY_LOGOUT_MESSAGE]) {
      t.send({ type: 'card.open', card: 'login', prefill: { errorMessage: message } });
      expect(t.context().notice).toEqual({ severity: 'error', title: 'Error', message });
    }
    t.stop();
  });
});

describe('authCardMachine: the error summary of a refused submit', () => {
  it('lists the message of each field in the card order from the first refused submit, counting the attempts', () => {
    const t = start('signup');
    const summary = () => errorSummaryOf(t.snapshot() as AuthCardSnapshot);
    t.fill({ username: 'not-an-address' });
    t.send({ type: 'field.blur', field: 'username' });
    // A field left with an error is no summary yet.
    expect(summary()).toEqual({ attempt: 0, items: [] });
    t.send({ type: 'submit' });
    expect(summary().attempt).toBe(1);
    expect(summary().items.map((item) => item.field)).toEqual(['username', 'password']);
    expect(summary().items[0]!.message).toBe(t.context().errors.username);
    t.fill({ username: NORMALISED });
    expect(summary().items.map((item) => item.field)).toEqual(['password']);
    t.send({ type: 'submit' });
    expect(summary().attempt).toBe(2);
    // A new card starts without one.
    t.send({ type: 'card.open', card: 'login' });
    expect(summary()).toEqual({ attempt: 0, items: [] });
    t.stop();
  });
});

describe('authCardMachine: a fresh card and a submit of it empty', () => {
  it('opens every card with empty inputs, nothing revealed, whatever the card before held', () => {
    const t = start('signup');
    t.fill({ username: USERNAME, password: PASSWORD, confirm_password: PASSWORD, code: CODE, id: 'x' });
    t.send({ type: 'field.blur', field: 'username' });
    for (const card of AUTH_CARD_NAMES) {
      t.send({ type: 'card.open', card });
      expect(t.context().values).toEqual({ username: '', password: '', confirm_password: '', code: '', id: '' });
      expect(t.context().revealed).toEqual([]);
      expect(t.context().errors).toEqual({});
    }
    t.stop();
  });

  it.each([
    ['login', ['password', 'username']],
    ['signup', ['password', 'username']],
    ['confirm', ['code', 'username']],
    ['forgot', ['username']],
    ['reset', ['confirm_password', 'id', 'password', 'username']],
  ] as const)('shows, on submitting the %s card empty, an error under each of its inputs', (card, fields) => {
    const t = start(card);
    // The confirmation only says the two passwords differ.
    if (card === 'reset') t.fill({ password: 'x' });
    t.send({ type: 'submit' });
    expect(Object.keys(t.context().errors).sort()).toEqual(fields);
    t.stop();
  });
});

describe('authCardMachine: calls and navigations', () => {
  it('logs in with the normalised form, tells the session and goes to the default route', async () => {
    const t = start('login');
    t.fill({ username: USERNAME, password: PASSWORD });
    t.send({ type: 'submit' });
    expect(t.snapshot().matches({ submitting: 'login' })).toBe(true);
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.control.calls[0]).toMatchObject({ name: 'login', input: { username: NORMALISED, password: PASSWORD } });
    await t.control.resolve('login', { message: 'You are now logged in.' });
    expect(t.snapshot().matches('leaving')).toBe(true);
    expect(t.snapshot().can({ type: 'submit' })).toBe(false);
    expect(t.received(SYSTEM_IDS.session)).toEqual([{ type: 'session.loggedIn' }]);
    expect(t.received(SYSTEM_IDS.navigation)).toEqual([{ type: 'navigate', to: '/about', state: undefined }]);
    t.stop();
  });

  it('shows a failed login inline as "Log In Error" and lets it be dismissed', async () => {
    const t = start('login');
    t.fill({ username: USERNAME, password: 'wrong' });
    t.send({ type: 'submit' });
    await t.control.reject('login', badRequest());
    expect(t.snapshot().matches({ editing: 'failed' })).toBe(true);
    expect(t.context().notice).toEqual({ severity: 'error', title: 'Log In Error', message: 'Incorrect email address or password.' });
    expect(t.received(SYSTEM_IDS.toasts)).toEqual([]);
    t.send({ type: 'notice.dismiss' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    t.stop();
  });

  it('offers the confirmation page when the account is not confirmed', async () => {
    const t = start('login');
    t.fill({ username: USERNAME, password: PASSWORD });
    t.send({ type: 'submit' });
    await t.control.reject('login', notConfirmed());
    expect(t.snapshot().matches({ editing: 'notConfirmed' })).toBe(true);
    expect(t.context().notice?.title).toBe('Log In Error');
    t.send({ type: 'notice.dismiss' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().notice).toBeNull();
    t.send({ type: 'submit' });
    // A new try hides the last answer while it runs.
    expect(t.context().notice).toBeNull();
    await t.control.reject('login', notConfirmed());
    t.send({ type: 'confirm.go' });
    expect(t.snapshot().matches('leaving')).toBe(true);
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.received(SYSTEM_IDS.navigation)).toEqual([{ type: 'navigate', to: '/confirm', state: { username: NORMALISED } }]);
    t.stop();
  });

  it('goes from sign-up to /confirm with the username and the server message', async () => {
    const t = start('signup');
    t.fill({ username: USERNAME, password: PASSWORD });
    t.send({ type: 'submit' });
    await t.control.resolve('signup', { message: 'We sent a confirmation code.' });
    expect(t.received(SYSTEM_IDS.navigation)).toEqual([
      { type: 'navigate', to: '/confirm', state: { username: NORMALISED, successMessage: 'We sent a confirmation code.' } },
    ]);
    t.stop();
  });

  it('goes from confirm and from reset to /login', async () => {
    const confirm = start('confirm');
    confirm.send({ type: 'card.open', card: 'confirm', prefill: { username: NORMALISED } });
    confirm.fill({ code: ` ${CODE} ` });
    confirm.send({ type: 'submit' });
    expect(confirm.control.calls[0]?.input).toEqual({ username: NORMALISED, code: CODE });
    await confirm.control.resolve('confirm', { message: 'Your account is confirmed.' });
    expect(confirm.received(SYSTEM_IDS.navigation)[0]).toMatchObject({
      to: '/login',
      state: { successMessage: 'Your account is confirmed.' },
    });
    confirm.stop();

    const reset = start('reset');
    reset.send({ type: 'card.open', card: 'reset', prefill: { username: NORMALISED, id: RESET_ID } });
    reset.fill({ password: PASSWORD, confirm_password: PASSWORD });
    reset.send({ type: 'submit' });
    expect(reset.control.calls[0]?.input).toEqual({ username: NORMALISED, id: RESET_ID, password: PASSWORD, confirm_password: PASSWORD });
    await reset.control.resolve('reset', { message: 'Your password has been changed.' });
    expect(reset.snapshot().matches('leaving')).toBe(true);
    expect(reset.received(SYSTEM_IDS.navigation)[0]).toMatchObject({ to: '/login' });
    reset.stop();
  });

  it('refuses a reset link without a valid id', () => {
    const t = start('reset');
    t.send({ type: 'card.open', card: 'reset', prefill: { username: NORMALISED, id: 'short' } });
    t.fill({ password: PASSWORD, confirm_password: PASSWORD });
    t.send({ type: 'submit' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().errors).toEqual({ id: ACCOUNT_MESSAGES.resetIdInvalid });
    t.stop();
  });

  it('shows the forgot-password success as a closable message', async () => {
    const t = start('forgot');
    t.fill({ username: USERNAME });
    t.send({ type: 'submit' });
    await t.control.resolve('forgot', { message: 'If an account exists, we sent a link.' });
    expect(t.snapshot().matches({ editing: 'sent' })).toBe(true);
    expect(t.context().notice).toEqual({ severity: 'success', title: 'Success', message: 'If an account exists, we sent a link.' });
    t.send({ type: 'notice.dismiss' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().notice).toBeNull();
    t.stop();
  });

  it('names each card error after the card title', async () => {
    const titles: Record<AuthCard, string> = {
      login: 'Log In Error',
      signup: 'Sign Up Error',
      confirm: 'Confirm Your Account Error',
      forgot: 'Forgot Password Error',
      reset: 'Reset Password Error',
    };
    for (const card of AUTH_CARD_NAMES) {
      expect(cardErrorTitle(card)).toBe(titles[card]);
      const t = start(card);
      t.send({ type: 'card.open', card, prefill: { username: USERNAME, id: RESET_ID } });
      t.fill({ password: PASSWORD, confirm_password: PASSWORD, code: CODE });
      t.send({ type: 'submit' });
      await t.control.reject(card, badRequest('Nope.'));
      expect(t.context().notice).toEqual({ severity: 'error', title: titles[card], message: 'Nope.' });
      t.stop();
    }
  });

  it('resends the code only with a valid e-mail, then goes to /confirm', async () => {
    const t = start('login');
    t.fill({ username: 'ada' });
    t.send({ type: 'resend' });
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().errors.username).toBe('You must provide a valid email address to resend a confirmation code.');
    t.fill({ username: USERNAME });
    t.send({ type: 'resend' });
    expect(t.snapshot().matches('resending')).toBe(true);
    expect(t.control.calls[0]).toMatchObject({ name: 'resendConfirm', input: { username: NORMALISED } });
    await t.control.resolve('resend', { message: 'We sent a new code.' });
    expect(t.received(SYSTEM_IDS.navigation)).toEqual([
      { type: 'navigate', to: '/confirm', state: { username: NORMALISED, successMessage: 'We sent a new code.' } },
    ]);
    t.stop();
  });

  it('shows a failed resend as "Resend Confirmation Code Error"', async () => {
    const t = start('confirm');
    t.fill({ username: USERNAME });
    t.send({ type: 'resend' });
    await t.control.reject('resend', badRequest('Mail is down.'));
    expect(t.snapshot().matches({ editing: 'failed' })).toBe(true);
    expect(t.context().notice).toEqual({ severity: 'error', title: RESEND_ERROR_TITLE, message: 'Mail is down.' });
    t.send({ type: 'resend' });
    expect(t.snapshot().matches('resending')).toBe(true);
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.context().notice).toBeNull();
    // Section 8's words, as the applicant reads them.
    expect(RESEND_ERROR_TITLE).toBe('Resend Confirmation Code Error');
    t.stop();
  });

  it('offers the confirmation page only for a 403 that says the account is not confirmed', async () => {
    const refusals = [
      new ApiError('Forbidden.', 'http', 403, { message: 'Forbidden.' }),
      new ApiError('Not confirmed.', 'http', 400, { message: 'Not confirmed.', code: 'UserNotConfirmed' }),
      Object.assign(new Error('Not confirmed.'), { status: 403, body: { code: 'UserNotConfirmed' } }),
    ];
    for (const refusal of refusals) {
      const t = start('login');
      t.fill({ username: USERNAME, password: PASSWORD });
      t.send({ type: 'submit' });
      await t.control.reject('login', refusal);
      expect(t.snapshot().matches({ editing: 'failed' }), refusal.message).toBe(true);
      expect(t.snapshot().can({ type: 'confirm.go' })).toBe(false);
      t.stop();
    }
  });

  it('says why a resend cannot go on the confirm card too', () => {
    const t = start('confirm');
    t.fill({ username: 'ada' });
    t.send({ type: 'resend' });
    expect(t.context().errors.username).toBe('You must provide a valid email address to resend a confirmation code.');
    t.stop();
  });

  it('offers resend only on the login and confirm cards', () => {
    const t = start('signup');
    t.fill({ username: USERNAME });
    expect(t.snapshot().can({ type: 'resend' })).toBe(false);
    t.send({ type: 'card.open', card: 'login' });
    expect(t.snapshot().can({ type: 'resend' })).toBe(true);
    t.stop();
  });

  it('asks the answers actor to carry the student answers on the sign-up and forgot links only', () => {
    const t = start('login');
    t.send({ type: 'link.follow', to: 'signup' });
    t.send({ type: 'link.follow', to: 'forgot' });
    t.send({ type: 'link.follow', to: 'login' });
    // The answers actor navigates with its answers in the navigation state (answersMachine.test.ts).
    expect(t.received(SYSTEM_IDS.answers)).toEqual([
      { type: 'answers.carryTo', to: '/signup' },
      { type: 'answers.carryTo', to: '/forgot' },
    ]);
    expect(t.received(SYSTEM_IDS.navigation)).toEqual([{ type: 'navigate', to: '/login' }]);
    t.stop();
  });

  it('follows the links itself while the form actors are not loaded: there are no answers to carry', () => {
    const t = start('login', [SYSTEM_IDS.answers]);
    t.send({ type: 'link.follow', to: 'signup' });
    t.send({ type: 'link.follow', to: 'forgot' });
    expect(t.received(SYSTEM_IDS.navigation)).toEqual([
      { type: 'navigate', to: '/signup' },
      { type: 'navigate', to: '/forgot' },
    ]);
    t.stop();
  });

  it('cancels a call in flight when the route changes', () => {
    const t = start('login');
    t.fill({ username: USERNAME, password: PASSWORD });
    t.send({ type: 'submit' });
    t.send({ type: 'card.open', card: 'signup' });
    expect(t.control.calls[0]?.signal.aborted).toBe(true);
    expect(t.snapshot().matches({ editing: 'idle' })).toBe(true);
    expect(t.context().card).toBe('signup');
    t.stop();
  });

  it('runs alone without siblings', async () => {
    const control = controlledActors(ACTOR_NAMES);
    const actor = createActor(authCardMachine.provide({ actors: control.actors })).start();
    actor.send({ type: 'field.change', field: 'username', value: USERNAME });
    actor.send({ type: 'field.change', field: 'password', value: PASSWORD });
    actor.send({ type: 'submit' });
    await control.resolve('login', { message: 'ok' });
    expect(actor.getSnapshot().matches('leaving')).toBe(true);
    actor.send({ type: 'link.follow', to: 'signup' });
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

describe('authCardMachine: the server calls (issue 14)', () => {
  it('sends each card to its own call: the form as the schema outputs it, with the abort signal', async () => {
    const ok = { message: 'ok' };
    const calls = {
      login: vi.spyOn(api, 'login').mockResolvedValue(ok),
      signup: vi.spyOn(api, 'signup').mockResolvedValue(ok),
      confirm: vi.spyOn(api, 'confirm').mockResolvedValue(ok),
      forgot: vi.spyOn(api, 'forgotPassword').mockResolvedValue(ok),
      reset: vi.spyOn(api, 'resetPassword').mockResolvedValue(ok),
      resend: vi.spyOn(api, 'resendConfirm').mockResolvedValue(ok),
    };
    const forms: Record<AuthCard, Partial<AuthCardContext['values']>> = {
      login: { username: USERNAME, password: PASSWORD },
      signup: { username: USERNAME, password: PASSWORD },
      confirm: { username: USERNAME, code: CODE },
      forgot: { username: USERNAME },
      reset: { username: USERNAME, password: PASSWORD, confirm_password: PASSWORD },
    };
    for (const card of AUTH_CARD_NAMES) {
      const actor = createActor(authCardMachine).start();
      actor.send({ type: 'card.open', card, prefill: { id: RESET_ID } });
      for (const [field, value] of Object.entries(forms[card]))
        actor.send({ type: 'field.change', field: field as keyof AuthCardContext['values'], value });
      actor.send({ type: 'submit' });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls[card]).toHaveBeenCalledWith(expect.objectContaining({ ...forms[card], username: NORMALISED }), expect.any(AbortSignal));
      actor.stop();
    }
    const actor = createActor(authCardMachine).start();
    actor.send({ type: 'field.change', field: 'username', value: USERNAME });
    actor.send({ type: 'resend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.resend).toHaveBeenCalledWith({ username: NORMALISED }, expect.any(AbortSignal));
    actor.stop();
    for (const call of Object.values(calls)) call.mockRestore();
  });
});
