import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { SharedLink, StaffApplication } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { connectAnswers } from '../../machines/answersView';
import type { answersMachine } from '../../machines/answersMachine';
import { CONSOLE_APPLICATION_MESSAGES, consoleApplicationMachine } from '../../machines/consoleApplicationMachine';
import { connectConsoleApplication } from '../../machines/consoleApplicationView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { startInSystem } from './helpers/system';

/*
 * One application's page in the console, through its view API: it loads the application, runs it
 * as a read-only staff copy (the same application actor a staff link runs), makes a read-only link
 * when asked, and hands a 401 to the console session.
 */

const LOADED: StaffApplication = {
  application: {
    id: 7,
    name: 'Nguyễn Văn An',
    email: 'an@example.org',
    reference: 'NC-2026-000007',
    status: 'submitted',
    step: '/final-steps',
    last_change: '2026-11-20T10:00:00.000Z',
    submitted_at: '2026-11-20T10:00:00.000Z',
  },
  answer: { first_name: 'An', last_name: 'Nguyễn', ssn: '***-**-6789' },
  add_another: {},
  document_answer: {},
  tabs: {},
  submitted_at: Date.parse('2026-11-20T10:00:00.000Z'),
  reference: 'NC-2026-000007',
  history: [
    { created_at: '2026-11-28T09:00:00.000Z', staff_email: 'reader@college.test', kind: 'application_viewed', client: '127.0.0.1' },
  ],
};

function start(calls: { load?: (id: number) => Promise<StaffApplication>; share?: (id: number) => Promise<SharedLink> } = {}) {
  const load = vi.fn(calls.load ?? (() => Promise.resolve(LOADED)));
  const share = vi.fn(
    calls.share ?? ((id: number) => Promise.resolve({ url: `https://college.test/service?service_token=t${id}`, expires_at: null })),
  );
  const machine = consoleApplicationMachine.provide({
    actors: {
      loadApplication: fromPromise(({ input }: { input: { id: number } }) => load(input.id)),
      shareLink: fromPromise(({ input }: { input: { id: number } }) => share(input.id)),
    },
  });
  const run = startInSystem(machine, { systemId: 'consoleApplication', input: { id: 7, essayLimit: 650 }, spies: ['consoleSession'] });
  const view = () => connectConsoleApplication(run.subject.getSnapshot(), (event) => run.subject.send(event));
  const answersActor = () =>
    run.subject.system.get(SYSTEM_IDS.answers) as { getSnapshot(): SnapshotFrom<typeof answersMachine> } | undefined;
  return { ...run, load, share, view, answersActor };
}

describe("the console's application page", () => {
  it('loads the application by its id and runs its answers as a read-only staff copy', async () => {
    const run = start();
    expect(run.view().phase).toBe('loading');
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.load).toHaveBeenCalledWith(7);
    expect(run.view().summary).toMatchObject({ name: 'Nguyễn Văn An', reference: 'NC-2026-000007', status: 'submitted' });
    expect(run.view().submission).toEqual({ submittedAt: LOADED.submitted_at, reference: 'NC-2026-000007' });
    expect(run.view().history).toEqual(LOADED.history);
    expect(run.view().pdfCopyUrl).toBe('/api/staff/applications/7/pdf-copy');
    const answers = run.answersActor();
    expect(answers).toBeDefined();
    const answersView = connectAnswers(answers!.getSnapshot(), () => undefined);
    expect(answersView.answers).toMatchObject({ first_name: 'An', ssn: '***-**-6789' });
    expect(answersView.readOnly).toBe(true);
  });

  it('an unknown id says the application does not exist', async () => {
    const run = start({ load: () => Promise.reject(new ApiError('This application does not exist.', 'http', 404)) });
    await vi.waitFor(() => expect(run.view().phase).toBe('notFound'));
    expect(run.view().message).toBe(CONSOLE_APPLICATION_MESSAGES.notFound);
    expect(run.answersActor()).toBeUndefined();
  });

  it('a failed load says why and loads again on retry', async () => {
    const load = vi
      .fn<(id: number) => Promise<StaffApplication>>()
      .mockRejectedValueOnce(new ApiError('The server is busy.', 'http', 503))
      .mockResolvedValueOnce(LOADED);
    const run = start({ load });
    await vi.waitFor(() => expect(run.view().phase).toBe('failed'));
    expect(run.view().message).toBe('The server is busy.');
    run.view().retry();
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().message).toBeNull();
  });

  it('a 401 ends the console session', async () => {
    const run = start({ load: () => Promise.reject(new ApiError('Please sign in to the staff console.', 'unauthorised', 401)) });
    await vi.waitFor(() => expect(run.received.consoleSession).toEqual([{ type: 'console.unauthorised' }]));
    expect(run.answersActor()).toBeUndefined();
  });

  it('makes a read-only link when asked, and says so when it cannot', async () => {
    const share = vi
      .fn<(id: number) => Promise<SharedLink>>()
      .mockRejectedValueOnce(new ApiError('', 'network', undefined))
      .mockResolvedValueOnce({ url: 'https://college.test/service?service_token=abc', expires_at: null });
    const run = start({ share });
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    run.view().share();
    expect(run.view().sharing).toBe(true);
    await vi.waitFor(() => expect(run.view().sharing).toBe(false));
    expect(run.view().sharedLink).toBeNull();
    expect(run.view().message).not.toBeNull();
    run.view().share();
    await vi.waitFor(() =>
      expect(run.view().sharedLink).toEqual({ url: 'https://college.test/service?service_token=abc', expires_at: null }),
    );
    expect(run.view().message).toBeNull();
    expect(share).toHaveBeenCalledWith(7);
  });

  it('leaving the page stops the application it ran', async () => {
    const run = start();
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.answersActor()).toBeDefined();
    run.stop();
    expect(run.answersActor()).toBeUndefined();
  });
});
