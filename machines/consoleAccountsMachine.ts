import * as v from 'valibot';
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { firstIssueMessages } from '../src/catalogue/schema/issues';
import { staffInviteSchema, type StaffRole } from '../src/catalogue/schema/staff';
import { consoleApi, type StaffAccounts } from './api/consoleEndpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { errorMessage, sibling, unauthorisedError } from './siblings';

/** What the staff accounts' page says beside what the server says. */
export const ACCOUNTS_MESSAGES = {
  adminsOnly: 'Only admins can manage staff accounts.',
} as const;

type Account = StaffAccounts['accounts'][number];

export type ConsoleAccountsEvent =
  /** The page opened: the accounts are read afresh. */
  | { type: 'accounts.load' }
  | { type: 'accounts.retry' }
  | { type: 'accounts.invite'; email: string; role: StaffRole }
  | { type: 'accounts.changeRole'; id: number; role: StaffRole }
  /** Deactivating asks first: the account's sessions end at once. */
  | { type: 'accounts.deactivate'; id: number }
  | { type: 'accounts.confirm' }
  | { type: 'accounts.cancel' };

interface ConsoleAccountsContext {
  accounts: readonly Account[];
  /** The account whose deactivation is being confirmed. */
  confirming: Account | null;
  /** What the last change did, as the server said it. */
  notice: string | null;
  /** Why the accounts could not be read, or why the server refused a change. */
  message: string | null;
  /** The invitation form's fields, checked with the schema the server checks them with. */
  fieldErrors: Record<string, string>;
  /** An invitation sent: the form empties. Counted, so the view knows each one. */
  invitations: number;
}

/** The server refuses the page to anyone but an admin. */
const isForbidden = (_: unknown, error: unknown) => error instanceof ApiError && error.status === 403;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const noticeOf = ({ event }: { event: { output: { message: string } } }) => event.output.message;

/**
 * The staff accounts' page, for admins: the accounts (invited, active, deactivated), an invitation
 * e-mailed to a new staff member, a role changed, an account deactivated once confirmed. After each
 * change the accounts are read again; a refusal (the last active admin, an address already
 * invited) is shown as the server says it. A reader is refused by the server (403).
 */
export const consoleAccountsMachine = setup({
  types: {
    context: {} as ConsoleAccountsContext,
    events: {} as ConsoleAccountsEvent,
    children: {} as { loadAccounts: 'loadAccounts'; invite: 'invite'; changeRole: 'changeRole'; deactivate: 'deactivate' },
  },
  actors: {
    loadAccounts: fromPromise<StaffAccounts>(({ signal }) => consoleApi.staffAccounts(signal)),
    invite: fromPromise<{ message: string }, { email: string; role: StaffRole }>(({ input, signal }) =>
      consoleApi.inviteStaff(input.email, input.role, signal),
    ),
    changeRole: fromPromise<{ message: string }, { id: number; role: StaffRole }>(({ input, signal }) =>
      consoleApi.changeStaffRole(input.id, input.role, signal),
    ),
    deactivate: fromPromise<{ message: string }, { id: number }>(({ input, signal }) => consoleApi.deactivateStaff(input.id, signal)),
  },
  guards: {
    unauthorised: unauthorisedError,
    forbidden: isForbidden,
    inviteValid: ({ event }) => {
      assertEvent(event, 'accounts.invite');
      return v.safeParse(staffInviteSchema, { email: event.email, role: event.role }).success;
    },
    knownAccount: ({ context, event }) => {
      assertEvent(event, 'accounts.deactivate');
      return context.accounts.some((account) => account.id === event.id && account.status !== 'deactivated');
    },
  },
  actions: {
    keepAccounts: assign({ accounts: (_, accounts: StaffAccounts) => accounts.accounts }),
    clearMessages: assign({ notice: null, message: null, fieldErrors: {} }),
    refuseInvite: assign(({ event }) => {
      assertEvent(event, 'accounts.invite');
      return {
        notice: null,
        message: null,
        fieldErrors: firstIssueMessages(v.safeParse(staffInviteSchema, { email: event.email, role: event.role })),
      };
    }),
    askToConfirm: assign(({ context, event }) => {
      assertEvent(event, 'accounts.deactivate');
      return { confirming: context.accounts.find((account) => account.id === event.id) ?? null, notice: null, message: null };
    }),
    forgetConfirming: assign({ confirming: null }),
    sayDone: assign({ notice: (_, notice: string) => notice, message: null }),
    countInvitation: assign({ invitations: ({ context }) => context.invitations + 1 }),
    refuse: assign({ message: (_, error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE), notice: null }),
    signInAgain: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
  },
}).createMachine({
  id: 'consoleAccounts',
  context: { accounts: [], confirming: null, notice: null, message: null, fieldErrors: {}, invitations: 0 },
  initial: 'idle',
  on: { 'accounts.load': { target: '.loading', actions: 'clearMessages' } },
  states: {
    /** The page is not shown: nothing is read. */
    idle: {},
    loading: {
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        onDone: { target: 'ready', actions: { type: 'keepAccounts', params: ({ event }) => event.output } },
        onError: [
          { guard: 'unauthorised', target: 'idle', actions: 'signInAgain' },
          { guard: { type: 'forbidden', params: errorOf }, target: 'refused' },
          { target: 'failed', actions: { type: 'refuse', params: errorOf } },
        ],
      },
    },
    failed: { on: { 'accounts.retry': 'loading' } },
    /** Only admins manage staff accounts: the server said so. */
    refused: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'accounts.invite': [{ guard: 'inviteValid', target: 'inviting', actions: 'clearMessages' }, { actions: 'refuseInvite' }],
            'accounts.changeRole': { target: 'changingRole', actions: 'clearMessages' },
            'accounts.deactivate': { guard: 'knownAccount', target: 'confirming', actions: 'askToConfirm' },
          },
        },
        inviting: {
          invoke: {
            id: 'invite',
            src: 'invite',
            input: ({ event }) => {
              assertEvent(event, 'accounts.invite');
              return { email: event.email, role: event.role };
            },
            onDone: {
              target: '#consoleAccounts.loading',
              actions: [{ type: 'sayDone', params: noticeOf }, 'countInvitation'],
            },
            onError: [
              { guard: 'unauthorised', target: '#consoleAccounts.idle', actions: 'signInAgain' },
              { target: 'idle', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        changingRole: {
          invoke: {
            id: 'changeRole',
            src: 'changeRole',
            input: ({ event }) => {
              assertEvent(event, 'accounts.changeRole');
              return { id: event.id, role: event.role };
            },
            onDone: { target: '#consoleAccounts.loading', actions: { type: 'sayDone', params: noticeOf } },
            onError: [
              { guard: 'unauthorised', target: '#consoleAccounts.idle', actions: 'signInAgain' },
              // The accounts are read again: a role select left on a refused role shows the stored one.
              { target: '#consoleAccounts.loading', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        confirming: {
          on: {
            'accounts.confirm': 'deactivating',
            'accounts.cancel': { target: 'idle', actions: 'forgetConfirming' },
          },
        },
        deactivating: {
          invoke: {
            id: 'deactivate',
            src: 'deactivate',
            input: ({ context }) => ({ id: context.confirming!.id }),
            onDone: { target: '#consoleAccounts.loading', actions: ['forgetConfirming', { type: 'sayDone', params: noticeOf }] },
            onError: [
              { guard: 'unauthorised', target: '#consoleAccounts.idle', actions: 'signInAgain' },
              { target: 'idle', actions: ['forgetConfirming', { type: 'refuse', params: errorOf }] },
            ],
          },
        },
      },
    },
  },
});
