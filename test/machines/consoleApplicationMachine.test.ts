import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { PdfCopyState, SharedLink, StaffApplication } from '../../machines/api/consoleEndpoints';
import type { applicationMachine } from '../../machines/applicationMachine';
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
    reviews: 0,
    flagged: false,
    decision: null,
    released: false,
  },
  answer: { first_name: 'An', last_name: 'Nguyễn', ssn: '***-**-6789' },
  add_another: {},
  document_answer: {},
  tabs: {},
  submitted_at: Date.parse('2026-11-20T10:00:00.000Z'),
  reference: 'NC-2026-000007',
  pdf_copy: { status: 'completed', available: true, message: '' },
  history: [
    { created_at: '2026-11-28T09:00:00.000Z', staff_email: 'reader@college.test', kind: 'application_viewed', client: '127.0.0.1' },
  ],
};

interface Calls {
  load?: (id: number) => Promise<StaffApplication>;
  share?: (id: number) => Promise<SharedLink>;
  checkCopy?: (id: number) => Promise<PdfCopyState>;
  loadForm?: () => Promise<typeof applicationMachine>;
}

const preparing: PdfCopyState = { status: 'in progress', available: false, message: '' };
const made: PdfCopyState = { status: 'completed', available: true, message: '' };
const withCopy = (pdf_copy: PdfCopyState): StaffApplication => ({ ...LOADED, pdf_copy });

function start(calls: Calls = {}) {
  const load = vi.fn(calls.load ?? (() => Promise.resolve(LOADED)));
  const share = vi.fn(
    calls.share ?? ((id: number) => Promise.resolve({ url: `https://college.test/service?service_token=t${id}`, expires_at: null })),
  );
  const checkCopy = vi.fn(calls.checkCopy ?? (() => Promise.resolve(made)));
  const machine = consoleApplicationMachine.provide({
    actors: {
      loadApplication: fromPromise(({ input }: { input: { id: number } }) => load(input.id)),
      shareLink: fromPromise(({ input }: { input: { id: number } }) => share(input.id)),
      checkCopy: fromPromise(({ input }: { input: { id: number } }) => checkCopy(input.id)),
      ...(calls.loadForm ? { loadForm: fromPromise(calls.loadForm) } : {}),
    },
    delays: { copyRecheck: 5 },
  });
  const run = startInSystem(machine, { systemId: 'consoleApplication', input: { id: 7 }, spies: ['consoleSession'] });
  const view = () => connectConsoleApplication(run.subject.getSnapshot(), (event) => run.subject.send(event));
  const answersActor = () =>
    run.subject.system.get(SYSTEM_IDS.answers) as { getSnapshot(): SnapshotFrom<typeof answersMachine> } | undefined;
  return { ...run, load, share, checkCopy, view, answersActor };
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

  it('offers the PDF copy at once when it is made, and asks nothing more', async () => {
    const run = start();
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().pdfCopy).toBe('available');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(run.checkCopy).not.toHaveBeenCalled();
  });

  it('says a PDF copy is being prepared and asks again until its link can be offered', async () => {
    let finish: (state: PdfCopyState) => void = () => undefined;
    const checkCopy = vi
      .fn<(id: number) => Promise<PdfCopyState>>()
      .mockResolvedValueOnce(preparing)
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const run = start({ load: () => Promise.resolve(withCopy({ status: 'unprocessed', available: false, message: '' })), checkCopy });
    await vi.waitFor(() => expect(checkCopy).toHaveBeenCalledTimes(2));
    expect(run.view().phase).toBe('ready');
    expect(run.view().pdfCopy).toBe('preparing');
    finish(made);
    await vi.waitFor(() => expect(run.view().pdfCopy).toBe('available'));
    expect(checkCopy).toHaveBeenCalledWith(7);
  });

  it('says why a PDF copy failed, and asks again only when told to', async () => {
    const failed: PdfCopyState = { status: 'failed', available: false, message: 'The copy could not be rendered.' };
    const run = start({ load: () => Promise.resolve(withCopy(failed)) });
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().pdfCopy).toBe('failed');
    expect(run.view().pdfCopyMessage).toBe('The copy could not be rendered.');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(run.checkCopy).not.toHaveBeenCalled();
    run.view().checkCopyAgain();
    await vi.waitFor(() => expect(run.view().pdfCopy).toBe('available'));
    expect(run.view().pdfCopyMessage).toBeNull();
  });

  it('says a PDF copy whose state cannot be asked failed, with the reason; a 401 ends the session', async () => {
    const checkCopy = vi
      .fn<(id: number) => Promise<PdfCopyState>>()
      .mockRejectedValueOnce(new ApiError('The server is busy.', 'http', 503))
      .mockRejectedValueOnce(new ApiError('Please sign in to the staff console.', 'unauthorised', 401));
    const run = start({ load: () => Promise.resolve(withCopy(preparing)), checkCopy });
    await vi.waitFor(() => expect(run.view().pdfCopy).toBe('failed'));
    expect(run.view().pdfCopyMessage).toBe('The server is busy.');
    run.view().checkCopyAgain();
    await vi.waitFor(() => expect(run.received.consoleSession).toEqual([{ type: 'console.unauthorised' }]));
  });

  it('says there is no PDF copy while nothing is answered', async () => {
    const run = start({ load: () => Promise.resolve(withCopy({ status: 'not answered', available: false, message: '' })) });
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.view().pdfCopy).toBe('nothingToPrint');
    expect(run.checkCopy).not.toHaveBeenCalled();
  });

  it('a form module that cannot be loaded says so, and the retry loads the page again', async () => {
    const loadForm = vi
      .fn<() => Promise<typeof applicationMachine>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementationOnce(async () => (await import('../../machines/applicationMachine')).applicationMachine);
    const run = start({ loadForm });
    await vi.waitFor(() => expect(run.view().phase).toBe('failed'));
    expect(run.view().message).not.toBeNull();
    expect(run.answersActor()).toBeUndefined();
    run.view().retry();
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.answersActor()).toBeDefined();
    expect(run.load).toHaveBeenCalledTimes(2);
  });

  it('leaving the page stops the application it ran', async () => {
    const run = start();
    await vi.waitFor(() => expect(run.view().phase).toBe('ready'));
    expect(run.answersActor()).toBeDefined();
    run.stop();
    expect(run.answersActor()).toBeUndefined();
  });
});
