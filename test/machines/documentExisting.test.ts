import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '../../machines/api/httpClient';
import type { DocumentLink } from '../../machines/api/responses';
import { DOCUMENT_MESSAGES } from '../../machines/documentMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { flush } from './helpers/documentsKit';
import { applicant, DOCUMENT_URL, fakeApi, KEY, pdf, SAVED, serverError, unauthorised, withFakeTimers } from './helpers/documentMachineKit';

withFakeTimers();

describe('an existing document', () => {
  async function attached(fake = fakeApi()) {
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    return applicant(fake);
  }

  it('asks before deleting; Cancel keeps it', async () => {
    const run = await attached();
    expect(run.snapshot().can({ type: 'document.choose', files: [pdf()] })).toBe(false);
    await run.send({ type: 'document.delete' });
    expect(run.view().confirmingDelete).toBe(true);
    await run.send({ type: 'document.cancelDelete' });
    expect(run.view()).toMatchObject({ phase: 'attached', confirmingDelete: false, deleting: false, downloading: false });
    expect(run.fake.deleteDocument).not.toHaveBeenCalled();
  });

  it('Delete removes the document answer and its conversion, and clears the answer', async () => {
    const fake = fakeApi();
    let finish = () => {};
    fake.deleteDocument.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({}))));
    const run = await attached(fake);
    await run.send({ type: 'document.delete' });
    await run.send({ type: 'document.confirmDelete' });
    expect(run.view().deleting).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    expect(fake.deleteDocument).toHaveBeenCalledWith({ answerKey: KEY });
    finish();
    await flush();
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.document).toBeNull();
    // The server emptied the answer with the document: the answers actor shows it as saved.
    expect(run.answersReceived).toEqual([{ type: 'answers.confirmed', answers: { [KEY]: '' } }]);
    // Loading an attached document told the view nothing; the deletion is announced with its name.
    expect(run.told).toEqual([{ type: 'document.deleted', fileName: SAVED.file_name }]);
  });

  it('keeps the document and shows a toast when deleting fails', async () => {
    const fake = fakeApi();
    fake.deleteDocument.mockRejectedValue(serverError);
    const run = await attached(fake);
    await run.send({ type: 'document.delete' });
    await run.send({ type: 'document.confirmDelete' });
    expect(run.view()).toMatchObject({ phase: 'attached', confirmingDelete: false, deleting: false, downloading: false });
    expect(run.snapshot().context.document).toMatchObject(SAVED);
    expect(run.toasts).toEqual([{ type: 'toast.show', toast: { severity: 'error', title: 'Error', message: serverError.message } }]);
  });

  it('forgets the document when a reload finds none on the server any more', async () => {
    const fake = fakeApi();
    const run = await attached(fake);
    fake.loadDocument.mockResolvedValue(null);
    await run.send({ type: 'document.reload' });
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.document).toBeNull();
  });

  it('says the generic message when a failure carries none', async () => {
    const fake = fakeApi();
    fake.deleteDocument.mockRejectedValueOnce('no response').mockRejectedValueOnce(new Error(''));
    const run = await attached(fake);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await run.send({ type: 'document.delete' });
      await run.send({ type: 'document.confirmDelete' });
    }
    const generic = { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: GENERIC_ERROR_MESSAGE } };
    expect(run.toasts).toEqual([generic, generic]);
  });

  it('forgets the document when the tabs actor deleted it, and reloads on request', async () => {
    const run = await attached();
    await run.send({ type: 'document.cleared' });
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.document).toBeNull();
    await run.send({ type: 'document.reload' });
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(2);
    expect(run.view()).toMatchObject({ phase: 'attached', confirmingDelete: false, deleting: false, downloading: false });
    await run.send({ type: 'document.reload' });
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(3);
  });
});

describe('downloading the converted PDF of an existing document (issue 13)', () => {
  async function attached(fake = fakeApi()) {
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    return applicant(fake);
  }

  it('asks the server for a fresh link and hands it to the view, once per click', async () => {
    const fake = fakeApi();
    let answer: (link: DocumentLink) => void = () => undefined;
    fake.fetchDocumentLink.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const run = await attached(fake);
    expect(run.snapshot().can({ type: 'document.download' })).toBe(true);
    await run.send({ type: 'document.download' });
    expect(run.snapshot().hasTag('downloading')).toBe(true);
    expect(run.snapshot().can({ type: 'document.download' })).toBe(false);
    expect(fake.fetchDocumentLink).toHaveBeenCalledWith({ answerKey: KEY });
    answer({ status: 'completed', url: DOCUMENT_URL });
    await flush();
    expect(run.delivered).toEqual([DOCUMENT_URL]);
    expect(run.view()).toMatchObject({ phase: 'attached', confirmingDelete: false, deleting: false, downloading: false });
    await run.send({ type: 'document.download' });
    expect(run.delivered).toEqual([DOCUMENT_URL, DOCUMENT_URL]);
    expect(run.toasts).toEqual([]);
  });

  it('shows an error toast naming the file when there is no link or the call fails; a 401 goes to the session', async () => {
    const fake = fakeApi();
    fake.fetchDocumentLink
      .mockResolvedValueOnce({ status: 'failed', url: null })
      .mockResolvedValueOnce({ status: 'failed', url: DOCUMENT_URL })
      .mockResolvedValueOnce({ status: 'completed', url: null })
      .mockRejectedValueOnce(serverError)
      .mockRejectedValueOnce(unauthorised);
    const run = await attached(fake);
    for (let click = 0; click < 4; click += 1) await run.send({ type: 'document.download' });
    const toast = {
      type: 'toast.show',
      toast: { severity: 'error', title: 'Error', message: DOCUMENT_MESSAGES.downloadFailed(SAVED.file_name) },
    };
    expect(run.toasts).toEqual([toast, toast, toast, toast]);
    await run.send({ type: 'document.download' });
    expect(run.toasts).toHaveLength(4);
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.delivered).toEqual([]);
    expect(run.view()).toMatchObject({ phase: 'attached', confirmingDelete: false, deleting: false, downloading: false });
  });

  it('is not offered without a document', async () => {
    const run = await applicant();
    expect(run.snapshot().can({ type: 'document.download' })).toBe(false);
  });
});

describe("answering the tabs actor's check before a switch (spec section 4)", () => {
  const ask = { type: 'document.inspect', replyTo: SYSTEM_IDS.tabs } as const;
  const answer = (busy: boolean, attached: boolean) => ({ type: 'document.inspected', answerKey: KEY, busy, attached });

  it('answers neither busy nor attached without a document, and keeps its state', async () => {
    const run = await applicant();
    await run.send(ask);
    expect(run.tabsReceived).toEqual([answer(false, false)]);
    expect(run.view().phase).toBe('empty');
  });

  it('answers busy while an upload or a conversion runs', async () => {
    const fake = fakeApi();
    fake.uploadFile.mockImplementation(() => new Promise<void>(() => {}));
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    await run.send(ask);
    const converting = fakeApi();
    converting.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    const other = await applicant(converting);
    await other.send({ type: 'document.choose', files: [pdf()] });
    await other.send(ask);
    expect([...run.tabsReceived, ...other.tabsReceived]).toEqual([answer(true, false), answer(true, false)]);
    expect(run.snapshot().matches('sending')).toBe(true);
  });

  it('answers attached for a document on the server, or a failed conversion still to delete', async () => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    const run = await applicant(fake);
    await run.send(ask);
    const failing = fakeApi();
    failing.checkConversion.mockResolvedValue({ status: 'failed', message: '' });
    const failed = await applicant(failing);
    await failed.send({ type: 'document.choose', files: [pdf()] });
    await failed.send(ask);
    expect([...run.tabsReceived, ...failed.tabsReceived]).toEqual([answer(false, true), answer(false, true)]);
  });
});
