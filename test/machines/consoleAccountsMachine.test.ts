import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, fromTransition, setup, type AnyEventObject } from 'xstate';
import type { StaffAccounts } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { ACCOUNTS_MESSAGES, consoleAccountsMachine } from '../../machines/consoleAccountsMachine';
import { connectConsoleAccounts } from '../../machines/consoleAccountsView';
import type { StaffRole } from '../../src/catalogue/schema/staff';

/*
 * The staff accounts' page, through its view API, against stand-ins of its calls: the accounts
 * read when the page opens, an invitation, a role change and a deactivation asked first, each
 * followed by the accounts read again; the server's refusals shown as it says them.
 */

const account = (id: number, email: string, role: StaffRole, status: 'invited' | 'active' | 'deactivated' = 'active') => ({
  id,
  email,
  role,
  status,
  created_at: '2026-11-01T00:00:00.000Z',
  deactivated_at: status === 'deactivated' ? '2026-11-10T00:00:00.000Z' : null,
});

const ACCOUNTS: StaffAccounts = { accounts: [account(1, 'admin@college.test', 'admin'), account(2, 'reader@college.test', 'reader')] };
const sessionStandIn = fromTransition((events: AnyEventObject[], event: AnyEventObject) => [...events, event], []);
const LAST_ADMIN = new ApiError('At least one active admin must remain.', 'http', 409);

interface Calls {
  load?: () => Promise<StaffAccounts>;
  invite?: (email: string, role: StaffRole) => Promise<{ message: string }>;
  changeRole?: (id: number, role: StaffRole) => Promise<{ message: string }>;
  deactivate?: (id: number) => Promise<{ message: string }>;
}

function start(calls: Calls = {}) {
  const load = vi.fn(calls.load ?? (() => Promise.resolve(ACCOUNTS)));
  const invite = vi.fn(calls.invite ?? (() => Promise.resolve({ message: 'The invitation was e-mailed.' })));
  const changeRole = vi.fn(calls.changeRole ?? (() => Promise.resolve({ message: 'The role was changed.' })));
  const deactivate = vi.fn(
    calls.deactivate ?? (() => Promise.resolve({ message: 'The account is deactivated; its sessions have ended.' })),
  );
  const logic = consoleAccountsMachine.provide({
    actors: {
      loadAccounts: fromPromise(() => load()),
      invite: fromPromise(({ input }: { input: { email: string; role: StaffRole } }) => invite(input.email, input.role)),
      changeRole: fromPromise(({ input }: { input: { id: number; role: StaffRole } }) => changeRole(input.id, input.role)),
      deactivate: fromPromise(({ input }: { input: { id: number } }) => deactivate(input.id)),
    },
  });
  const harness = setup({ actors: { accounts: logic, session: sessionStandIn } }).createMachine({
    invoke: [
      { id: 'consoleSession', systemId: 'consoleSession', src: 'session' },
      { id: 'consoleAccounts', systemId: 'consoleAccounts', src: 'accounts' },
    ],
  });
  const root = createActor(harness).start();
  const actor = root.getSnapshot().children.consoleAccounts!;
  const view = () => connectConsoleAccounts(actor.getSnapshot(), (event) => actor.send(event));
  const session = () => root.getSnapshot().children.consoleSession!.getSnapshot().context;
  return { view, load, invite, changeRole, deactivate, session };
}

async function opened(calls: Calls = {}) {
  const run = start(calls);
  run.view().load();
  await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
  return run;
}

describe("the staff accounts' page", () => {
  it('reads the accounts only when the page opens, and afresh each time', async () => {
    const run = start();
    expect(run.load).not.toHaveBeenCalled();
    run.view().load();
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().accounts.map((one) => one.email)).toEqual(['admin@college.test', 'reader@college.test']);
    run.view().load();
    await vi.waitFor(() => expect(run.load).toHaveBeenCalledTimes(2));
  });

  it('checks an invitation with the server’s rules before sending it; a sent one says so, empties the form and reads the accounts again', async () => {
    const run = await opened();
    run.view().invite('not an address', 'reader');
    expect(run.invite).not.toHaveBeenCalled();
    expect(run.view().fieldErrors.email).toBeTruthy();
    run.view().invite('new.reader@college.test', 'reader');
    expect(run.view().inviting).toBe(true);
    expect(run.view().fieldErrors).toEqual({});
    await vi.waitFor(() => expect(run.view().notice).toBe('The invitation was e-mailed.'));
    expect(run.invite).toHaveBeenCalledWith('new.reader@college.test', 'reader');
    expect(run.view().invitations).toBe(1);
    await vi.waitFor(() => expect(run.load).toHaveBeenCalledTimes(2));
  });

  it('shows the server’s refusal of an invitation and keeps the form', async () => {
    const run = await opened({
      invite: () => Promise.reject(new ApiError('This address already has a staff account.', 'http', 409)),
    });
    run.view().invite('admin@college.test', 'admin');
    await vi.waitFor(() => expect(run.view().message).toBe('This address already has a staff account.'));
    expect(run.view().invitations).toBe(0);
    expect(run.view().notice).toBeNull();
  });

  it('changes a role and reads the accounts again; the last admin refused is said, and the stored role shown again', async () => {
    const changeRole = vi
      .fn<(id: number, role: StaffRole) => Promise<{ message: string }>>()
      .mockResolvedValueOnce({ message: 'The role was changed.' })
      .mockRejectedValueOnce(LAST_ADMIN);
    const run = await opened({ changeRole });
    run.view().changeRole(2, 'admin');
    expect(run.view().changing).toBe(true);
    await vi.waitFor(() => expect(run.view().notice).toBe('The role was changed.'));
    expect(changeRole).toHaveBeenCalledWith(2, 'admin');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    run.view().changeRole(1, 'reader');
    await vi.waitFor(() => expect(run.view().message).toBe('At least one active admin must remain.'));
    await vi.waitFor(() => expect(run.load).toHaveBeenCalledTimes(3));
    expect(run.view().phase).toBe('ready');
    expect(run.view().message).toBe('At least one active admin must remain.');
  });

  it('asks before deactivating: no keeps the account, yes deactivates it and reads the accounts again', async () => {
    const run = await opened();
    run.view().deactivate(2);
    expect(run.view().confirming?.email).toBe('reader@college.test');
    run.view().cancel();
    expect(run.view().confirming).toBeNull();
    expect(run.deactivate).not.toHaveBeenCalled();
    run.view().deactivate(2);
    run.view().confirm();
    expect(run.view().deactivating).toBe(true);
    await vi.waitFor(() => expect(run.view().notice).toBe('The account is deactivated; its sessions have ended.'));
    expect(run.deactivate).toHaveBeenCalledWith(2);
    expect(run.view().confirming).toBeNull();
    // An account not listed, or already deactivated, is not offered.
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    run.view().deactivate(99);
    expect(run.view().confirming).toBeNull();
  });

  it('says why a deactivation was refused', async () => {
    const run = await opened({ deactivate: () => Promise.reject(LAST_ADMIN) });
    run.view().deactivate(1);
    run.view().confirm();
    await vi.waitFor(() => expect(run.view().message).toBe('At least one active admin must remain.'));
    expect(run.view().confirming).toBeNull();
  });

  it('tells a reader only admins manage staff accounts (403); a failed read can be tried again', async () => {
    const refused = start({ load: () => Promise.reject(new ApiError('This needs an admin of the admissions office.', 'http', 403)) });
    refused.view().load();
    await vi.waitFor(() => expect(refused.view().phase).toBe('refused'));
    expect(refused.view().message).toBe(ACCOUNTS_MESSAGES.adminsOnly);

    const load = vi
      .fn<() => Promise<StaffAccounts>>()
      .mockRejectedValueOnce(new ApiError('The server is busy.', 'http', 503))
      .mockResolvedValueOnce(ACCOUNTS);
    const failing = start({ load });
    failing.view().load();
    await vi.waitFor(() => expect(failing.view().phase).toBe('failed'));
    expect(failing.view().message).toBe('The server is busy.');
    failing.view().retry();
    await vi.waitFor(() => expect(failing.view().phase).toBe('ready'));
  });

  it('hands a 401 to the console session', async () => {
    const run = await opened({
      changeRole: () => Promise.reject(new ApiError('Please sign in to the staff console.', 'unauthorised', 401)),
    });
    run.view().changeRole(2, 'admin');
    await vi.waitFor(() => expect(run.session()).toEqual([{ type: 'console.unauthorised' }]));
  });
});
