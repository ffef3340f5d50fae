import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, fromTransition, setup, type AnyEventObject } from 'xstate';
import type { ApplicationList } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { consoleListMachine, LIST_TYPING_PAUSE_MS, type ListNavigateEmitted } from '../../machines/consoleListMachine';
import { connectConsoleList } from '../../machines/consoleListView';

/*
 * The console's list of applications, through its view API: its query read from the address the
 * router reports, the page loaded for it (a stand-in of the list call), and the moves it asks of the
 * router when a filter, the order or the page changes.
 */

type Load = (params: Record<string, string>, signal: AbortSignal) => Promise<ApplicationList>;

const listOf = (names: string[], extra: Partial<ApplicationList> = {}): ApplicationList => ({
  applications: names.map((name, index) => ({
    id: index + 1,
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
    reference: null,
    status: 'started',
    step: 'About You',
    last_change: '2026-11-20T10:00:00.000Z',
    submitted_at: null,
    reviews: 0,
    flagged: false,
    decision: null,
    released: false,
  })),
  counts: { account_only: 0, started: names.length, missing_information: 0, submitted: 0 },
  total: names.length,
  page: 1,
  page_size: 25,
  decision_codes: [{ code: 'admit', label: 'Admit' }],
  ...extra,
});

/** A stand-in of the console's session that records what it is told. */
const sessionStandIn = fromTransition((events: AnyEventObject[], event: AnyEventObject) => [...events, event], []);

function start(load: Load = () => Promise.resolve(listOf(['Ada Lovelace'])), role: 'reader' | 'admin' = 'reader') {
  const calls: { params: Record<string, string>; signal: AbortSignal }[] = [];
  const fake = vi.fn((params: Record<string, string>, signal: AbortSignal) => {
    calls.push({ params, signal });
    return load(params, signal);
  });
  const list = consoleListMachine.provide({
    actors: { loadPage: fromPromise(({ input, signal }) => fake(input, signal)) },
  });
  const harness = setup({ actors: { list, session: sessionStandIn } }).createMachine({
    invoke: [
      { id: 'consoleSession', systemId: 'consoleSession', src: 'session' },
      { id: 'consoleList', systemId: 'consoleList', src: 'list', input: { staff: { email: `${role}@college.test`, role } } },
    ],
  });
  const root = createActor(harness).start();
  const actor = root.getSnapshot().children.consoleList!;
  const moves: ListNavigateEmitted[] = [];
  actor.on('list.navigate', (move) => moves.push(move));
  const view = () => connectConsoleList(actor.getSnapshot(), (event) => actor.send(event));
  const locate = (address: string) => {
    const url = new URL(address, 'http://console.invalid');
    actor.send({ type: 'list.located', pathname: url.pathname, search: url.search });
  };
  const sessionHeard = () => root.getSnapshot().children.consoleSession!.getSnapshot().context;
  return { actor, fake, calls, moves, view, locate, sessionHeard, stop: () => root.stop() };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the list of applications', () => {
  it("reads its query from the address and loads that page; a value the server would refuse is the server's default", async () => {
    const run = start();
    run.locate('/staff?status=submitted&q=nguyen&sort=name&order=asc&page=2&submitted_from=2026-09-01&submitted_to=2026-09-30');
    expect(run.view().phase).toBe('loading');
    expect(run.fake).toHaveBeenCalledWith(
      { status: 'submitted', q: 'nguyen', sort: 'name', order: 'asc', page: '2', submitted_from: '2026-09-01', submitted_to: '2026-09-30' },
      expect.any(AbortSignal),
    );
    expect(run.view().draft).toEqual({ q: 'nguyen', submittedFrom: '2026-09-01', submittedTo: '2026-09-30' });
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().applications.map((row) => row.name)).toEqual(['Ada Lovelace']);
    expect(run.view().counts).toEqual({ account_only: 0, started: 1, missing_information: 0, submitted: 0 });

    run.locate('/staff');
    run.locate('/staff?status=bogus&page=0&sort=shoe_size&submitted_from=31.12.2026');
    expect(run.fake).toHaveBeenLastCalledWith({}, expect.any(AbortSignal));
    expect(run.moves).toEqual([]);
  });

  it('loads nothing on another page of the console, and loads again when the list is shown', async () => {
    const run = start();
    run.locate('/staff/applications/7');
    expect(run.view().phase).toBe('away');
    expect(run.fake).not.toHaveBeenCalled();
    run.locate('/staff?status=started');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.fake).toHaveBeenCalledWith({ status: 'started' }, expect.any(AbortSignal));
  });

  it('starts again from the first page when a filter changes, and asks the router for the new address', async () => {
    const run = start();
    run.locate('/staff?page=3&q=smith');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    run.view().chooseStatus('missing_information');
    expect(run.view().query).toMatchObject({ status: 'missing_information', q: 'smith', page: 1 });
    expect(run.moves).toEqual([{ type: 'list.navigate', to: '/staff?status=missing_information&q=smith', replace: false }]);
    expect(run.fake).toHaveBeenLastCalledWith({ status: 'missing_information', q: 'smith' }, expect.any(AbortSignal));
    // The router reports the move it made: the page asked for is already loading, once.
    run.locate('/staff?status=missing_information&q=smith');
    expect(run.fake).toHaveBeenCalledTimes(2);

    run.view().chooseStatus(null);
    expect(run.moves.at(-1)).toEqual({ type: 'list.navigate', to: '/staff?q=smith', replace: false });
    // The status already chosen: no move, no load.
    run.view().chooseStatus(null);
    expect(run.moves).toHaveLength(2);
    expect(run.fake).toHaveBeenCalledTimes(3);
  });

  it('turns pages and sorts through the address; a new order starts from the first page', async () => {
    const run = start(() => Promise.resolve(listOf(['Ada Lovelace'], { total: 60 })));
    run.locate('/staff');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().pageCount).toBe(3);
    run.view().goToPage(2);
    expect(run.moves.at(-1)).toEqual({ type: 'list.navigate', to: '/staff?page=2', replace: false });
    expect(run.fake).toHaveBeenLastCalledWith({ page: '2' }, expect.any(AbortSignal));
    run.view().sortBy('name');
    expect(run.moves.at(-1)).toEqual({ type: 'list.navigate', to: '/staff?sort=name&order=asc', replace: false });
    run.view().sortBy('name');
    expect(run.moves.at(-1)).toEqual({ type: 'list.navigate', to: '/staff?sort=name&order=desc', replace: false });
    run.view().sortBy('submitted_at');
    expect(run.moves.at(-1)).toEqual({ type: 'list.navigate', to: '/staff?sort=submitted_at&order=desc', replace: false });
  });

  it('cancels an older load when a newer query comes, and never shows its rows', async () => {
    const pending: ((list: ApplicationList) => void)[] = [];
    const run = start(() => new Promise((resolve) => pending.push(resolve)));
    run.locate('/staff');
    run.view().chooseStatus('submitted');
    expect(run.calls[0]!.signal.aborted).toBe(true);
    expect(run.calls[1]!.signal.aborted).toBe(false);
    pending[0]!(listOf(['Stale Row']));
    pending[1]!(listOf(['Fresh Row']));
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().applications.map((row) => row.name)).toEqual(['Fresh Row']);
  });

  it('waits for the typing to rest before it searches, then searches once; typing on takes no new step of Back', async () => {
    vi.useFakeTimers();
    const run = start();
    run.locate('/staff?status=submitted&page=2');
    await vi.advanceTimersByTimeAsync(0);
    run.view().type({ q: 'N' });
    run.view().type({ q: 'Ngu' });
    await vi.advanceTimersByTimeAsync(LIST_TYPING_PAUSE_MS - 50);
    run.view().type({ q: 'Nguyen' });
    expect(run.view().draft.q).toBe('Nguyen');
    await vi.advanceTimersByTimeAsync(LIST_TYPING_PAUSE_MS - 50);
    expect(run.fake).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(run.fake).toHaveBeenCalledTimes(2);
    expect(run.fake).toHaveBeenLastCalledWith({ status: 'submitted', q: 'Nguyen' }, expect.any(AbortSignal));
    expect(run.moves).toEqual([{ type: 'list.navigate', to: '/staff?status=submitted&q=Nguyen', replace: false }]);

    run.view().type({ q: 'Nguyen Van' });
    await vi.advanceTimersByTimeAsync(LIST_TYPING_PAUSE_MS);
    expect(run.moves.at(-1)).toEqual({ type: 'list.navigate', to: '/staff?status=submitted&q=Nguyen+Van', replace: true });

    // Enter searches at once; the days wait for a whole date.
    run.view().type({ submittedFrom: '2026-09-01' });
    run.view().apply();
    expect(run.fake).toHaveBeenLastCalledWith(
      { status: 'submitted', q: 'Nguyen Van', submitted_from: '2026-09-01' },
      expect.any(AbortSignal),
    );
    await vi.advanceTimersByTimeAsync(LIST_TYPING_PAUSE_MS);
    expect(run.fake).toHaveBeenCalledTimes(4);
    run.stop();
  });

  it('follows Back and Forward: the query and the search box become the address’s, and no move is asked', async () => {
    const run = start();
    run.locate('/staff?status=submitted');
    run.view().type({ q: 'typed, not searched yet' });
    run.locate('/staff?q=nguyen');
    expect(run.view().query).toMatchObject({ status: null, q: 'nguyen' });
    expect(run.view().draft.q).toBe('nguyen');
    expect(run.fake).toHaveBeenLastCalledWith({ q: 'nguyen' }, expect.any(AbortSignal));
    expect(run.moves).toEqual([]);
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
  });

  it('says why a load failed and loads again on retry', async () => {
    const load = vi.fn<Load>().mockRejectedValueOnce(new ApiError('The server is down.', 'http', 500));
    load.mockResolvedValueOnce(listOf(['Grace Hopper']));
    const run = start(load);
    run.locate('/staff?q=grace');
    await vi.waitFor(() => expect(run.view().phase).toBe('failed'));
    expect(run.view().message).toBe('The server is down.');
    run.view().retry();
    expect(run.view().phase).toBe('loading');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().applications.map((row) => row.name)).toEqual(['Grace Hopper']);
    expect(run.view().message).toBeNull();
    expect(run.fake).toHaveBeenCalledTimes(2);
  });

  it("tells the console's session when the server says the staff session ended", async () => {
    const run = start(() => Promise.reject(new ApiError('Please sign in to the staff console.', 'unauthorised', 401)));
    run.locate('/staff');
    await vi.waitFor(() => expect(run.sessionHeard()).toEqual([{ type: 'console.unauthorised' }]));
    expect(run.view().phase).not.toBe('failed');
  });

  it('lets an admin choose applications for a release across pages, and leads to the releases page with them', async () => {
    const { view, locate } = start(undefined, 'admin');
    locate('/staff');
    await vi.waitFor(() => expect(view().phase).toBe('ready'));
    expect(view()).toMatchObject({ canChoose: true, chosen: [], releaseAddress: null });
    view().choose('ADM-2026-00042-8', true);
    view().choose('ADM-2026-00007-1', true);
    view().choose('ADM-2026-00042-8', true);
    // Another page keeps the choice.
    view().goToPage(2);
    expect(view().chosen).toEqual(['ADM-2026-00042-8', 'ADM-2026-00007-1']);
    expect(view().isChosen('ADM-2026-00007-1')).toBe(true);
    expect(view().releaseAddress).toBe('/staff/releases?references=ADM-2026-00042-8%2CADM-2026-00007-1');
    view().choose('ADM-2026-00042-8', false);
    expect(view().chosen).toEqual(['ADM-2026-00007-1']);
    view().clearChosen();
    expect(view()).toMatchObject({ chosen: [], releaseAddress: null });
  });

  it('offers no choice for a release to a reader, and takes none', async () => {
    const { view, locate } = start();
    locate('/staff');
    await vi.waitFor(() => expect(view().phase).toBe('ready'));
    expect(view().canChoose).toBe(false);
    view().choose('ADM-2026-00042-8', true);
    expect(view().chosen).toEqual([]);
  });
});
