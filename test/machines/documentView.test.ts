import { describe, expect, it } from 'vitest';
import { connectDocument, connectStaffDocument } from '../../machines/documentView';
import { flush } from './helpers/documentsKit';
import { fakeApi, pdf, SAVED, serverError, staffWith, start, startStaff, withFakeTimers } from './helpers/documentMachineKit';

/*
 * What a document question shows, read through its view API from a real document actor whose
 * network calls are stand-ins: the file choice, the upload, the file
 * attached with Download and Delete, a refused file, a failed upload; and staff's note.
 */

withFakeTimers();
/** These checks read what the view shows; they send nothing. */
const ignore = () => {};

/** The view API of the running actor; its intents send to it. */
function viewOf(run: ReturnType<typeof start>) {
  return connectDocument(run.snapshot(), (event) => run.actor.send(event));
}

describe('the document view API', () => {
  it('tells staff whether a document was uploaded, and opens it', async () => {
    const empty = startStaff(staffWith(null));
    await flush();
    expect(connectStaffDocument(empty.snapshot(), ignore)).toMatchObject({ document: null, downloading: false });
    const staff = startStaff(staffWith(SAVED));
    await flush();
    expect(connectStaffDocument(staff.snapshot(), ignore)).toMatchObject({ document: SAVED, downloading: false });
    connectStaffDocument(staff.snapshot(), (event) => staff.actor.send(event)).download();
    expect(staff.view().downloading).toBe(true);
    await flush();
    expect(staff.view().downloading).toBe(false);
    expect(staff.delivered).toHaveLength(1);
  });

  it('takes an applicant from the file choice through the upload to the file attached, then deletes it after asking', async () => {
    const fake = fakeApi();
    let finishUpload: () => void = () => {};
    fake.uploadFile.mockImplementation(() => new Promise<void>((resolve) => (finishUpload = resolve)));
    const run = start(fake);
    await flush();
    expect(viewOf(run)).toMatchObject({ phase: 'empty', document: null, fileProblem: null, failure: null });

    viewOf(run).choose([pdf('essay.pdf', 1500)]);
    await flush();
    expect(viewOf(run)).toMatchObject({ phase: 'uploading', document: { file_name: 'essay.pdf' } });

    finishUpload();
    await flush();
    expect(viewOf(run)).toMatchObject({ phase: 'attached', document: { file_name: 'essay.pdf', file_size: 1500 } });

    viewOf(run).download();
    expect(viewOf(run).downloading).toBe(true);
    await flush();
    expect(viewOf(run).downloading).toBe(false);
    expect(run.delivered).toHaveLength(1);

    viewOf(run).delete();
    expect(viewOf(run)).toMatchObject({ phase: 'attached', confirmingDelete: true, deleting: false });
    viewOf(run).cancelDelete();
    expect(viewOf(run).confirmingDelete).toBe(false);
    viewOf(run).delete();
    viewOf(run).confirmDelete();
    expect(viewOf(run)).toMatchObject({ confirmingDelete: false, deleting: true });
    await flush();
    expect(viewOf(run)).toMatchObject({ phase: 'empty', document: null });
  });

  it('says what is wrong with a refused file, and the failure of an upload until another file is chosen', async () => {
    const fake = fakeApi();
    const run = start(fake);
    await flush();
    viewOf(run).choose([new File(['x'], 'notes.exe')]);
    await flush();
    expect(viewOf(run).phase).toBe('empty');
    expect(viewOf(run).fileProblem).toEqual(expect.any(String));

    fake.requestUploadUrl.mockRejectedValue(serverError);
    viewOf(run).choose([pdf()]);
    await flush();
    expect(viewOf(run)).toMatchObject({ phase: 'failed', fileProblem: null, failure: serverError.message, resetting: false });

    viewOf(run).chooseAnother();
    expect(viewOf(run)).toMatchObject({ phase: 'failed', resetting: true });
    await flush();
    expect(viewOf(run)).toMatchObject({ phase: 'empty', failure: null, resetting: false });
  });
});
