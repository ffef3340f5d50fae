import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StaffMember } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { consoleDashboardMachine } from '../../machines/consoleDashboardMachine';
import { connectConsoleDashboard } from '../../machines/consoleDashboardView';
import { consoleMachine } from '../../machines/consoleMachine';
import { CONSOLE_SESSION_MESSAGES, consoleSessionMachine } from '../../machines/consoleSessionMachine';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import type { StaffDashboard } from '../../src/catalogue/schema/staffDashboard';

/*
 * The console's dashboard, through its view API, inside the console's root and its session actor
 * (stand-ins for the staff calls): spawned for a signed-in staff member, stopped when the session
 * ends, its figures read when the page opens, a failure shown with a retry, a 401 ending the session.
 */

const READER: StaffMember = { email: 'reader@college.test', role: 'reader' };
const counts = {
  accounts: 2,
  started: 1,
  about: 1,
  education: 0,
  'final-steps': 0,
  missing_information: 0,
  submitted: 0,
  reviewed: 0,
  decided: 0,
  released: 0,
};
const DASHBOARD: StaffDashboard = {
  opened_on: '2026-03-02',
  opened_by: 'first_account',
  today: '2026-03-02',
  days: [{ day: '2026-03-02', counts }],
  totals: counts,
  waiting: { submitted_before: '2026-02-17', total: 0, past_promise: 0, applications: [] },
};
const unauthorised = () => new ApiError('Please sign in to the staff console.', 'unauthorised', 401);

function start(
  loadDashboard: (signal: AbortSignal) => Promise<StaffDashboard>,
  me: () => Promise<StaffMember> = () => Promise.resolve(READER),
) {
  const load = vi.fn(loadDashboard);
  const root = createActor(
    consoleMachine.provide({
      actors: {
        consoleSession: consoleSessionMachine.provide({
          actors: {
            loadMe: fromPromise(me),
            signOut: fromPromise<unknown>(() => Promise.resolve({ message: '' })),
            consoleDashboard: consoleDashboardMachine.provide({ actors: { loadDashboard: fromPromise(({ signal }) => load(signal)) } }),
          },
        }),
      },
    }),
    { systemId: 'console', input: { pathname: '/staff/dashboard', search: '' } },
  ).start();
  const session = () => connectConsoleSession(root.getSnapshot().children.consoleSession!.getSnapshot(), () => undefined);
  const dashboardActor = () => root.getSnapshot().children.consoleSession!.getSnapshot().children.consoleDashboard;
  const view = () => {
    const actor = dashboardActor()!;
    return connectConsoleDashboard(actor.getSnapshot(), (event) => actor.send(event));
  };
  return { root, load, session, dashboardActor, view };
}

afterEach(() => vi.restoreAllMocks());

describe("the console's dashboard", () => {
  it('exists only while a staff member is signed in, and is stopped when the session ends', async () => {
    const run = start(() => Promise.resolve(DASHBOARD));
    await vi.waitFor(() => expect(run.session().phase).toBe('signedIn'));
    expect(run.dashboardActor()).toBeDefined();
    run.root.getSnapshot().children.consoleSession!.send({ type: 'console.signOut' });
    await vi.waitFor(() => expect(run.session().phase).toBe('password'));
    expect(run.dashboardActor()).toBeUndefined();
  });

  it('is not there for a console opened signed out', async () => {
    const run = start(
      () => Promise.resolve(DASHBOARD),
      () => Promise.reject(unauthorised()),
    );
    await vi.waitFor(() => expect(run.session().phase).toBe('password'));
    expect(run.dashboardActor()).toBeUndefined();
  });

  it('reads nothing until its page opens, then shows the figures; each opening reads them again', async () => {
    const run = start(() => Promise.resolve(DASHBOARD));
    await vi.waitFor(() => expect(run.dashboardActor()).toBeDefined());
    expect(run.load).not.toHaveBeenCalled();
    expect(run.view()).toMatchObject({ phase: 'loading', dashboard: null });
    run.view().load();
    await vi.waitFor(() => expect(run.view().phase).toBe('loaded'));
    expect(run.view()).toMatchObject({ dashboard: DASHBOARD, message: null });
    run.view().load();
    expect(run.view()).toMatchObject({ phase: 'loading', dashboard: null });
    await vi.waitFor(() => expect(run.view().phase).toBe('loaded'));
    expect(run.load).toHaveBeenCalledTimes(2);
  });

  it('says why the figures could not be read, and reads them again on Try again', async () => {
    const loadDashboard = vi
      .fn<(signal: AbortSignal) => Promise<StaffDashboard>>()
      .mockRejectedValueOnce(new ApiError('The server is down.', 'http', 500))
      .mockResolvedValueOnce(DASHBOARD);
    const run = start(loadDashboard);
    await vi.waitFor(() => expect(run.dashboardActor()).toBeDefined());
    run.view().load();
    await vi.waitFor(() => expect(run.view().phase).toBe('failed'));
    expect(run.view()).toMatchObject({ message: 'The server is down.', dashboard: null });
    run.view().retry();
    await vi.waitFor(() => expect(run.view().phase).toBe('loaded'));
    expect(run.view().dashboard).toEqual(DASHBOARD);
  });

  it('ends the session when the server answers 401: the console asks for a sign-in and the dashboard is gone', async () => {
    const run = start(() => Promise.reject(unauthorised()));
    await vi.waitFor(() => expect(run.dashboardActor()).toBeDefined());
    run.view().load();
    await vi.waitFor(() => expect(run.session().phase).toBe('password'));
    expect(run.session().message).toBe(CONSOLE_SESSION_MESSAGES.signInAgain);
    expect(run.dashboardActor()).toBeUndefined();
  });

  it('aborts its call when it is stopped before the answer', async () => {
    let aborted = false;
    const run = start(
      (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    await vi.waitFor(() => expect(run.dashboardActor()).toBeDefined());
    run.view().load();
    run.root.getSnapshot().children.consoleSession!.send({ type: 'console.signOut' });
    await vi.waitFor(() => expect(run.dashboardActor()).toBeUndefined());
    expect(aborted).toBe(true);
  });
});
