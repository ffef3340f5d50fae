import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StaffApplication, StaffMember } from '../../machines/api/consoleEndpoints';
import { consoleApplicationMachine } from '../../machines/consoleApplicationMachine';
import { ApiError } from '../../machines/api/httpClient';
import { CONSOLE_SESSION_MESSAGES, consoleInactivity, consoleSessionMachine } from '../../machines/consoleSessionMachine';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { ACCOUNT_MESSAGES } from '../../src/catalogue/schema/account';
import { PASSKEY_MESSAGES } from '../../machines/api/passkeys';
import { STAFF_MESSAGES } from '../../src/catalogue/schema/staff';
import { connectInactivity } from '../../machines/inactivityView';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../src/catalogue/limits';

/*
 * The console's session, through its view API: who is signed in, and the two steps of a sign-in
 * (e-mail and password, then a code), against stand-ins of the staff calls.
 */

const READER: StaffMember = { email: 'reader@college.test', role: 'reader' };
const unauthorised = (message = 'Please sign in to the staff console.') => new ApiError(message, 'unauthorised', 401);
const refused = (message: string) => new ApiError(message, 'http', 400);

function start(
  calls: Partial<Record<'me' | 'signIn' | 'secondFactor' | 'passkey' | 'signOut', (input: unknown) => Promise<unknown>>> = {},
) {
  const fake = {
    me: vi.fn(calls.me ?? (() => Promise.reject(unauthorised()))),
    signIn: vi.fn(calls.signIn ?? (() => Promise.resolve({ message: '' }))),
    secondFactor: vi.fn(calls.secondFactor ?? (() => Promise.resolve({ ...READER, message: 'You are now signed in.' }))),
    passkey: vi.fn(calls.passkey ?? (() => Promise.resolve({ ...READER, message: 'You are now signed in.' }))),
    signOut: vi.fn(calls.signOut ?? (() => Promise.resolve({ message: '' }))),
    /** An application's page load: it never answers here, the test watches which were asked and dropped. */
    application: vi.fn((_id: number, _signal: AbortSignal) => new Promise<StaffApplication>(() => undefined)),
  };
  const actor = createActor(
    consoleSessionMachine.provide({
      actors: {
        loadMe: fromPromise(() => fake.me(undefined) as Promise<StaffMember>),
        signIn: fromPromise(({ input }) => fake.signIn(input)),
        secondFactor: fromPromise(({ input }) => fake.secondFactor(input) as Promise<StaffMember>),
        passkeySignIn: fromPromise(() => fake.passkey(undefined) as Promise<StaffMember>),
        signOut: fromPromise(() => fake.signOut(undefined)),
        // Continue in 'Still working?' asks who is signed in, as the console's first call does.
        inactivity: consoleInactivity.provide({ actors: { touchSession: fromPromise(() => fake.me(undefined)) } }),
        consoleApplication: consoleApplicationMachine.provide({
          actors: {
            loadApplication: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
              fake.application(input.id, signal),
            ),
          },
        }),
      },
    }),
  ).start();
  const view = () => connectConsoleSession(actor.getSnapshot(), (event) => actor.send(event));
  const settled = () => vi.waitFor(() => expect(view().busy).toBe(false));
  return { actor, fake, view, settled };
}

afterEach(() => vi.restoreAllMocks());

describe("the console's session", () => {
  it('asks who the staff cookie signs in: nobody is the sign-in page', async () => {
    const run = start();
    expect(run.view().phase).toBe('checking');
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    expect(run.view().staff).toBeNull();
  });

  it('opens signed in when the cookie still signs someone in', async () => {
    const run = start({ me: () => Promise.resolve(READER) });
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
    expect(run.view().staff).toEqual(READER);
  });

  it('says the console could not load when the server cannot be asked, and tries again', async () => {
    const me = vi.fn<() => Promise<StaffMember>>().mockRejectedValueOnce(new ApiError('The server is down.', 'http', 500));
    me.mockResolvedValueOnce(READER);
    const run = start({ me });
    await vi.waitFor(() => expect(run.view().phase).toBe('failed'));
    expect(run.view().message).toBe('The server is down.');
    run.view().retry();
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
  });

  it("checks the fields with the server's own rules before any call", async () => {
    const run = start();
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    run.view().signIn('not an address', '');
    expect(run.view().fieldErrors).toEqual({
      email: ACCOUNT_MESSAGES.loginUsernameInvalid,
      password: expect.any(String) as unknown,
    });
    expect(run.fake.signIn).not.toHaveBeenCalled();
  });

  it('signs in with the password, then the code; a refused code keeps the code step with its message', async () => {
    const secondFactor = vi
      .fn<(input: unknown) => Promise<unknown>>()
      .mockRejectedValueOnce(refused('This code is not correct or was already used.'))
      .mockResolvedValueOnce({ ...READER, message: 'You are now signed in.' });
    const run = start({ secondFactor });
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    run.view().signIn(READER.email, 'correct horse battery staple');
    expect(run.view().busy).toBe(true);
    await run.settled();
    expect(run.fake.signIn).toHaveBeenCalledWith({ email: READER.email, password: 'correct horse battery staple' });
    expect(run.view()).toMatchObject({ phase: 'code', email: READER.email });
    run.view().enterCode('12');
    expect(run.view().fieldErrors).toEqual({ code: STAFF_MESSAGES.secondFactorInvalid });
    expect(secondFactor).not.toHaveBeenCalled();
    run.view().enterCode('123 456');
    await run.settled();
    expect(secondFactor).toHaveBeenCalledWith({ code: '123 456' });
    expect(run.view()).toMatchObject({ phase: 'code', message: 'This code is not correct or was already used.' });
    run.view().enterCode('654321');
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
    expect(run.view()).toMatchObject({ staff: READER, message: null });
  });

  it('shows a refused password and stays at the first step', async () => {
    const run = start({ signIn: () => Promise.reject(refused('Incorrect email address or password.')) });
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    run.view().signIn(READER.email, 'wrong password');
    await run.settled();
    expect(run.view()).toMatchObject({ phase: 'password', message: 'Incorrect email address or password.' });
  });

  it('goes back to the first step when the time for the code passed (401), or on "Use another account"', async () => {
    const run = start({ secondFactor: () => Promise.reject(unauthorised('Please sign in again.')) });
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    run.view().signIn(READER.email, 'correct horse battery staple');
    await run.settled();
    run.view().enterCode('123456');
    await run.settled();
    expect(run.view()).toMatchObject({ phase: 'password', message: 'Please sign in again.' });
    run.view().signIn(READER.email, 'correct horse battery staple');
    await run.settled();
    run.view().restart();
    expect(run.view()).toMatchObject({ phase: 'password', message: null });
  });

  it('signs out, and ends the session when any call is answered 401', async () => {
    const run = start({ me: () => Promise.resolve(READER) });
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
    run.view().signOut();
    expect(run.view()).toMatchObject({ busy: true, staff: READER });
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    expect(run.view()).toMatchObject({ staff: null, message: CONSOLE_SESSION_MESSAGES.signedOut });

    const again = start({ me: () => Promise.resolve(READER) });
    await vi.waitFor(() => expect(again.view().phase).toBe('signedIn'));
    again.actor.send({ type: 'console.unauthorised' });
    expect(again.view()).toMatchObject({ phase: 'password', staff: null, message: CONSOLE_SESSION_MESSAGES.signInAgain });
  });

  it('stays signed in and says so when the sign-out call fails', async () => {
    const run = start({
      me: () => Promise.resolve(READER),
      signOut: () => Promise.reject(new ApiError('The server is down.', 'network', undefined)),
    });
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
    run.view().signOut();
    await run.settled();
    expect(run.view()).toMatchObject({ phase: 'signedIn', staff: READER, message: 'The server is down.' });
  });

  it('signs in with a passkey beside the code; a cancelled prompt or a refused passkey keeps the code step usable', async () => {
    const passkey = vi
      .fn<(input: unknown) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error(PASSKEY_MESSAGES.notUsed))
      .mockRejectedValueOnce(refused('This passkey was not accepted.'))
      .mockResolvedValueOnce({ ...READER, message: 'You are now signed in.' });
    const run = start({ passkey });
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    // Not before the password step.
    run.actor.send({ type: 'console.passkey' });
    expect(passkey).not.toHaveBeenCalled();
    run.view().signIn(READER.email, 'correct horse battery staple');
    await run.settled();

    run.view().signInWithPasskey();
    expect(run.view()).toMatchObject({ phase: 'code', busy: true, passkeyBusy: true });
    await run.settled();
    expect(run.view()).toMatchObject({ phase: 'code', passkeyBusy: false, message: PASSKEY_MESSAGES.notUsed });
    run.view().signInWithPasskey();
    await run.settled();
    expect(run.view()).toMatchObject({ phase: 'code', message: 'This passkey was not accepted.' });
    // The code still works after the refusals.
    run.view().enterCode('123456');
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
    expect(run.fake.secondFactor).toHaveBeenCalledWith({ code: '123456' });
    expect(passkey).toHaveBeenCalledTimes(2);

    const byPasskey = start({ passkey: () => Promise.resolve({ ...READER, message: 'You are now signed in.' }) });
    await vi.waitFor(() => expect(byPasskey.view().phase).toBe('password'));
    byPasskey.view().signIn(READER.email, 'correct horse battery staple');
    await byPasskey.settled();
    byPasskey.view().signInWithPasskey();
    await vi.waitFor(() => expect(byPasskey.view().phase).toBe('signedIn'));
    expect(byPasskey.view()).toMatchObject({ staff: READER, message: null });
  });

  it('goes back to the first step when the password step has ended before the passkey answered (401)', async () => {
    const run = start({ passkey: () => Promise.reject(unauthorised('Please sign in again.')) });
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    run.view().signIn(READER.email, 'correct horse battery staple');
    await run.settled();
    run.view().signInWithPasskey();
    await run.settled();
    expect(run.view()).toMatchObject({ phase: 'password', message: 'Please sign in again.' });
  });
});

describe("the console's 'Still working?'", () => {
  afterEach(() => vi.useRealTimers());

  /** Signed in at once (the cookie still signs in), with the clock in the test's hands. */
  async function signedIn(calls: Parameters<typeof start>[0] = {}) {
    vi.useFakeTimers();
    const run = start({ me: () => Promise.resolve(READER), ...calls });
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
    const inactivity = () => run.view().inactivity;
    const warning = () => {
      const actor = inactivity();
      return actor ? connectInactivity(actor.getSnapshot(), actor.send).warning : false;
    };
    return { ...run, inactivity, warning };
  }

  it('asks after 14 minutes without activity and signs out after 15, saying why', async () => {
    const run = await signedIn();
    expect(run.inactivity()).toBeDefined();
    await vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS - 1_000);
    expect(run.warning()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run.warning()).toBe(true);
    await vi.advanceTimersByTimeAsync(INACTIVITY_WARNING_MS);
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    expect(run.fake.signOut).toHaveBeenCalledTimes(1);
    expect(run.view().message).toBe(CONSOLE_SESSION_MESSAGES.idle);
    expect(run.inactivity()).toBeUndefined();
  });

  it('Continue keeps the session on the server too and starts the count again', async () => {
    const run = await signedIn();
    await vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS);
    expect(run.warning()).toBe(true);
    const callsBefore = run.fake.me.mock.calls.length;
    connectInactivity(run.inactivity()!.getSnapshot(), run.inactivity()!.send).keepWorking(Date.now());
    await vi.waitFor(() => expect(run.warning()).toBe(false));
    expect(run.fake.me.mock.calls.length).toBe(callsBefore + 1);
    await vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS - 1_000);
    expect(run.view().phase).toBe('signedIn');
    expect(run.warning()).toBe(false);
  });

  it('activity pushes the question back; Sign out in the question is an ordinary sign-out', async () => {
    const run = await signedIn();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    connectInactivity(run.inactivity()!.getSnapshot(), run.inactivity()!.send).reportActivity(Date.now());
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run.warning()).toBe(false);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(run.warning()).toBe(true);
    connectInactivity(run.inactivity()!.getSnapshot(), run.inactivity()!.send).logOut();
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    expect(run.view().message).toBe(CONSOLE_SESSION_MESSAGES.signedOut);
  });

  it('a session the server already ended, found by Continue, asks to sign in again', async () => {
    const me = vi.fn<() => Promise<StaffMember>>().mockResolvedValueOnce(READER).mockRejectedValue(unauthorised());
    const run = await signedIn({ me });
    await vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS);
    connectInactivity(run.inactivity()!.getSnapshot(), run.inactivity()!.send).keepWorking(Date.now());
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    expect(run.view().message).toBe(CONSOLE_SESSION_MESSAGES.signInAgain);
    expect(run.fake.signOut).not.toHaveBeenCalled();
  });
});

describe("the console's application pages", () => {
  it('runs the page actor of the application an address shows, one at a time, and none elsewhere or once signed out', async () => {
    const run = start({ me: () => Promise.resolve(READER) });
    await vi.waitFor(() => expect(run.view().phase).toBe('signedIn'));
    const page = () => run.actor.getSnapshot().children.consoleApplication;
    run.actor.send({ type: 'console.located', pathname: '/staff' });
    expect(page()).toBeUndefined();

    run.actor.send({ type: 'console.located', pathname: '/staff/applications/7' });
    expect(page()).toBeDefined();
    expect(run.fake.application).toHaveBeenLastCalledWith(7, expect.any(AbortSignal));
    const first = page();
    // The same address again (a re-render, a reload of the list beside it) keeps the page.
    run.actor.send({ type: 'console.located', pathname: '/staff/applications/7' });
    expect(page()).toBe(first);
    expect(run.fake.application).toHaveBeenCalledTimes(1);

    run.actor.send({ type: 'console.located', pathname: '/staff/applications/8' });
    expect(page()).not.toBe(first);
    expect(run.fake.application).toHaveBeenLastCalledWith(8, expect.any(AbortSignal));
    expect(run.fake.application.mock.calls[0]![1].aborted).toBe(true);

    run.actor.send({ type: 'console.located', pathname: '/staff/applications/x' });
    expect(page()).toBeUndefined();
    expect(run.fake.application.mock.calls[1]![1].aborted).toBe(true);

    run.actor.send({ type: 'console.located', pathname: '/staff/applications/9' });
    expect(page()).toBeDefined();
    run.view().signOut();
    await vi.waitFor(() => expect(run.view().phase).toBe('password'));
    expect(page()).toBeUndefined();
    expect(run.fake.application.mock.calls[2]![1].aborted).toBe(true);
  });
});
