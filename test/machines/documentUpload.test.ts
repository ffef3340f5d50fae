import { describe, expect, it, vi } from 'vitest';
import { CONFLICT_MESSAGES } from '../../src/catalogue/answerMessages';
import { DOCUMENT_MESSAGES } from '../../machines/documentMachine';
import { documentSystemId, SYSTEM_IDS } from '../../machines/systemIds';
import { DOCUMENT_ANSWERED, DOCUMENT_POLL_MS } from '../../src/catalogue/limits';
import { answersStandIn } from './helpers/answersStandIn';
import { flush, recordingSibling, startSystem } from './helpers/documentsKit';
import { applicant, fakeApi, KEY, pdf, PRESIGNED, provided, serverError, unauthorised, withFakeTimers } from './helpers/documentMachineKit';

withFakeTimers();

describe('uploading (spec section 4)', () => {
  it('saves the answers and asks for the URL in parallel, uploads, then requests the conversion', async () => {
    const fake = fakeApi();
    let finishSave = () => {};
    fake.saveAnswers.mockImplementation(() => new Promise<void>((resolve) => (finishSave = resolve)));
    fake.checkConversion.mockResolvedValue({ status: 'unprocessed', message: '' });
    const run = await applicant(fake);
    const file = pdf('my essay.pdf', 4000);
    await run.send({ type: 'document.choose', files: [file] });
    expect(run.snapshot().value).toEqual({ uploading: { answers: 'saving', url: 'ready' } });
    // The answers actor saves them (it alone does) and replies to this document actor.
    expect(run.saveRequests).toEqual([{ type: 'answers.save', replyTo: documentSystemId(KEY) }]);
    expect(fake.saveAnswers).toHaveBeenCalledTimes(1);
    expect(fake.requestUploadUrl).toHaveBeenCalledWith({ answerKey: KEY });
    expect(fake.uploadFile).not.toHaveBeenCalled();
    expect(run.snapshot().hasTag('busy')).toBe(true);
    expect(run.snapshot().context.document).toEqual({ file_name: 'my essay.pdf', file_size: 4000 });
    finishSave();
    await flush();
    expect(fake.uploadFile.mock.calls[0]?.[0]).toEqual({ upload: PRESIGNED, file });
    expect(fake.requestConversion).toHaveBeenCalledWith({ answerKey: KEY, fileKey: PRESIGNED.fields.key, fileName: 'my essay.pdf' });
    expect(run.snapshot().matches({ converting: 'waiting' })).toBe(true);
    // The File is not kept once it has been sent.
    expect(run.snapshot().context.file).toBeNull();
    expect(run.snapshot().context.upload).toBeNull();
  });

  it('waits in sending and requestingConversion while those calls run', async () => {
    const fake = fakeApi();
    const gates: Array<() => void> = [];
    const gate = () => new Promise<void>((resolve) => gates.push(resolve));
    fake.uploadFile.mockImplementation(gate);
    fake.requestConversion.mockImplementation(gate);
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches('sending')).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    gates.shift()?.();
    await flush();
    expect(run.snapshot().matches('requestingConversion')).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    // The File is let go as soon as it has been sent.
    expect(run.snapshot().context.file).toBeNull();
  });

  it('polls every 2 seconds while unprocessed or in progress, and marks the answer on completion', async () => {
    const fake = fakeApi();
    fake.checkConversion
      .mockResolvedValueOnce({ status: 'unprocessed', message: '' })
      .mockResolvedValueOnce({ status: 'in progress', message: '' })
      .mockResolvedValueOnce({ status: 'completed', message: '' });
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(fake.checkConversion).toHaveBeenCalledTimes(1);
    expect(fake.checkConversion).toHaveBeenCalledWith({ answerKey: KEY });
    await vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS - 1);
    expect(fake.checkConversion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.checkConversion).toHaveBeenCalledTimes(2);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS);
    expect(fake.checkConversion).toHaveBeenCalledTimes(3);
    expect(run.view()).toMatchObject({ phase: 'attached', confirmingDelete: false, deleting: false, downloading: false });
    expect(run.snapshot().hasTag('busy')).toBe(false);
    // The server marked it answered: the answers actor shows it as saved.
    expect(run.answersReceived).toEqual([{ type: 'answers.confirmed', answers: { [KEY]: DOCUMENT_ANSWERED } }]);
    // The view moves focus to the finished document and announces it, once.
    expect(run.told).toEqual([{ type: 'document.uploaded', fileName: 'essay.pdf' }]);
    await vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS * 5);
    expect(fake.checkConversion).toHaveBeenCalledTimes(3);
  });

  it('clears the answer and shows the error when the conversion failed, and stops polling', async () => {
    const fake = fakeApi();
    fake.checkConversion.mockResolvedValue({ status: 'failed', message: 'The PDF is encrypted.' });
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.view().phase).toBe('failed');
    expect(run.snapshot().hasTag('error')).toBe(true);
    expect(run.snapshot().context.error).toBe('The PDF is encrypted.');
    expect(run.snapshot().context.document).toBeNull();
    expect(run.answersReceived).toEqual([{ type: 'answers.clear', keys: [KEY] }]);
    expect(run.toasts).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: DOCUMENT_MESSAGES.uploadFailed(KEY) } },
    ]);
    await vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS * 3);
    expect(fake.checkConversion).toHaveBeenCalledTimes(1);
  });

  it('treats not answered as no document and stops polling', async () => {
    const fake = fakeApi();
    fake.checkConversion.mockResolvedValue({ status: 'not answered', message: '' });
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.document).toBeNull();
    await vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS * 3);
    expect(fake.checkConversion).toHaveBeenCalledTimes(1);
  });

  it.each(['saveAnswers', 'requestUploadUrl', 'uploadFile', 'requestConversion', 'checkConversion'] as const)(
    'fails the upload when %s fails: answer cleared, error toast',
    async (step) => {
      const fake = fakeApi();
      fake[step].mockRejectedValue(serverError);
      const run = await applicant(fake);
      await run.send({ type: 'document.choose', files: [pdf()] });
      expect(run.view().phase).toBe('failed');
      expect(run.snapshot().context).toMatchObject({ error: serverError.message, file: null, upload: null, document: null });
      expect(run.answersReceived).toEqual([{ type: 'answers.clear', keys: [KEY] }]);
      expect(run.toasts).toHaveLength(1);
    },
  );

  it('fails the upload with the reason when the answers actor found answers changed in another tab', async () => {
    const conflict = CONFLICT_MESSAGES.server(['City']);
    const answers = answersStandIn(() => ({ type: 'answers.saveFailed', reason: 'conflict', message: conflict }));
    const toasts = recordingSibling();
    const { actor } = startSystem(
      { logic: provided(fakeApi()), systemId: documentSystemId(KEY), input: { answerKey: KEY } },
      { [SYSTEM_IDS.answers]: answers.logic, [SYSTEM_IDS.toasts]: toasts.logic },
    );
    await flush();
    actor.send({ type: 'document.choose', files: [pdf()] });
    await flush();
    expect(actor.getSnapshot().value).toEqual('failed');
    expect(actor.getSnapshot().context.error).toBe(conflict);
    expect(toasts.received).toHaveLength(1);
  });

  it('fails the upload quietly when the save was refused for the session (the answers actor told the session)', async () => {
    const answers = answersStandIn(() => ({ type: 'answers.saveFailed', reason: 'unauthorised', message: 'Your session is invalid.' }));
    const toasts = recordingSibling();
    const session = recordingSibling();
    const { actor } = startSystem(
      { logic: provided(fakeApi()), systemId: documentSystemId(KEY), input: { answerKey: KEY } },
      { [SYSTEM_IDS.answers]: answers.logic, [SYSTEM_IDS.toasts]: toasts.logic, [SYSTEM_IDS.session]: session.logic },
    );
    await flush();
    actor.send({ type: 'document.choose', files: [pdf()] });
    await flush();
    expect(actor.getSnapshot().value).toEqual('failed');
    expect(toasts.received).toEqual([]);
    expect(session.received).toEqual([]);
  });

  it('ends the session instead of a toast when a call answers 401', async () => {
    const fake = fakeApi();
    fake.requestUploadUrl.mockRejectedValue(unauthorised);
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.toasts).toEqual([]);
  });

  // A logout stops the session's actors (the root's work); a visitor's application that follows has no document actor.
  it('aborts the upload when the actor stops at the end of the session', async () => {
    const fake = fakeApi();
    let signal: AbortSignal | undefined;
    fake.uploadFile.mockImplementation((_input, abort) => {
      signal = abort;
      return new Promise<void>(() => {});
    });
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches('sending')).toBe(true);
    expect(signal?.aborted).toBe(false);
    run.root.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('accepts only one file at a time: no choice while an upload runs', async () => {
    const fake = fakeApi();
    fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().can({ type: 'document.choose', files: [pdf('other.pdf')] })).toBe(false);
  });
});

describe('upload error reset (spec section 8)', () => {
  async function failed(fake = fakeApi()) {
    fake.checkConversion.mockResolvedValue({ status: 'failed', message: '' });
    const run = await applicant(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    return run;
  }

  it('marks the error as seen and deletes the conversion', async () => {
    const run = await failed();
    expect(run.snapshot().context.error).toBe(DOCUMENT_MESSAGES.uploadFailed(KEY));
    run.actor.send({ type: 'document.resetError' });
    expect(run.view().resetting).toBe(true);
    await flush();
    expect(run.fake.deleteConversion).toHaveBeenCalledWith({ answerKey: KEY });
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.error).toBeNull();
  });

  it('still marks it seen, with a toast, when deleting the conversion fails', async () => {
    const fake = fakeApi();
    fake.deleteConversion.mockRejectedValue(serverError);
    const run = await failed(fake);
    await run.send({ type: 'document.resetError' });
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.error).toBeNull();
    expect(run.toasts.at(-1)).toEqual({ type: 'toast.show', toast: { severity: 'error', title: 'Error', message: serverError.message } });
  });

  it('leaves the error when the tabs actor deleted the conversion, or reloads', async () => {
    const run = await failed();
    await run.send({ type: 'document.cleared' });
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.error).toBeNull();
    const again = await failed();
    await again.send({ type: 'document.reload' });
    expect(again.view().phase).toBe('empty');
    expect(again.snapshot().context.error).toBeNull();
  });
});
