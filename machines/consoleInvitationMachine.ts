import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { firstIssueMessages } from '../src/catalogue/schema/issues';
import { staffPasswordSchema, staffTotpSetupSchema } from '../src/catalogue/schema/staff';
import { consoleApi, type Accepted, type StaffMember, type TotpSetup } from './api/consoleEndpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { createPasskey } from './api/passkeys';
import { errorMessage } from './siblings';

export type ConsoleInvitationEvent =
  | { type: 'invitation.password'; password: string }
  | { type: 'invitation.code'; code: string }
  | { type: 'invitation.retry' }
  /** Once the account is set up: make a passkey in this browser and add it to the account. */
  | { type: 'invitation.addPasskey' };

interface ConsoleInvitationContext {
  /** The invitation link's id. */
  id: string;
  member: StaffMember | null;
  setup: TotpSetup | null;
  recoveryCodes: readonly string[];
  fieldErrors: Record<string, string>;
  message: string | null;
  /** What became of adding a passkey (added, or why not); apart from the message of the account set up. */
  passkeyMessage: string | null;
}

const said = ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error, GENERIC_ERROR_MESSAGE) });

/**
 * Accepting an invitation to the console: whom the link is for, a password by the applicants'
 * rules, then an authenticator app set up from a QR code (or its key typed by hand) and confirmed
 * by one of its codes, and the ten recovery codes, shown once, with the offer of a passkey. Each step's fields are checked with
 * the schema the server checks them with; the server's refusal is shown beside them.
 */
export const consoleInvitationMachine = setup({
  types: {
    context: {} as ConsoleInvitationContext,
    events: {} as ConsoleInvitationEvent,
    input: {} as { id: string },
  },
  actors: {
    loadInvitation: fromPromise<StaffMember, { id: string }>(({ input, signal }) => consoleApi.invitation(input.id, signal)),
    choosePassword: fromPromise<TotpSetup, { id: string; password: string }>(({ input, signal }) =>
      consoleApi.choosePassword(input.id, input.password, signal),
    ),
    confirmTotp: fromPromise<Accepted, { id: string; code: string }>(({ input, signal }) =>
      consoleApi.confirmTotp(input.id, input.code, signal),
    ),
    /** The server's options, the browser's new passkey, and the server's check of it. */
    addPasskey: fromPromise<{ message: string }, { id: string }>(async ({ input, signal }) => {
      const options = await consoleApi.passkeyOptions(input.id, signal);
      const passkey = await createPasskey(options, signal);
      return consoleApi.addPasskey(input.id, passkey, signal);
    }),
  },
  guards: {
    passwordValid: ({ context, event }) => {
      assertEvent(event, 'invitation.password');
      return v.safeParse(staffPasswordSchema, { id: context.id, password: event.password }).success;
    },
    codeValid: ({ context, event }) => {
      assertEvent(event, 'invitation.code');
      return v.safeParse(staffTotpSetupSchema, { id: context.id, code: event.code }).success;
    },
  },
  actions: {
    keepMember: assign({ member: (_, member: StaffMember) => ({ email: member.email, role: member.role }) }),
    keepSetup: assign({ setup: (_, setup: TotpSetup) => setup, fieldErrors: {}, message: null }),
    keepAccepted: assign({
      recoveryCodes: (_, accepted: Accepted) => accepted.recovery_codes,
      message: (_, accepted: Accepted) => accepted.message,
    }),
    refusePassword: assign(({ context, event }) => {
      assertEvent(event, 'invitation.password');
      return {
        message: null,
        fieldErrors: firstIssueMessages(v.safeParse(staffPasswordSchema, { id: context.id, password: event.password })),
      };
    }),
    refuseCode: assign(({ context, event }) => {
      assertEvent(event, 'invitation.code');
      return { message: null, fieldErrors: firstIssueMessages(v.safeParse(staffTotpSetupSchema, { id: context.id, code: event.code })) };
    }),
    clearErrors: assign({ fieldErrors: {}, message: null }),
    sayOfPasskey: assign({ passkeyMessage: (_, params: { message: string }) => params.message }),
    say: assign({ message: (_, params: { message: string }) => params.message }),
  },
}).createMachine({
  id: 'consoleInvitation',
  context: ({ input }) => ({
    id: input.id,
    member: null,
    setup: null,
    recoveryCodes: [],
    fieldErrors: {},
    message: null,
    passkeyMessage: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'choosingPassword', actions: { type: 'keepMember', params: ({ event }) => event.output } },
        onError: { target: 'invalid', actions: { type: 'say', params: said } },
      },
    },
    /** Used, expired or mistyped: the page says to ask an admin for a new one. */
    invalid: {},
    choosingPassword: {
      on: {
        'invitation.password': [
          { guard: 'passwordValid', target: 'savingPassword', actions: 'clearErrors' },
          { actions: 'refusePassword' },
        ],
      },
    },
    savingPassword: {
      invoke: {
        id: 'choosePassword',
        src: 'choosePassword',
        input: ({ context, event }) => {
          assertEvent(event, 'invitation.password');
          return { id: context.id, password: event.password };
        },
        onDone: { target: 'settingUpAuthenticator', actions: { type: 'keepSetup', params: ({ event }) => event.output } },
        onError: { target: 'choosingPassword', actions: { type: 'say', params: said } },
      },
    },
    settingUpAuthenticator: {
      on: {
        'invitation.code': [{ guard: 'codeValid', target: 'confirming', actions: 'clearErrors' }, { actions: 'refuseCode' }],
      },
    },
    confirming: {
      invoke: {
        id: 'confirmTotp',
        src: 'confirmTotp',
        input: ({ context, event }) => {
          assertEvent(event, 'invitation.code');
          return { id: context.id, code: event.code };
        },
        onDone: { target: 'accepted', actions: { type: 'keepAccepted', params: ({ event }) => event.output } },
        onError: { target: 'settingUpAuthenticator', actions: { type: 'say', params: said } },
      },
    },
    /**
     * The account is ready: the recovery codes are shown this once, then the staff member signs in.
     * Meanwhile a passkey may be added (optional: signing in skips it); a refusal leaves the offer open.
     */
    accepted: {
      initial: 'offeringPasskey',
      states: {
        offeringPasskey: { on: { 'invitation.addPasskey': 'addingPasskey' } },
        addingPasskey: {
          invoke: {
            id: 'addPasskey',
            src: 'addPasskey',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'passkeyAdded', actions: { type: 'sayOfPasskey', params: ({ event }) => event.output } },
            onError: { target: 'offeringPasskey', actions: { type: 'sayOfPasskey', params: said } },
          },
        },
        passkeyAdded: { type: 'final' },
      },
    },
  },
});
