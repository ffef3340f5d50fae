import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { StaffRole } from '../src/catalogue/schema/staff';
import { ACCOUNTS_MESSAGES, type consoleAccountsMachine } from './consoleAccountsMachine';

type AccountsSnapshot = SnapshotFrom<typeof consoleAccountsMachine>;
type AccountsSend = ActorRefFrom<typeof consoleAccountsMachine>['send'];

/** Where the staff accounts' page stands. */
export type ConsoleAccountsPhase = 'loading' | 'ready' | 'failed' | 'refused';

function phaseOf(snapshot: AccountsSnapshot): ConsoleAccountsPhase {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('refused')) return 'refused';
  return 'loading';
}

/** What the staff accounts' page needs from its actor. */
export function connectConsoleAccounts(snapshot: AccountsSnapshot, send: AccountsSend) {
  const { context } = snapshot;
  const phase = phaseOf(snapshot);
  return {
    phase,
    accounts: context.accounts,
    /** What the last change did. */
    notice: context.notice,
    message: phase === 'refused' ? ACCOUNTS_MESSAGES.adminsOnly : context.message,
    fieldErrors: context.fieldErrors,
    /** How many invitations this page sent: the form empties after each. */
    invitations: context.invitations,
    inviting: snapshot.matches({ ready: 'inviting' }),
    /** A role change or a deactivation is on its way. */
    changing: snapshot.matches({ ready: 'changingRole' }) || snapshot.matches({ ready: 'deactivating' }),
    /** The account whose deactivation waits for a yes or a no. */
    confirming: snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'deactivating' }) ? context.confirming : null,
    deactivating: snapshot.matches({ ready: 'deactivating' }),
    load: () => send({ type: 'accounts.load' }),
    retry: () => send({ type: 'accounts.retry' }),
    invite: (email: string, role: StaffRole) => send({ type: 'accounts.invite', email, role }),
    changeRole: (id: number, role: StaffRole) => send({ type: 'accounts.changeRole', id, role }),
    deactivate: (id: number) => send({ type: 'accounts.deactivate', id }),
    confirm: () => send({ type: 'accounts.confirm' }),
    cancel: () => send({ type: 'accounts.cancel' }),
  };
}

export type ConsoleAccountsView = ReturnType<typeof connectConsoleAccounts>;
