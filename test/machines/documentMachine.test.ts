import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFLICT_MESSAGES } from '../../src/catalogue/answerMessages';
import { fromPromise } from 'xstate';
import { api, uploadToPresignedUrl } from '../../machines/api/endpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../machines/api/httpClient';
import type { ConversionStatus, DocumentAnswer, DocumentLink, PresignedUpload } from '../../machines/api/responses';
import { DOCUMENT_MESSAGES, documentMachine, fileProblem, formatFileSize, type DocumentEvent } from '../../machines/documentMachine';
import { documentSystemId, SYSTEM_IDS } from '../../machines/systemIds';
import { DOCUMENT_ANSWERED, DOCUMENT_POLL_MS, FILE_MAX_BYTES, FILE_MESSAGES, FILE_NAME_MAX_LENGTH } from '../../src/catalogue/limits';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import type { AnswersSaveReply } from '../../machines/events';
import { answersStandIn } from './helpers/answersStandIn';
import { flush, recordingSibling, startSystem } from './helpers/documentsKit';
import { getShortestPaths } from 'xstate/graph';
import { documentPathEvents, serialiseStateVia, serialiseWithFiles } from '../../machines/paths/document';
import { eventsFor } from './helpers/documentsKit';
import { expectEveryStateReached } from './helpers/statePaths';

// Only the "default actors" tests use these; every other test provides its own actors.
vi.mock('../../machines/api/endpoints', () => ({
  api: {
    documentAnswers: vi.fn(),
    saveAnswers: vi.fn(),
    presignedUrl: vi.fn(),
    requestConversion: vi.fn(),
    conversionStatus: vi.fn(),
    documentLink: vi.fn(),
    deleteDocument: vi.fn(),
    deleteConversion: vi.fn(),
  },
  uploadToPresignedUrl: vi.fn(),
}));

const KEY = DOCUMENT_KEYS[0] ?? 'personal_statement_doc';
const PRESIGNED: PresignedUpload = { url: 'https://storage.test/upload', fields: { key: 'applicants/7/abc', policy: 'p' } };
const SAVED: DocumentAnswer = { file_name: 'transcript.pdf', file_size: 2048 };
const DOCUMENT_URL = '/files/document?ticket=1.2.abc.def';
const serverError = new ApiError('The server is down.', 'http', 500);
const unauthorised = new ApiError('Unauthorised', 'unauthorised', 401);

const pdf = (name = 'essay.pdf', bytes = 1500) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const LOGGED_IN = { type: 'app.context', loggedIn: true, serviceUser: false } as const;
const LOGGED_OUT = { type: 'app.context', loggedIn: false, serviceUser: false } as const;
const SERVICE = { type: 'app.context', loggedIn: false, serviceUser: true } as const;

/**
 * Network actors backed by mocks the tests steer; each receives the invoke's input. `saveAnswers`
 * is the answers actor's save, which the upload asks for: it resolves, or its rejection is the
 * reply's failure.
 */
function fakeApi() {
  return {
    loadDocument: vi.fn((_input: { answerKey: string }): Promise<DocumentAnswer | null> => Promise.resolve(null)),
    saveAnswers: vi.fn((): Promise<void> => Promise.resolve(undefined)),
    requestUploadUrl: vi.fn((_input: { answerKey: string }): Promise<PresignedUpload> => Promise.resolve(PRESIGNED)),
    uploadFile: vi.fn((_input: { upload: PresignedUpload | null; file: File | null }, _signal: AbortSignal): Promise<void> =>
      Promise.resolve(undefined),
    ),
    requestConversion: vi.fn((_input: { answerKey: string; fileKey: string | undefined; fileName: string | undefined }): Promise<void> =>
      Promise.resolve(undefined),
    ),
    checkConversion: vi.fn((_input: { answerKey: string }): Promise<ConversionStatus> =>
      Promise.resolve({ status: 'completed', message: '' }),
    ),
    deleteDocument: vi.fn((_input: { answerKey: string }): Promise<unknown> => Promise.resolve({})),
    deleteConversion: vi.fn((_input: { answerKey: string }): Promise<unknown> => Promise.resolve({})),
    fetchDocumentLink: vi.fn<(input: { answerKey: string }) => Promise<DocumentLink>>(() =>
      Promise.resolve({ status: 'completed', url: DOCUMENT_URL }),
    ),
    fetchServiceDocumentLink: vi.fn<(input: { answerKey: string; serviceToken: string }) => Promise<DocumentLink>>(() =>
      Promise.resolve({ status: 'completed', url: `${DOCUMENT_URL}&service_token=staff-token` }),
    ),
  };
}
type FakeApi = ReturnType<typeof fakeApi>;

function provided(fake: FakeApi) {
  return documentMachine.provide({
    actors: {
      loadDocument: fromPromise(({ input }: { input: { answerKey: string } }) => fake.loadDocument(input)),
      requestUploadUrl: fromPromise(({ input }: { input: { answerKey: string } }) => fake.requestUploadUrl(input)),
      uploadFile: fromPromise(({ input, signal }: { input: { upload: PresignedUpload | null; file: File | null }; signal: AbortSignal }) =>
        fake.uploadFile(input, signal),
      ),
      requestConversion: fromPromise(
        ({ input }: { input: { answerKey: string; fileKey: string | undefined; fileName: string | undefined } }) =>
          fake.requestConversion(input),
      ),
      checkConversion: fromPromise(({ input }: { input: { answerKey: string } }) => fake.checkConversion(input)),
      deleteDocument: fromPromise(({ input }: { input: { answerKey: string } }) => fake.deleteDocument(input)),
      deleteConversion: fromPromise(({ input }: { input: { answerKey: string } }) => fake.deleteConversion(input)),
      fetchDocumentLink: fromPromise(({ input }: { input: { answerKey: string } }) => fake.fetchDocumentLink(input)),
      fetchServiceDocumentLink: fromPromise(({ input }: { input: { answerKey: string; serviceToken: string } }) =>
        fake.fetchServiceDocumentLink(input),
      ),
    },
  });
}

/** The answers actor's reply to a save request, from the fake's `saveAnswers`. */
const replyOf = (fake: FakeApi) => async (): Promise<AnswersSaveReply> => {
  try {
    await fake.saveAnswers();
    return { type: 'answers.saved' };
  } catch (error) {
    return { type: 'answers.saveFailed', reason: 'error', message: (error as Error).message };
  }
};

/** The document actor among recording siblings, as the root spawns it. */
function start(fake = fakeApi()) {
  const siblings = {
    answers: answersStandIn(replyOf(fake)),
    toasts: recordingSibling(),
    session: recordingSibling(),
    tabs: recordingSibling(),
    app: recordingSibling(),
  };
  const { root, actor } = startSystem(
    { logic: provided(fake), systemId: documentSystemId(KEY), input: { answerKey: KEY } },
    {
      [SYSTEM_IDS.answers]: siblings.answers.logic,
      [SYSTEM_IDS.toasts]: siblings.toasts.logic,
      [SYSTEM_IDS.session]: siblings.session.logic,
      [SYSTEM_IDS.tabs]: siblings.tabs.logic,
      [SYSTEM_IDS.app]: siblings.app.logic,
    },
  );
  const send = async (event: DocumentEvent) => {
    actor.send(event);
    await flush();
  };
  const delivered: string[] = [];
  actor.on('document.deliver', (event: { url: string }) => void delivered.push(event.url));
  /** What the view hears to move focus and announce (issue 13). */
  const told: { type: string; fileName: string }[] = [];
  for (const type of ['document.uploaded', 'document.deleted'] as const)
    actor.on(type, (event: { type: string; fileName: string }) => void told.push({ type: event.type, fileName: event.fileName }));
  return {
    fake,
    root,
    actor,
    send,
    snapshot: () => actor.getSnapshot(),
    /** What the document told the answers actor, besides asking it to save. */
    get answersReceived() {
      return siblings.answers.received.filter((event) => event.type !== 'answers.save');
    },
    get saveRequests() {
      return siblings.answers.received.filter((event) => event.type === 'answers.save');
    },
    toasts: siblings.toasts.received,
    sessionReceived: siblings.session.received,
    tabsReceived: siblings.tabs.received,
    appReceived: siblings.app.received,
    delivered,
    told,
  };
}

async function loggedIn(fake = fakeApi()) {
  const run = start(fake);
  await run.send(LOGGED_IN);
  return run;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('file rules (spec section 5)', () => {
  it('accepts the allowed types up to 1 MB and 32 characters, in any letter case', () => {
    for (const name of ['a.png', 'a.jpeg', 'a.jpg', 'a.pdf', 'a.docx', 'SCAN.PDF']) expect(fileProblem([pdf(name)])).toBeNull();
    expect(fileProblem([pdf('a.pdf', FILE_MAX_BYTES)])).toBeNull();
    expect(fileProblem([pdf(`${'n'.repeat(FILE_NAME_MAX_LENGTH - 4)}.pdf`)])).toBeNull();
  });

  it('refuses with the exact messages', () => {
    expect(fileProblem([pdf('a.pdf', FILE_MAX_BYTES + 1)])).toBe(FILE_MESSAGES.tooLarge);
    expect(fileProblem([pdf('a.gif')])).toBe(FILE_MESSAGES.wrongType);
    expect(fileProblem([pdf('no-extension')])).toBe(FILE_MESSAGES.wrongType);
    expect(fileProblem([pdf(`${'n'.repeat(FILE_NAME_MAX_LENGTH - 3)}.pdf`)])).toBe(FILE_MESSAGES.nameTooLong);
    expect(fileProblem([pdf('a.pdf', 0)])).toBe(FILE_MESSAGES.empty);
    expect(fileProblem([pdf('a.pdf'), pdf('b.pdf')])).toBe(DOCUMENT_MESSAGES.oneFile);
  });

  it('shows sizes with no decimals', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1500)).toBe('1 KB');
    expect(formatFileSize(1_000_000)).toBe('977 KB');
    expect(formatFileSize(FILE_MAX_BYTES)).toBe('1 MB');
  });
});

describe('who may act', () => {
  it('starts anonymous, where nothing can be uploaded and nothing is fetched', async () => {
    const run = start();
    await flush();
    expect(run.snapshot().matches('anonymous')).toBe(true);
    expect(run.snapshot().can({ type: 'document.choose', files: [pdf()] })).toBe(false);
    expect(run.fake.loadDocument).not.toHaveBeenCalled();
  });

  it('loads the existing document answer once logged in, and returns to anonymous on logout', async () => {
    const run = start();
    run.actor.send(LOGGED_IN);
    expect(run.snapshot().matches({ applicant: 'loading' })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(run.fake.loadDocument).toHaveBeenCalledWith({ answerKey: KEY });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    await run.send(LOGGED_IN);
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(1);
    await run.send(LOGGED_OUT);
    expect(run.snapshot().matches('anonymous')).toBe(true);
  });

  it('shows service users a read-only note when a document exists', async () => {
    const run = start();
    await run.send({ type: 'document.set', document: SAVED });
    await run.send(SERVICE);
    expect(run.snapshot().matches({ readOnly: 'attached' })).toBe(true);
    expect(run.snapshot().hasTag('attached')).toBe(true);
    expect(run.snapshot().can({ type: 'document.delete' })).toBe(false);
    await run.send({ type: 'document.set', document: null });
    expect(run.snapshot().matches({ readOnly: 'empty' })).toBe(true);
    await run.send({ type: 'document.set', document: SAVED });
    expect(run.snapshot().matches({ readOnly: 'attached' })).toBe(true);
    await run.send(LOGGED_OUT);
    expect(run.snapshot().matches('anonymous')).toBe(true);
    await run.send(SERVICE);
    await run.send(LOGGED_IN);
    expect(run.snapshot().matches('applicant')).toBe(true);
  });

  it('moves an applicant to the service view without a document', async () => {
    const run = await loggedIn();
    await run.send(SERVICE);
    expect(run.snapshot().matches({ readOnly: 'empty' })).toBe(true);
  });
});

describe('loading the document answer', () => {
  it.each([
    ['no answer', null, { applicant: 'empty' }],
    ['not answered', { ...SAVED, status: 'not answered' as const }, { applicant: 'empty' }],
    ['completed', { ...SAVED, status: 'completed' as const }, { applicant: { attached: 'idle' } }],
    ['no status', SAVED, { applicant: { attached: 'idle' } }],
    ['failed', { ...SAVED, status: 'failed' as const }, { applicant: 'failed' }],
    ['unprocessed', { ...SAVED, status: 'unprocessed' as const }, { applicant: { converting: 'waiting' } }],
    ['in progress', { ...SAVED, status: 'in progress' as const }, { applicant: { converting: 'waiting' } }],
  ])('%s', async (_name, answer, state) => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue(answer);
    fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    const run = await loggedIn(fake);
    expect(run.snapshot().value).toEqual(state);
    expect(run.toasts).toEqual([]);
  });

  it('keeps the name and size of an existing document', async () => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    const run = await loggedIn(fake);
    expect(run.snapshot().context.document).toMatchObject(SAVED);
  });

  it('keeps an unseen failure as the error, without a toast', async () => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'failed' });
    const run = await loggedIn(fake);
    expect(run.snapshot().hasTag('error')).toBe(true);
    expect(run.snapshot().context.error).toBe(DOCUMENT_MESSAGES.uploadFailed(KEY));
    expect(run.snapshot().context.document).toBeNull();
  });

  it("sends a load failure to the root error screen (the page's error, no toast) and a 401 to the session", async () => {
    const fake = fakeApi();
    fake.loadDocument.mockRejectedValueOnce(serverError).mockRejectedValueOnce(unauthorised);
    const run = await loggedIn(fake);
    expect(run.appReceived).toEqual([{ type: 'app.pageFailed', message: serverError.message }]);
    expect(run.toasts).toEqual([]);
    await run.send({ type: 'document.reload' });
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.appReceived).toHaveLength(1);
    expect(run.toasts).toEqual([]);
  });
});

describe('choosing a file', () => {
  it('refuses an invalid file with its message and accepts another choice', async () => {
    const run = await loggedIn();
    await run.send({ type: 'document.choose', files: [pdf('a.pdf', FILE_MAX_BYTES + 1)] });
    expect(run.snapshot().matches({ applicant: 'rejected' })).toBe(true);
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.tooLarge);
    await run.send({ type: 'document.choose', files: [pdf('a.gif')] });
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.wrongType);
    await run.send({ type: 'document.choose', files: [] });
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.wrongType);
    await run.send({ type: 'document.reload' });
    expect(run.snapshot().context.fileProblem).toBeNull();
    await run.send({ type: 'document.choose', files: [pdf('a.pdf', 0)] });
    run.fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches({ applicant: 'converting' })).toBe(true);
    expect(run.snapshot().context.fileProblem).toBeNull();
  });

  it('ignores an empty choice (the file dialog was cancelled)', async () => {
    const run = await loggedIn();
    await run.send({ type: 'document.choose', files: [] });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    expect(run.fake.requestUploadUrl).not.toHaveBeenCalled();
  });
});

describe('uploading (spec section 4)', () => {
  it('saves the answers and asks for the URL in parallel, uploads, then requests the conversion', async () => {
    const fake = fakeApi();
    let finishSave = () => {};
    fake.saveAnswers.mockImplementation(() => new Promise<void>((resolve) => (finishSave = resolve)));
    fake.checkConversion.mockResolvedValue({ status: 'unprocessed', message: '' });
    const run = await loggedIn(fake);
    const file = pdf('my essay.pdf', 4000);
    await run.send({ type: 'document.choose', files: [file] });
    expect(run.snapshot().value).toEqual({ applicant: { uploading: { answers: 'saving', url: 'ready' } } });
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
    expect(run.snapshot().matches({ applicant: { converting: 'waiting' } })).toBe(true);
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
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches({ applicant: 'sending' })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    gates.shift()?.();
    await flush();
    expect(run.snapshot().matches({ applicant: 'requestingConversion' })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
  });

  it('polls every 2 seconds while unprocessed or in progress, and marks the answer on completion', async () => {
    const fake = fakeApi();
    fake.checkConversion
      .mockResolvedValueOnce({ status: 'unprocessed', message: '' })
      .mockResolvedValueOnce({ status: 'in progress', message: '' })
      .mockResolvedValueOnce({ status: 'completed', message: '' });
    const run = await loggedIn(fake);
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
    expect(run.snapshot().matches({ applicant: { attached: 'idle' } })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(false);
    expect(run.answersReceived).toEqual([{ type: 'answers.set', key: KEY, value: DOCUMENT_ANSWERED }]);
    // The view moves focus to the finished document and announces it, once.
    expect(run.told).toEqual([{ type: 'document.uploaded', fileName: 'essay.pdf' }]);
    await vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS * 5);
    expect(fake.checkConversion).toHaveBeenCalledTimes(3);
  });

  it('clears the answer and shows the error when the conversion failed, and stops polling', async () => {
    const fake = fakeApi();
    fake.checkConversion.mockResolvedValue({ status: 'failed', message: 'The PDF is encrypted.' });
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches({ applicant: 'failed' })).toBe(true);
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
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    expect(run.snapshot().context.document).toBeNull();
    await vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS * 3);
    expect(fake.checkConversion).toHaveBeenCalledTimes(1);
  });

  it.each(['saveAnswers', 'requestUploadUrl', 'uploadFile', 'requestConversion', 'checkConversion'] as const)(
    'fails the upload when %s fails: answer cleared, error toast',
    async (step) => {
      const fake = fakeApi();
      fake[step].mockRejectedValue(serverError);
      const run = await loggedIn(fake);
      await run.send({ type: 'document.choose', files: [pdf()] });
      expect(run.snapshot().matches({ applicant: 'failed' })).toBe(true);
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
    actor.send(LOGGED_IN);
    await flush();
    actor.send({ type: 'document.choose', files: [pdf()] });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ applicant: 'failed' });
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
    actor.send(LOGGED_IN);
    await flush();
    actor.send({ type: 'document.choose', files: [pdf()] });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ applicant: 'failed' });
    expect(toasts.received).toEqual([]);
    expect(session.received).toEqual([]);
  });

  it('ends the session instead of a toast when a call answers 401', async () => {
    const fake = fakeApi();
    fake.requestUploadUrl.mockRejectedValue(unauthorised);
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.toasts).toEqual([]);
  });

  it('aborts the upload and forgets the file when the applicant logs out', async () => {
    const fake = fakeApi();
    let signal: AbortSignal | undefined;
    fake.uploadFile.mockImplementation((_input, abort) => {
      signal = abort;
      return new Promise<void>(() => {});
    });
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    await run.send(LOGGED_OUT);
    expect(signal?.aborted).toBe(true);
    expect(run.snapshot().matches('anonymous')).toBe(true);
    expect(run.snapshot().context).toMatchObject({ file: null, upload: null, document: null });
  });

  it('accepts only one file at a time: no choice while an upload runs', async () => {
    const fake = fakeApi();
    fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().can({ type: 'document.choose', files: [pdf('other.pdf')] })).toBe(false);
  });
});

describe('an existing document', () => {
  async function attached(fake = fakeApi()) {
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    return loggedIn(fake);
  }

  it('asks before deleting; Cancel keeps it', async () => {
    const run = await attached();
    expect(run.snapshot().can({ type: 'document.choose', files: [pdf()] })).toBe(false);
    await run.send({ type: 'document.delete' });
    expect(run.snapshot().matches({ applicant: { attached: 'confirmingDelete' } })).toBe(true);
    await run.send({ type: 'document.cancelDelete' });
    expect(run.snapshot().matches({ applicant: { attached: 'idle' } })).toBe(true);
    expect(run.fake.deleteDocument).not.toHaveBeenCalled();
  });

  it('Delete removes the document answer and its conversion, and clears the answer', async () => {
    const fake = fakeApi();
    let finish = () => {};
    fake.deleteDocument.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({}))));
    const run = await attached(fake);
    await run.send({ type: 'document.delete' });
    await run.send({ type: 'document.confirmDelete' });
    expect(run.snapshot().matches({ applicant: { attached: 'deleting' } })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    expect(fake.deleteDocument).toHaveBeenCalledWith({ answerKey: KEY });
    finish();
    await flush();
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    expect(run.snapshot().context.document).toBeNull();
    expect(run.answersReceived).toEqual([{ type: 'answers.clear', keys: [KEY] }]);
    // Loading an attached document told the view nothing; the deletion is announced with its name.
    expect(run.told).toEqual([{ type: 'document.deleted', fileName: SAVED.file_name }]);
  });

  it('keeps the document and shows a toast when deleting fails', async () => {
    const fake = fakeApi();
    fake.deleteDocument.mockRejectedValue(serverError);
    const run = await attached(fake);
    await run.send({ type: 'document.delete' });
    await run.send({ type: 'document.confirmDelete' });
    expect(run.snapshot().matches({ applicant: { attached: 'idle' } })).toBe(true);
    expect(run.snapshot().context.document).toMatchObject(SAVED);
    expect(run.toasts).toHaveLength(1);
  });

  it('forgets the document when the tabs actor deleted it, and reloads on request', async () => {
    const run = await attached();
    await run.send({ type: 'document.cleared' });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    await run.send({ type: 'document.reload' });
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(2);
    expect(run.snapshot().matches({ applicant: { attached: 'idle' } })).toBe(true);
    await run.send({ type: 'document.reload' });
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(3);
  });
});

describe('downloading the converted PDF of an existing document (issue 13)', () => {
  async function attached(fake = fakeApi()) {
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    return loggedIn(fake);
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
    expect(run.snapshot().matches({ applicant: { attached: 'idle' } })).toBe(true);
    await run.send({ type: 'document.download' });
    expect(run.delivered).toEqual([DOCUMENT_URL, DOCUMENT_URL]);
    expect(run.toasts).toEqual([]);
  });

  it('shows an error toast naming the file when there is no link or the call fails; a 401 goes to the session', async () => {
    const fake = fakeApi();
    fake.fetchDocumentLink
      .mockResolvedValueOnce({ status: 'failed', url: null })
      .mockRejectedValueOnce(serverError)
      .mockRejectedValueOnce(unauthorised);
    const run = await attached(fake);
    await run.send({ type: 'document.download' });
    await run.send({ type: 'document.download' });
    const toast = {
      type: 'toast.show',
      toast: { severity: 'error', title: 'Error', message: DOCUMENT_MESSAGES.downloadFailed(SAVED.file_name) },
    };
    expect(run.toasts).toEqual([toast, toast]);
    await run.send({ type: 'document.download' });
    expect(run.toasts).toHaveLength(2);
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.delivered).toEqual([]);
    expect(run.snapshot().matches({ applicant: { attached: 'idle' } })).toBe(true);
  });

  it('is not offered without a document, to visitors or to staff', async () => {
    const run = await loggedIn();
    expect(run.snapshot().can({ type: 'document.download' })).toBe(false);
    const visitor = start();
    await visitor.send(LOGGED_OUT);
    expect(visitor.snapshot().can({ type: 'document.download' })).toBe(false);
    const staff = start();
    await staff.send({ type: 'document.set', document: SAVED });
    await staff.send(SERVICE);
    expect(staff.snapshot().can({ type: 'document.download' })).toBe(false);
  });

  it('opens for staff with the page’s service token (issue 13), a fresh link each time; a failure is a toast', async () => {
    const fake = fakeApi();
    const staff = start(fake);
    await staff.send({ type: 'document.set', document: SAVED, serviceToken: 'staff-token' });
    await staff.send(SERVICE);
    await staff.send({ type: 'document.download' });
    expect(fake.fetchServiceDocumentLink).toHaveBeenCalledWith({ answerKey: KEY, serviceToken: 'staff-token' });
    expect(staff.delivered).toEqual([`${DOCUMENT_URL}&service_token=staff-token`]);
    expect(staff.snapshot().matches({ readOnly: { attached: 'idle' } })).toBe(true);
    fake.fetchServiceDocumentLink.mockRejectedValueOnce(serverError);
    await staff.send({ type: 'document.download' });
    expect(staff.delivered).toHaveLength(1);
    expect(staff.toasts).toEqual([
      {
        type: 'toast.show',
        toast: expect.objectContaining({ severity: 'error', message: DOCUMENT_MESSAGES.downloadFailed(SAVED.file_name) }) as unknown,
      },
    ]);
  });
});

describe('upload error reset (spec section 8)', () => {
  async function failed(fake = fakeApi()) {
    fake.checkConversion.mockResolvedValue({ status: 'failed', message: '' });
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    return run;
  }

  it('marks the error as seen and deletes the conversion', async () => {
    const run = await failed();
    expect(run.snapshot().context.error).toBe(DOCUMENT_MESSAGES.uploadFailed(KEY));
    run.actor.send({ type: 'document.resetError' });
    expect(run.snapshot().matches({ applicant: 'resetting' })).toBe(true);
    await flush();
    expect(run.fake.deleteConversion).toHaveBeenCalledWith({ answerKey: KEY });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    expect(run.snapshot().context.error).toBeNull();
  });

  it('still marks it seen, with a toast, when deleting the conversion fails', async () => {
    const fake = fakeApi();
    fake.deleteConversion.mockRejectedValue(serverError);
    const run = await failed(fake);
    await run.send({ type: 'document.resetError' });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    expect(run.toasts.at(-1)).toEqual({ type: 'toast.show', toast: { severity: 'error', title: 'Error', message: serverError.message } });
  });

  it('leaves the error when the tabs actor deleted the conversion, or reloads', async () => {
    const run = await failed();
    await run.send({ type: 'document.cleared' });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    const again = await failed();
    await again.send({ type: 'document.reload' });
    expect(again.snapshot().matches({ applicant: 'empty' })).toBe(true);
    expect(again.snapshot().context.error).toBeNull();
  });
});

describe("answering the tabs actor's check before a switch (spec section 4)", () => {
  const ask = { type: 'document.inspect', replyTo: SYSTEM_IDS.tabs } as const;
  const answer = (busy: boolean, attached: boolean) => ({ type: 'document.inspected', answerKey: KEY, busy, attached });

  it('answers neither busy nor attached without a document, and keeps its state', async () => {
    const run = await loggedIn();
    await run.send(ask);
    expect(run.tabsReceived).toEqual([answer(false, false)]);
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
  });

  it('answers busy while an upload or a conversion runs', async () => {
    const fake = fakeApi();
    fake.uploadFile.mockImplementation(() => new Promise<void>(() => {}));
    const run = await loggedIn(fake);
    await run.send({ type: 'document.choose', files: [pdf()] });
    await run.send(ask);
    const converting = fakeApi();
    converting.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    const other = await loggedIn(converting);
    await other.send({ type: 'document.choose', files: [pdf()] });
    await other.send(ask);
    expect([...run.tabsReceived, ...other.tabsReceived]).toEqual([answer(true, false), answer(true, false)]);
    expect(run.snapshot().matches({ applicant: 'sending' })).toBe(true);
  });

  it('answers attached for a document on the server, or a failed conversion still to delete', async () => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    const run = await loggedIn(fake);
    await run.send(ask);
    const failing = fakeApi();
    failing.checkConversion.mockResolvedValue({ status: 'failed', message: '' });
    const failed = await loggedIn(failing);
    await failed.send({ type: 'document.choose', files: [pdf()] });
    await failed.send(ask);
    expect([...run.tabsReceived, ...failed.tabsReceived]).toEqual([answer(false, true), answer(false, true)]);
  });
});

describe('default actors call the API of section 7', () => {
  it('load, download, presign, upload, convert, poll and delete with the answer key', async () => {
    vi.mocked(api.documentAnswers).mockResolvedValue({ [KEY]: { ...SAVED, status: 'completed' } });
    vi.mocked(api.deleteDocument).mockResolvedValue({ message: '' });
    vi.mocked(api.presignedUrl).mockResolvedValue(PRESIGNED);
    vi.mocked(uploadToPresignedUrl).mockResolvedValue(undefined);
    vi.mocked(api.requestConversion).mockResolvedValue({ message: '' });
    vi.mocked(api.conversionStatus).mockResolvedValue({ status: 'failed', message: '' });
    vi.mocked(api.deleteConversion).mockResolvedValue({ message: '' });
    const answers = answersStandIn();
    const { actor } = startSystem(
      { logic: documentMachine, systemId: documentSystemId(KEY), input: { answerKey: KEY } },
      { [SYSTEM_IDS.answers]: answers.logic },
    );
    actor.send(LOGGED_IN);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ applicant: { attached: 'idle' } });
    vi.mocked(api.documentLink).mockResolvedValue({ status: 'completed', url: '/files/document?ticket=t' });
    actor.send({ type: 'document.download' });
    await flush();
    expect(api.documentLink).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    actor.send({ type: 'document.delete' });
    actor.send({ type: 'document.confirmDelete' });
    await flush();
    expect(api.deleteDocument).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    const file = pdf();
    actor.send({ type: 'document.choose', files: [file] });
    await flush();
    // The answers are the answers actor's to save: this actor asks, never PUTs them itself.
    expect(answers.received).toContainEqual({ type: 'answers.save', replyTo: documentSystemId(KEY) });
    expect(api.saveAnswers).not.toHaveBeenCalled();
    expect(api.presignedUrl).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    expect(uploadToPresignedUrl).toHaveBeenCalledWith(PRESIGNED, file, expect.any(AbortSignal));
    expect(api.requestConversion).toHaveBeenCalledWith(
      KEY,
      { file_key: PRESIGNED.fields.key, file_name: file.name },
      expect.any(AbortSignal),
    );
    expect(api.conversionStatus).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    actor.send({ type: 'document.resetError' });
    await flush();
    expect(api.deleteConversion).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
  });

  it('refuses a presigned answer without a key', async () => {
    vi.mocked(api.documentAnswers).mockResolvedValue({});
    vi.mocked(api.presignedUrl).mockResolvedValue({ url: 'https://storage.test', fields: {} });
    vi.mocked(uploadToPresignedUrl).mockResolvedValue(undefined);
    const { actor } = startSystem(
      { logic: documentMachine, systemId: documentSystemId(KEY), input: { answerKey: KEY } },
      { [SYSTEM_IDS.answers]: answersStandIn().logic },
    );
    actor.send(LOGGED_IN);
    await flush();
    actor.send({ type: 'document.choose', files: [pdf()] });
    await flush();
    expect(api.requestConversion).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toEqual({ applicant: 'failed' });
    expect(actor.getSnapshot().context.error).toBe(GENERIC_ERROR_MESSAGE);
  });
});

// The root spawns one document actor per key under its system id; the ids must not collide.
it('gives every document key its own system id', () => {
  const ids = DOCUMENT_KEYS.map(documentSystemId);
  expect(new Set(ids).size).toBe(DOCUMENT_KEYS.length);
});

// What `npm run paths -- document` prints for QA: its paths must reach every state (they are walked
// in the browser by the model-based e2e suite, not replayed here).
it('the generated document paths reach every state', () => {
  const paths = getShortestPaths(documentMachine, {
    input: { answerKey: KEY },
    events: eventsFor(documentPathEvents) as unknown as (snapshot: unknown) => DocumentEvent[],
    serializeState: serialiseStateVia,
    serializeEvent: serialiseWithFiles,
  });
  expectEveryStateReached(
    documentMachine,
    paths.map((path) => path.state),
  );
});
