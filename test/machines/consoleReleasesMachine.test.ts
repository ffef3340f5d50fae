import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, fromTransition, setup, type AnyEventObject } from 'xstate';
import type { Releases } from '../../machines/api/consoleDecisions';
import { ApiError } from '../../machines/api/httpClient';
import { RELEASES_MESSAGES, consoleReleasesMachine } from '../../machines/consoleReleasesMachine';
import { connectConsoleReleases, isoOfLocal } from '../../machines/consoleReleasesView';
import type { Rehearsal, ReleaseScope, ReleaseSummary } from '../../src/catalogue/schema/staffReviews';

/*
 * The decision releases' page, through its view API, against stand-ins of its calls: a rehearsal
 * asked with its decisions and time, a preparation only once the rehearsal found nothing wrong,
 * a refused preparation showing the server's problems, approval and recall, and the progress of a
 * release going out read again by itself.
 */

const CODES = [
  { code: 'admit', label: 'Admit' },
  { code: 'deny', label: 'Deny' },
];
const release = (id: number, changes: Partial<ReleaseSummary> = {}): ReleaseSummary => ({
  id,
  state: 'awaiting_approval',
  scope: { kind: 'decisions', codes: ['admit'] },
  scheduled_at: '2026-12-01T15:00:00.000Z',
  prepared_by: 'first@college.test',
  prepared_at: '2026-11-28T10:00:00.000Z',
  approved_by: null,
  approved_at: null,
  recalled_by: null,
  recalled_at: null,
  total: 3,
  sent: 0,
  counts: [{ code: 'admit', label: 'Admit', letters: 3 }],
  ...changes,
});
const clean: Rehearsal = {
  total: 3,
  counts: [{ code: 'admit', label: 'Admit', letters: 3, recorded_unreleased: 3 }],
  problems: [],
  samples: [],
};
const troubled: Rehearsal = {
  ...clean,
  problems: [{ kind: 'flagged', application_id: 4, name: 'Fay Lee', detail: 'Its reviews disagree: it is flagged for committee.' }],
};
const sessionStandIn = fromTransition((events: AnyEventObject[], event: AnyEventObject) => [...events, event], []);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Calls {
  releases?: () => Promise<Releases>;
  rehearse?: (scope: ReleaseScope, at: string) => Promise<Rehearsal>;
  prepare?: (scope: ReleaseScope, at: string) => Promise<ReleaseSummary>;
}

function start(calls: Calls = {}) {
  const releases = vi.fn(calls.releases ?? (() => Promise.resolve({ releases: [release(1)], decision_codes: CODES })));
  const rehearse = vi.fn(calls.rehearse ?? (() => Promise.resolve(clean)));
  const prepare = vi.fn(calls.prepare ?? (() => Promise.resolve(release(2))));
  const approve = vi.fn((id: number) => Promise.resolve(release(id, { state: 'approved' })));
  const recall = vi.fn((id: number) => Promise.resolve(release(id, { state: 'recalled' })));
  type Draft = { input: { scope: ReleaseScope; scheduledAt: string } };
  const logic = consoleReleasesMachine.provide({
    actors: {
      loadReleases: fromPromise(() => releases()),
      rehearse: fromPromise(({ input }: Draft) => rehearse(input.scope, input.scheduledAt)),
      prepare: fromPromise(({ input }: Draft) => prepare(input.scope, input.scheduledAt)),
      approve: fromPromise(({ input }: { input: { id: number } }) => approve(input.id)),
      recall: fromPromise(({ input }: { input: { id: number } }) => recall(input.id)),
    },
    delays: { progressRecheck: 5 },
  });
  const harness = setup({ actors: { releases: logic, session: sessionStandIn } }).createMachine({
    invoke: [
      { id: 'consoleSession', systemId: 'consoleSession', src: 'session' },
      { id: 'consoleReleases', systemId: 'consoleReleases', src: 'releases', input: { email: 'first@college.test' } },
    ],
  });
  const root = createActor(harness).start();
  const actor = root.getSnapshot().children.consoleReleases!;
  const view = () => connectConsoleReleases(actor.getSnapshot(), (event) => actor.send(event));
  const session = () => root.getSnapshot().children.consoleSession!.getSnapshot().context;
  return { view, releases, rehearse, prepare, approve, recall, session };
}

describe('the decision releases’ page', () => {
  it('reads the releases when the page opens, and knows which the signed-in admin prepared', async () => {
    const { view, releases } = start();
    expect(view().phase).toBe('loading');
    expect(releases).not.toHaveBeenCalled();
    view().load();
    await flush();
    expect(view()).toMatchObject({ phase: 'ready', codes: CODES });
    expect(view().preparedByMe(view().releases[0]!)).toBe(true);
    expect(view().preparedByMe(release(3, { prepared_by: 'second@college.test' }))).toBe(false);
  });

  it('asks for decisions and a time before a rehearsal, and prepares only a rehearsal with nothing wrong', async () => {
    const { view, rehearse, prepare } = start();
    view().load();
    await flush();
    view().rehearse([], '');
    expect(view().fieldErrors).toEqual({ codes: RELEASES_MESSAGES.codesNeeded, scheduled_at: RELEASES_MESSAGES.timeNeeded });
    expect(rehearse).not.toHaveBeenCalled();
    view().prepare();
    expect(prepare).not.toHaveBeenCalled();
    view().rehearse(['admit'], '2026-12-01T10:00');
    expect(view().rehearsing).toBe(true);
    await flush();
    const at = isoOfLocal('2026-12-01T10:00');
    expect(rehearse).toHaveBeenCalledWith({ kind: 'decisions', codes: ['admit'] }, at);
    expect(view()).toMatchObject({ rehearsal: clean, canPrepare: true, fieldErrors: {} });
    view().prepare();
    await flush();
    expect(prepare).toHaveBeenCalledWith({ kind: 'decisions', codes: ['admit'] }, at);
    expect(view()).toMatchObject({ rehearsal: null, notice: RELEASES_MESSAGES.prepared });
  });

  it('releases chosen applications by their reference numbers, each once, and names what is not one', async () => {
    const { view, rehearse, prepare } = start();
    view().load();
    await flush();
    view().rehearseSelection('', '2026-12-01T10:00');
    expect(view().fieldErrors).toEqual({ references: RELEASES_MESSAGES.referencesNeeded });
    // A wrong check digit (one digit misread) is caught like any other text.
    view().rehearseSelection('ADM-2026-00042-8\nADM-2026-00042-7, 12345', '');
    expect(view().fieldErrors).toEqual({
      references: RELEASES_MESSAGES.referencesUnreadable(['ADM-2026-00042-7', '12345']),
      scheduled_at: RELEASES_MESSAGES.timeNeeded,
    });
    expect(view().fieldErrors.references).toBe(
      'These are not reference numbers: ADM-2026-00042-7, 12345. A reference number reads like ADM-2026-00042-8.',
    );
    expect(rehearse).not.toHaveBeenCalled();
    // Pasted from a spreadsheet column: any case, blank lines, the same one twice.
    view().rehearseSelection('adm-2026-00042-8\n\nADM-2026-00007-1;  ADM-2026-00042-8\n', '2026-12-01T10:00');
    await flush();
    const at = isoOfLocal('2026-12-01T10:00');
    expect(rehearse).toHaveBeenCalledWith({ kind: 'selection', application_ids: [42, 7] }, at);
    view().prepare();
    await flush();
    expect(prepare).toHaveBeenCalledWith({ kind: 'selection', application_ids: [42, 7] }, at);
  });

  it('cannot prepare a rehearsal that found a problem, and shows the problems a refused preparation answers with', async () => {
    const refused = new ApiError('The rehearsal found problems: nothing was prepared.', 'http', 409, { rehearsal: troubled });
    const { view, prepare } = start({ rehearse: () => Promise.resolve(troubled) });
    view().load();
    await flush();
    view().rehearse(['admit'], '2026-12-01T10:00');
    await flush();
    expect(view().canPrepare).toBe(false);
    view().prepare();
    expect(prepare).not.toHaveBeenCalled();

    const late = start({ prepare: () => Promise.reject(refused) });
    late.view().load();
    await flush();
    late.view().rehearse(['admit'], '2026-12-01T10:00');
    await flush();
    late.view().prepare();
    await flush();
    expect(late.view()).toMatchObject({ message: refused.message, rehearsal: troubled, canPrepare: false });
  });

  it('approves and recalls, then reads the releases again; follows a release going out until it is sent', async () => {
    let reads = 0;
    const states: ReleaseSummary[] = [
      release(1),
      release(1, { state: 'approved' }),
      release(1, { state: 'sending', sent: 1 }),
      release(1, { state: 'sent', sent: 3 }),
    ];
    const { view, approve, releases } = start({
      releases: () => Promise.resolve({ releases: [states[Math.min(reads++, states.length - 1)]!], decision_codes: CODES }),
    });
    view().load();
    await flush();
    view().approve(1);
    await flush();
    expect(approve).toHaveBeenCalledWith(1);
    expect(view().notice).toBe(RELEASES_MESSAGES.approved);
    await vi.waitFor(() => expect(view().releases[0]!.state).toBe('sent'));
    const settled = releases.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(releases.mock.calls.length).toBe(settled);
  });

  it('shows the server’s words to a reader, and ends the session on a 401', async () => {
    const reader = start({
      releases: () => Promise.reject(new ApiError('Only an admin of the admissions office may do this.', 'http', 403)),
    });
    reader.view().load();
    await flush();
    expect(reader.view()).toMatchObject({ phase: 'refused', message: RELEASES_MESSAGES.adminsOnly });
    const gone = start({ releases: () => Promise.reject(new ApiError('Please sign in.', 'unauthorised', 401)) });
    gone.view().load();
    await flush();
    expect(gone.session()).toEqual([{ type: 'console.unauthorised' }]);
  });
});
