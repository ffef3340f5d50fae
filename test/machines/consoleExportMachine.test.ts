import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, fromTransition, setup, type AnyEventObject } from 'xstate';
import type { FileExportRequest, ZipProgress } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { consoleExportMachine, type ExportDeliveredEmitted } from '../../machines/consoleExportMachine';
import { connectConsoleExport } from '../../machines/consoleExportView';

/*
 * An admin's export from the list, through its view API, against stand-ins of its calls: a file
 * saved, the second factor asked again for sensitive answers, a ZIP's progress followed until it
 * can be downloaded, and closing the dialog stopping it all.
 */

const FILTERS = { q: 'nguyen', status: 'submitted' };
const FILE = { blob: new Blob(['name\n']), fileName: 'applications.csv' };
const CONFIRM_AGAIN = new ApiError('Please confirm your second factor again.', 'http', 403);
const sessionStandIn = fromTransition((events: AnyEventObject[], event: AnyEventObject) => [...events, event], []);

interface Calls {
  exportFile?: (request: FileExportRequest) => Promise<typeof FILE>;
  confirm?: (code: string) => Promise<unknown>;
  startZip?: () => Promise<{ job_id: number }>;
  progress?: () => Promise<ZipProgress>;
}

function start(calls: Calls = {}) {
  const exportFile = vi.fn(calls.exportFile ?? (() => Promise.resolve(FILE)));
  const confirm = vi.fn(calls.confirm ?? (() => Promise.resolve({ message: 'Confirmed.' })));
  const startZip = vi.fn(calls.startZip ?? (() => Promise.resolve({ job_id: 4 })));
  const progress = vi.fn(calls.progress ?? (() => Promise.resolve<ZipProgress>({ state: 'done', done: 2, total: 2 })));
  const logic = consoleExportMachine.provide({
    actors: {
      exportFile: fromPromise(({ input }: { input: FileExportRequest }) => exportFile(input)),
      confirmFactor: fromPromise(({ input }: { input: { code: string } }) => confirm(input.code)),
      startZip: fromPromise(() => startZip()),
      zipProgress: fromPromise(() => progress()),
    },
    delays: { zipProgress: 5 },
  });
  const harness = setup({ actors: { exporter: logic, session: sessionStandIn } }).createMachine({
    invoke: [
      { id: 'consoleSession', systemId: 'consoleSession', src: 'session' },
      { id: 'consoleExport', systemId: 'consoleExport', src: 'exporter' },
    ],
  });
  const root = createActor(harness).start();
  const actor = root.getSnapshot().children.consoleExport!;
  const delivered: ExportDeliveredEmitted[] = [];
  actor.on('export.deliver', (file) => delivered.push(file));
  const view = () => connectConsoleExport(actor.getSnapshot(), (event) => actor.send(event));
  const session = () => root.getSnapshot().children.consoleSession!.getSnapshot().context;
  return { view, exportFile, confirm, startZip, progress, delivered, session };
}

describe("an admin's export of the list", () => {
  it('exports the rows of the filters it was opened on, with the choices, and hands the file to be saved', async () => {
    const run = start();
    expect(run.view().open).toBe(false);
    run.view().openOn(FILTERS);
    expect(run.view().phase).toBe('choosing');
    run.view().exportFile('csv', ['name', 'email'], false);
    expect(run.view().busy).toBe(true);
    await vi.waitFor(() => expect(run.view().saved).toBe('applications.csv'));
    expect(run.exportFile).toHaveBeenCalledWith({ format: 'csv', columns: ['name', 'email'], include_sensitive: false, filters: FILTERS });
    expect(run.delivered).toEqual([{ type: 'export.deliver', ...FILE }]);
    expect(run.view().phase).toBe('choosing');
  });

  it('asks for the code again when the server wants it for sensitive answers, then exports the same request', async () => {
    const exportFile = vi
      .fn<(request: FileExportRequest) => Promise<typeof FILE>>()
      .mockRejectedValueOnce(CONFIRM_AGAIN)
      .mockResolvedValueOnce(FILE);
    const confirm = vi.fn<(code: string) => Promise<unknown>>().mockRejectedValueOnce(new ApiError('That code is not valid.', 'http', 400));
    confirm.mockResolvedValueOnce({ message: 'Confirmed.' });
    const run = start({ exportFile, confirm });
    run.view().openOn(FILTERS);
    run.view().exportFile('xlsx', ['name', 'ssn'], true);
    await vi.waitFor(() => expect(run.view().phase).toBe('askingCode'));
    expect(run.view().message).toBe('Please confirm your second factor again.');
    run.view().enterCode('000000');
    await vi.waitFor(() => expect(run.view().message).toBe('That code is not valid.'));
    expect(run.view().phase).toBe('askingCode');
    run.view().enterCode('123456');
    await vi.waitFor(() => expect(run.view().saved).toBe('applications.csv'));
    expect(confirm).toHaveBeenLastCalledWith('123456');
    expect(exportFile).toHaveBeenCalledTimes(2);
    expect(exportFile.mock.calls[1]![0]).toEqual({ format: 'xlsx', columns: ['name', 'ssn'], include_sensitive: true, filters: FILTERS });
  });

  it('follows a ZIP being made until it can be downloaded', async () => {
    const progress = vi
      .fn<() => Promise<ZipProgress>>()
      .mockResolvedValueOnce({ state: 'queued', done: 0, total: 3 })
      .mockResolvedValueOnce({ state: 'running', done: 2, total: 3 })
      .mockResolvedValueOnce({ state: 'done', done: 3, total: 3, message: 'Some files could not be included.' });
    const run = start({ progress });
    run.view().openOn(FILTERS);
    run.view().exportZip(true);
    expect(run.view().phase).toBe('zipping');
    await vi.waitFor(() => expect(run.view().phase).toBe('zipReady'));
    expect(run.startZip).toHaveBeenCalledTimes(1);
    expect(progress).toHaveBeenCalledTimes(3);
    expect(run.view().zipUrl).toBe('/api/staff/exports/zip/4/download');
    expect(run.view().zipNote).toBe('Some files could not be included.');
    expect(run.view().progress).toEqual({ done: 3, total: 3 });
  });

  it('says why a ZIP failed, and makes it again on retry', async () => {
    const progress = vi
      .fn<() => Promise<ZipProgress>>()
      .mockResolvedValueOnce({ state: 'failed', done: 1, total: 3, message: 'The ZIP could not be made.' })
      .mockResolvedValueOnce({ state: 'done', done: 3, total: 3 });
    const run = start({ progress });
    run.view().openOn(FILTERS);
    run.view().exportZip(false);
    await vi.waitFor(() => expect(run.view().phase).toBe('zipFailed'));
    expect(run.view().message).toBe('The ZIP could not be made.');
    run.view().retry();
    await vi.waitFor(() => expect(run.view().phase).toBe('zipReady'));
    expect(run.startZip).toHaveBeenCalledTimes(2);
  });

  it('closing the dialog stops following the ZIP', async () => {
    const progress = vi.fn(() => Promise.resolve<ZipProgress>({ state: 'running', done: 1, total: 9 }));
    const run = start({ progress });
    run.view().openOn(FILTERS);
    run.view().exportZip(false);
    await vi.waitFor(() => expect(progress.mock.calls.length).toBeGreaterThanOrEqual(2));
    run.view().close();
    const asked = progress.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(progress).toHaveBeenCalledTimes(asked);
    expect(run.view().open).toBe(false);
  });

  it("shows the server's refusal and keeps the dialog open; a 401 ends the session", async () => {
    const refused = start({ startZip: () => Promise.reject(new ApiError('Two of your ZIP exports are still being made.', 'http', 429)) });
    refused.view().openOn(FILTERS);
    refused.view().exportZip(false);
    await vi.waitFor(() => expect(refused.view().message).toBe('Two of your ZIP exports are still being made.'));
    expect(refused.view().phase).toBe('choosing');

    const ended = start({ exportFile: () => Promise.reject(new ApiError('Please sign in to the staff console.', 'unauthorised', 401)) });
    ended.view().openOn(FILTERS);
    ended.view().exportFile('json', ['name'], false);
    await vi.waitFor(() => expect(ended.session()).toEqual([{ type: 'console.unauthorised' }]));
    expect(ended.view().open).toBe(false);
  });
});
