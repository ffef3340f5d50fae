import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consoleAccountsMachine } from '../../machines/consoleAccountsMachine';
import { connectConsoleAccounts, type ConsoleAccountsView } from '../../machines/consoleAccountsView';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { STAFF_ROLES, type StaffRole } from '../catalogue/schema/staff';
import { formatStaffTime } from '../catalogue/staffWords';
import { useView, useViewValue } from '../app/viewApi';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { AdminsOnly } from './AdminsOnly';
import { ConsoleField } from './ConsoleField';
import { useConsoleAccounts, useConsoleSession } from './consoleActors';
import { useOnOpen } from './useOnOpen';

const ROLE_LABELS: Record<StaffRole, string> = { reader: 'Reader', reviewer: 'Reviewer', admin: 'Admin' };
const roleOf = (value: string): StaffRole => STAFF_ROLES.find((role) => role === value) ?? 'reader';

/** The staff accounts, for admins: who may use the console, an invitation for a new one, roles and deactivation. */
export function AccountsPage() {
  const actor = useConsoleAccounts();
  if (!actor) return <Spinner label="Loading the staff accounts…" />;
  return <Accounts actor={actor} />;
}

function Accounts({ actor }: { actor: ActorRefFrom<typeof consoleAccountsMachine> }) {
  const view = useView(actor, connectConsoleAccounts);
  const titleId = useId();
  // Each opening of the page reads the accounts afresh.
  useOnOpen(view.load);
  if (view.phase === 'refused') return <AdminsOnly title="Staff accounts" message={view.message ?? ''} />;
  return (
    <section className="console-settings console-accounts" aria-labelledby={titleId}>
      <h1 id={titleId}>Staff accounts</h1>
      <div role="status" className="console-accounts__status">
        {view.notice ? <p className="console-notice">{view.notice}</p> : null}
      </div>
      {view.message && view.phase !== 'failed' ? (
        <p role="alert" className="console-error">
          {view.message}
        </p>
      ) : null}
      <InviteForm view={view} />
      {view.phase === 'failed' ? (
        <div className="console-message console-message--error" role="alert">
          <p>{view.message}</p>
          <Button onClick={view.retry}>Try again</Button>
        </div>
      ) : null}
      {view.accounts.length === 0 && view.phase === 'loading' ? <Spinner label="Loading the staff accounts…" /> : null}
      {view.accounts.length > 0 ? <AccountsTable view={view} /> : null}
      <DeactivateDialog view={view} />
    </section>
  );
}

function InviteForm({ view }: { view: ConsoleAccountsView }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('reader');
  const titleId = useId();
  // A sent invitation empties the form for the next one.
  const sent = useRef(view.invitations);
  useEffect(() => {
    if (view.invitations === sent.current) return;
    sent.current = view.invitations;
    setEmail('');
    setRole('reader');
  }, [view.invitations]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.invite(email, role);
  };
  const emailError = view.fieldErrors.email;
  return (
    <form className="console-card" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId}>Invite a staff member</h2>
      <p>The invitation is e-mailed: its link works once, within 72 hours, to choose a password and set up an authenticator app.</p>
      <div className="console-filters">
        <ConsoleField
          id="invite-email"
          label="E-mail address"
          error={emailError}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="console-field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(event) => setRole(roleOf(event.target.value))}>
            {STAFF_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={view.inviting} className="console-filters__apply">
          Send the invitation
        </Button>
      </div>
    </form>
  );
}

function AccountsTable({ view }: { view: ConsoleAccountsView }) {
  const captionId = useId();
  const me = useViewValue(useConsoleSession(), connectConsoleSession, (session) => session.staff?.email ?? null);
  return (
    <div className="console-table console-log" role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={view.phase === 'loading'}>
      <table>
        <caption id={captionId}>Every staff account</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {view.accounts.map((account) => (
            <tr key={account.id}>
              <th scope="row">
                {account.email}
                {account.email === me ? ' (you)' : ''}
              </th>
              <td>
                {account.status === 'deactivated' ? (
                  ROLE_LABELS[account.role]
                ) : (
                  <select
                    aria-label={`Role of ${account.email}`}
                    value={account.role}
                    disabled={view.changing}
                    onChange={(event) => view.changeRole(account.id, roleOf(event.target.value))}
                  >
                    {STAFF_ROLES.map((option) => (
                      <option key={option} value={option}>
                        {ROLE_LABELS[option]}
                      </option>
                    ))}
                  </select>
                )}
              </td>
              <td>{statusText(account)}</td>
              <td>
                {account.status === 'deactivated' ? null : (
                  <Button variant="secondary" onClick={() => view.deactivate(account.id)}>
                    Deactivate<span className="visually-hidden"> {account.email}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function statusText(account: ConsoleAccountsView['accounts'][number]): string {
  if (account.status === 'deactivated') return `Deactivated ${formatStaffTime(account.deactivated_at)}`;
  if (account.status === 'invited') return `Invited ${formatStaffTime(account.created_at)}, not yet set up`;
  return `Active since ${formatStaffTime(account.created_at)}`;
}

function DeactivateDialog({ view }: { view: ConsoleAccountsView }) {
  const account = view.confirming;
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => !open && view.cancel()}
      role="alertdialog"
      size="xs"
      title="Deactivate this staff account?"
      description={
        account ? (
          <>
            <strong>{account.email}</strong> can no longer sign in, and their open sessions end at once. The account stays, with everything
            the access log says it did.
          </>
        ) : null
      }
      footer={
        <>
          <Button variant="secondary" onClick={view.cancel} disabled={view.deactivating}>
            Keep the account
          </Button>
          <Button onClick={view.confirm} busy={view.deactivating}>
            Deactivate
          </Button>
        </>
      }
    />
  );
}
