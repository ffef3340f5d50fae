import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, fromTransition, setup, type AnyEventObject } from 'xstate';
import type { AccessLogPage, StaffAccounts } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { ACCESS_LOG_MESSAGES, consoleAccessLogMachine, type AccessLogNavigateEmitted } from '../../machines/consoleAccessLogMachine';
import { connectConsoleAccessLog } from '../../machines/consoleAccessLogView';

/*
 * The console's access log, through its view API: its query read from the address the router
 * reports, the page loaded for it (a stand-in of the call), the moves it asks of the router when a
 * filter or the page changes, and the refusal a reader gets.
 */

type Load = (params: Record<string, string>) => Promise<AccessLogPage>;

const pageOf = (count: number, extra: Partial<AccessLogPage> = {}): AccessLogPage => ({
  entries: Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    created_at: '2026-11-20T10:00:00.000Z',
    staff_id: 1,
    staff_email: 'admin@college.test',
    kind: 'application_viewed',
    client: '127.0.0.1',
    application_id: 7,
    applicant_email: 'an@example.org',
    count: null,
    detail: null,
  })),
  total: count,
  page: 1,
  page_size: 50,
  ...extra,
});

const PEOPLE: StaffAccounts = {
  accounts: [
    { id: 1, email: 'admin@college.test', role: 'admin', status: 'active', created_at: '2026-11-01T00:00:00.000Z', deactivated_at: null },
    {
      id: 2,
      email: 'gone@college.test',
      role: 'reader',
      status: 'deactivated',
      created_at: '2026-11-01T00:00:00.000Z',
      deactivated_at: '2026-11-10T00:00:00.000Z',
    },
  ],
};

const sessionStandIn = fromTransition((events: AnyEventObject[], event: AnyEventObject) => [...events, event], []);

function start(load: Load = () => Promise.resolve(pageOf(2)), people: () => Promise<StaffAccounts> = () => Promise.resolve(PEOPLE)) {
  const loads = vi.fn(load);
  const logic = consoleAccessLogMachine.provide({
    actors: {
      loadLog: fromPromise(({ input }: { input: Record<string, string> }) => loads(input)),
      loadPeople: fromPromise(people),
    },
  });
  const harness = setup({ actors: { log: logic, session: sessionStandIn } }).createMachine({
    invoke: [
      { id: 'consoleSession', systemId: 'consoleSession', src: 'session' },
      { id: 'consoleAccessLog', systemId: 'consoleAccessLog', src: 'log' },
    ],
  });
  const root = createActor(harness).start();
  const actor = root.getSnapshot().children.consoleAccessLog!;
  const moves: AccessLogNavigateEmitted[] = [];
  actor.on('accessLog.navigate', (move) => moves.push(move));
  const view = () => connectConsoleAccessLog(actor.getSnapshot(), (event) => actor.send(event));
  const locate = (address: string) => {
    const url = new URL(address, 'http://console.invalid');
    actor.send({ type: 'accessLog.located', pathname: url.pathname, search: url.search });
  };
  const session = () => root.getSnapshot().children.consoleSession!.getSnapshot().context;
  return { view, locate, loads, moves, session };
}

describe("the console's access log", () => {
  it('loads nothing until its page is shown, then the page its address names, with the people to filter by', async () => {
    const run = start();
    run.locate('/staff');
    expect(run.view().phase).toBe('away');
    expect(run.loads).not.toHaveBeenCalled();
    run.locate('/staff/access-log?kind=export&staff_id=2&page=3&kind_of=nothing');
    expect(run.view().phase).toBe('loading');
    expect(run.loads).toHaveBeenLastCalledWith({ staff_id: '2', kind: 'export', page: '3' });
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().entries).toHaveLength(2);
    expect(run.view().query).toEqual({ staffId: 2, applicationId: null, kind: 'export', page: 3 });
    expect(run.view().people.map((person) => person.email)).toEqual(['admin@college.test', 'gone@college.test']);
  });

  it('leaves out what the server would refuse in an address', () => {
    const run = start();
    run.locate('/staff/access-log?kind=coffee&staff_id=-1&application_id=abc&page=0');
    expect(run.loads).toHaveBeenLastCalledWith({});
  });

  it('asks the router to move when a filter or the page changes; a filter starts again from the first page', async () => {
    const run = start(() => Promise.resolve(pageOf(2, { total: 120 })));
    run.locate('/staff/access-log?page=2');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().pageCount).toBe(3);
    run.view().filterByKind('export');
    expect(run.moves.at(-1)).toEqual({ type: 'accessLog.navigate', to: '/staff/access-log?kind=export' });
    expect(run.loads).toHaveBeenLastCalledWith({ kind: 'export' });
    // The router reports the move it was asked for: nothing loads again.
    run.locate('/staff/access-log?kind=export');
    expect(run.loads).toHaveBeenCalledTimes(2);
    run.view().filterByApplicant(7);
    expect(run.moves.at(-1)!.to).toBe('/staff/access-log?application_id=7&kind=export');
    run.view().filterByPerson(1);
    expect(run.moves.at(-1)!.to).toBe('/staff/access-log?staff_id=1&application_id=7&kind=export');
    run.view().goToPage(2);
    expect(run.moves.at(-1)!.to).toBe('/staff/access-log?staff_id=1&application_id=7&kind=export&page=2');
    // The same filter again moves nothing.
    const before = run.moves.length;
    run.view().filterByKind('export');
    run.view().goToPage(2);
    run.view().goToPage(0);
    expect(run.moves).toHaveLength(before);
    run.view().filterByApplicant(null);
    expect(run.moves.at(-1)!.to).toBe('/staff/access-log?staff_id=1&kind=export');
  });

  it('follows Back and Forward: a reported address with another query loads it', async () => {
    const run = start();
    run.locate('/staff/access-log?kind=export');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    run.locate('/staff/access-log?kind=invitation');
    expect(run.loads).toHaveBeenLastCalledWith({ kind: 'invitation' });
    expect(run.view().query.kind).toBe('invitation');
    run.locate('/staff/dashboard');
    expect(run.view().phase).toBe('away');
  });

  it('says why a page could not be loaded, and loads it again on retry', async () => {
    const load = vi
      .fn<Load>()
      .mockRejectedValueOnce(new ApiError('The server is busy.', 'http', 503))
      .mockResolvedValueOnce(pageOf(1));
    const run = start(load);
    run.locate('/staff/access-log');
    await vi.waitFor(() => expect(run.view().phase).toBe('failed'));
    expect(run.view().message).toBe('The server is busy.');
    run.view().retry();
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().message).toBeNull();
  });

  it('tells a reader only admins read the log (403), and goes away with the page', async () => {
    const run = start(() => Promise.reject(new ApiError('This needs an admin of the admissions office.', 'http', 403)));
    run.locate('/staff/access-log');
    await vi.waitFor(() => expect(run.view().phase).toBe('refused'));
    expect(run.view().message).toBe(ACCESS_LOG_MESSAGES.adminsOnly);
    run.locate('/staff');
    expect(run.view().phase).toBe('away');
  });

  it('offers every person only when the accounts cannot be read, and still shows the log', async () => {
    const run = start(undefined, () => Promise.reject(new ApiError('The server is busy.', 'http', 503)));
    run.locate('/staff/access-log');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().people).toEqual([]);
  });

  it('hands a 401 to the console session', async () => {
    const run = start(() => Promise.reject(new ApiError('Please sign in to the staff console.', 'unauthorised', 401)));
    run.locate('/staff/access-log');
    await vi.waitFor(() => expect(run.session()).toEqual([{ type: 'console.unauthorised' }]));
  });
});
