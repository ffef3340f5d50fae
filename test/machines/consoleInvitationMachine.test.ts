import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Accepted, StaffMember, TotpSetup } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { consoleInvitationMachine } from '../../machines/consoleInvitationMachine';
import { connectConsoleInvitation } from '../../machines/consoleInvitationView';
import { PASSKEY_MESSAGES } from '../../machines/api/passkeys';
import { STAFF_MESSAGES } from '../../src/catalogue/schema/staff';

/*
 * Accepting an invitation to the console, through the page's view API, against stand-ins of the
 * invitation calls: whom it is for, a password, the authenticator set up, the recovery codes.
 */

const ID = 'a'.repeat(43);
const MEMBER: StaffMember = { email: 'new.reader@college.test', role: 'reader' };
const SETUP: TotpSetup = { otpauth_uri: 'otpauth://totp/x', setup_key: 'ABCD EFGH', qr_svg: '<svg/>' };
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
const ACCEPTED: Accepted = { ...MEMBER, message: 'Your staff account is ready.', recovery_codes: CODES };
const PASSWORD = 'Northfield-2027-pass';
const ADDED = 'Your passkey was added.';

function start(
  overrides: {
    invitation?: () => Promise<StaffMember>;
    password?: () => Promise<TotpSetup>;
    code?: () => Promise<Accepted>;
    passkey?: (input: unknown) => Promise<{ message: string }>;
  } = {},
) {
  const fake = {
    invitation: vi.fn(overrides.invitation ?? (() => Promise.resolve(MEMBER))),
    password: vi.fn<(input: unknown) => Promise<TotpSetup>>(overrides.password ?? (() => Promise.resolve(SETUP))),
    code: vi.fn<(input: unknown) => Promise<Accepted>>(overrides.code ?? (() => Promise.resolve(ACCEPTED))),
    passkey: vi.fn<(input: unknown) => Promise<{ message: string }>>(overrides.passkey ?? (() => Promise.resolve({ message: ADDED }))),
  };
  const actor = createActor(
    consoleInvitationMachine.provide({
      actors: {
        loadInvitation: fromPromise(() => fake.invitation()),
        choosePassword: fromPromise(({ input }) => fake.password(input)),
        confirmTotp: fromPromise(({ input }) => fake.code(input)),
        addPasskey: fromPromise(({ input }) => fake.passkey(input)),
      },
    }),
    { input: { id: ID } },
  ).start();
  const view = () => connectConsoleInvitation(actor.getSnapshot(), (event) => actor.send(event));
  return { actor, fake, view, settled: () => vi.waitFor(() => expect(view().busy).toBe(false)) };
}

describe('accepting an invitation to the console', () => {
  it('shows whom the invitation is for, then takes a password, the authenticator and shows the recovery codes once', async () => {
    const run = start();
    expect(run.view()).toMatchObject({ step: 'loading', busy: true });
    await run.settled();
    expect(run.view()).toMatchObject({ step: 'password', member: MEMBER });
    run.view().choosePassword(PASSWORD);
    expect(run.view().busy).toBe(true);
    await run.settled();
    expect(run.fake.password).toHaveBeenCalledWith({ id: ID, password: PASSWORD });
    expect(run.view()).toMatchObject({ step: 'authenticator', setup: SETUP });
    run.view().confirmCode('123 456');
    await run.settled();
    expect(run.fake.code).toHaveBeenCalledWith({ id: ID, code: '123 456' });
    expect(run.view()).toMatchObject({ step: 'accepted', recoveryCodes: CODES, message: ACCEPTED.message });
  });

  it("checks the password and the code with the server's own rules before any call", async () => {
    const run = start();
    await run.settled();
    run.view().choosePassword('short');
    expect(run.view().fieldErrors.password).toEqual(expect.any(String));
    expect(run.fake.password).not.toHaveBeenCalled();
    run.view().choosePassword(PASSWORD);
    await run.settled();
    run.view().confirmCode('12a');
    expect(run.view().fieldErrors).toEqual({ code: STAFF_MESSAGES.totpCodeInvalid });
    expect(run.fake.code).not.toHaveBeenCalled();
  });

  it("says why a link is refused (used, expired), and shows the server's refusal of a password or a code beside it", async () => {
    const refusedLink = start({ invitation: () => Promise.reject(new ApiError(STAFF_MESSAGES.invitationInvalid, 'http', 400)) });
    await refusedLink.settled();
    expect(refusedLink.view()).toMatchObject({ step: 'invalid', message: STAFF_MESSAGES.invitationInvalid, member: null });

    const code = vi
      .fn<() => Promise<Accepted>>()
      .mockRejectedValueOnce(new ApiError('This code is not correct.', 'http', 400))
      .mockResolvedValueOnce(ACCEPTED);
    const run = start({ password: () => Promise.reject(new ApiError('Password too common.', 'http', 400)), code });
    await run.settled();
    run.view().choosePassword(PASSWORD);
    await run.settled();
    expect(run.view()).toMatchObject({ step: 'password', message: 'Password too common.' });
    run.fake.password.mockResolvedValueOnce(SETUP);
    run.view().choosePassword(PASSWORD);
    await run.settled();
    run.view().confirmCode('123456');
    await run.settled();
    expect(run.view()).toMatchObject({ step: 'authenticator', message: 'This code is not correct.', setup: SETUP });
    run.view().confirmCode('654321');
    await run.settled();
    expect(run.view().step).toBe('accepted');
  });

  it('offers a passkey once the account is set up: a cancelled prompt says so and the offer stays; an added one is said apart from the codes', async () => {
    const passkey = vi
      .fn<(input: unknown) => Promise<{ message: string }>>()
      .mockRejectedValueOnce(new Error(PASSKEY_MESSAGES.notCreated))
      .mockResolvedValueOnce({ message: ADDED });
    const run = start({ passkey });
    await run.settled();
    run.view().choosePassword(PASSWORD);
    await run.settled();
    expect(run.view().passkey).toBe('offered');
    // Not before the account is set up.
    run.actor.send({ type: 'invitation.addPasskey' });
    expect(passkey).not.toHaveBeenCalled();
    run.view().confirmCode('123456');
    await run.settled();
    expect(run.view()).toMatchObject({ step: 'accepted', passkey: 'offered', passkeyMessage: null });

    run.view().addPasskey();
    expect(run.view().passkey).toBe('adding');
    await vi.waitFor(() => expect(run.view().passkey).toBe('offered'));
    expect(passkey).toHaveBeenCalledWith({ id: ID });
    expect(run.view()).toMatchObject({ step: 'accepted', passkeyMessage: PASSKEY_MESSAGES.notCreated, recoveryCodes: CODES });

    run.view().addPasskey();
    await vi.waitFor(() => expect(run.view().passkey).toBe('added'));
    expect(run.view()).toMatchObject({ step: 'accepted', passkeyMessage: ADDED, message: ACCEPTED.message, recoveryCodes: CODES });
  });
});
