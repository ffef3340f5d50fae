import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { documentInputs, documentPathEvents, serialiseStateVia, serialiseWithFiles } from '../qa/models/document';
import { expectEveryStateReached } from './helpers/statePaths';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import { documentSystemId } from '../../machines/systemIds';
import { DOCUMENT_MESSAGES, documentMachine, fileProblem, formatFileSize, type DocumentEvent } from '../../machines/documentMachine';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILE_NAME_MAX_LENGTH } from '../../src/catalogue/limits';
import { eventsFor, flush } from './helpers/documentsKit';
import { applicant, fakeApi, KEY, pdf, SAVED, serverError, start, unauthorised, withFakeTimers } from './helpers/documentMachineKit';

withFakeTimers();

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
    // A name that is only a type, without the dot, is no file of that type.
    expect(fileProblem([pdf('pdf')])).toBe(FILE_MESSAGES.wrongType);
    expect(fileProblem([pdf(`${'n'.repeat(FILE_NAME_MAX_LENGTH - 3)}.pdf`)])).toBe(FILE_MESSAGES.nameTooLong);
    expect(fileProblem([pdf('a.pdf', 0)])).toBe(FILE_MESSAGES.empty);
    expect(fileProblem([pdf('a.pdf'), pdf('b.pdf')])).toBe(DOCUMENT_MESSAGES.oneFile);
  });

  it('shows sizes with no decimals', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1500)).toBe('1 KB');
    expect(formatFileSize(1_000_000)).toBe('977 KB');
    expect(formatFileSize(FILE_MAX_BYTES)).toBe('1 MB');
  });
});

/*
 * The application spawns this actor for an applicant only (a visitor's has no document actor,
 * staff's is the staff document actor): it loads the applicant's document answer.
 */
it("loads an applicant's document answer once, busy meanwhile", async () => {
  const run = start();
  expect(run.view().phase).toBe('loading');
  expect(run.snapshot().hasTag('busy')).toBe(true);
  await flush();
  expect(run.fake.loadDocument).toHaveBeenCalledWith({ answerKey: KEY });
  expect(run.fake.loadDocument).toHaveBeenCalledTimes(1);
  expect(run.view().phase).toBe('empty');
});

describe('what Stately Inspect names (the request running in each busy state)', () => {
  it('names the upload’s requests, the reset’s and the deletion’s', async () => {
    const fake = fakeApi();
    const gates: Array<() => void> = [];
    const held = <T>(value: T) => new Promise<T>((resolve) => gates.push(() => resolve(value)));
    fake.requestUploadUrl.mockImplementation(() => held({ url: 'https://storage.test/upload', fields: { key: 'k', policy: 'p' } }));
    fake.uploadFile.mockImplementation(() => held(undefined));
    fake.requestConversion.mockImplementation(() => held(undefined));
    fake.checkConversion.mockResolvedValueOnce({ status: 'failed', message: '' }).mockResolvedValue({ status: 'completed', message: '' });
    fake.deleteConversion.mockImplementation(() => held({}));
    fake.deleteDocument.mockImplementation(() => held({}));
    const run = await applicant(fake);
    const running = () => Object.keys(run.snapshot().children);
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(running()).toEqual(['requestUploadUrl']);
    for (const request of ['uploadFile', 'requestConversion']) {
      gates.shift()?.();
      await flush();
      expect(running()).toEqual([request]);
    }
    gates.shift()?.();
    await flush();
    expect(run.view().phase).toBe('failed');
    await run.send({ type: 'document.resetError' });
    expect(run.snapshot().hasTag('busy')).toBe(true);
    expect(running()).toEqual(['deleteConversion']);
    gates.shift()?.();
    await flush();
    await run.send({ type: 'document.choose', files: [pdf()] });
    for (let step = 0; step < 3; step += 1) {
      gates.shift()?.();
      await flush();
    }
    expect(run.view().phase).toBe('attached');
    await run.send({ type: 'document.delete' });
    await run.send({ type: 'document.confirmDelete' });
    expect(running()).toEqual(['deleteDocument']);
  });
});

describe('loading the document answer', () => {
  it.each([
    ['no answer', null, 'empty'],
    ['not answered', { ...SAVED, status: 'not answered' as const }, 'empty'],
    ['completed', { ...SAVED, status: 'completed' as const }, { attached: 'idle' }],
    ['no status', SAVED, { attached: 'idle' }],
    ['failed', { ...SAVED, status: 'failed' as const }, 'failed'],
    ['unprocessed', { ...SAVED, status: 'unprocessed' as const }, { converting: 'waiting' }],
    ['in progress', { ...SAVED, status: 'in progress' as const }, { converting: 'waiting' }],
  ])('%s', async (_name, answer, state) => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue(answer);
    fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    const run = await applicant(fake);
    expect(run.snapshot().value).toEqual(state);
    expect(run.toasts).toEqual([]);
  });

  it('keeps the name and size of an existing document', async () => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    const run = await applicant(fake);
    expect(run.snapshot().context.document).toMatchObject(SAVED);
  });

  it('keeps an unseen failure as the error, without a toast', async () => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'failed' });
    const run = await applicant(fake);
    expect(run.snapshot().hasTag('error')).toBe(true);
    expect(run.snapshot().context.error).toBe(DOCUMENT_MESSAGES.uploadFailed(KEY));
    expect(run.snapshot().context.document).toBeNull();
  });

  it("sends a load failure to the root error screen (the page's error, no toast) and a 401 to the session", async () => {
    const fake = fakeApi();
    fake.loadDocument.mockRejectedValueOnce(serverError).mockRejectedValueOnce(unauthorised);
    const run = await applicant(fake);
    expect(run.appReceived).toEqual([{ type: 'app.pageFailed', message: serverError.message }]);
    expect(run.toasts).toEqual([]);
    await run.send({ type: 'document.reload' });
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.appReceived).toHaveLength(1);
    expect(run.toasts).toEqual([]);
  });
});

it('keeps the name of a document still being converted from an earlier visit, to show it', async () => {
  const fake = fakeApi();
  fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'in progress' });
  fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
  const run = await applicant(fake);
  expect(run.snapshot().matches('converting')).toBe(true);
  expect(run.snapshot().context.document).toEqual(SAVED);
});

describe('choosing a file', () => {
  it('refuses an invalid file with its message and accepts another choice', async () => {
    const run = await applicant();
    await run.send({ type: 'document.choose', files: [pdf('a.pdf', FILE_MAX_BYTES + 1)] });
    expect(run.snapshot().matches('rejected')).toBe(true);
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.tooLarge);
    await run.send({ type: 'document.choose', files: [pdf('a.gif')] });
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.wrongType);
    await run.send({ type: 'document.choose', files: [] });
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.wrongType);
    await run.send({ type: 'document.reload' });
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(2);
    expect(run.view().phase).toBe('empty');
    expect(run.snapshot().context.fileProblem).toBeNull();
    await run.send({ type: 'document.choose', files: [pdf('a.pdf', 0)] });
    run.fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches('converting')).toBe(true);
    expect(run.snapshot().context.fileProblem).toBeNull();
  });

  it('ignores an empty choice (the file dialog was cancelled)', async () => {
    const run = await applicant();
    await run.send({ type: 'document.choose', files: [] });
    expect(run.view().phase).toBe('empty');
    expect(run.fake.requestUploadUrl).not.toHaveBeenCalled();
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
  const paths = documentInputs.flatMap((input) =>
    getShortestPaths(documentMachine, {
      input,
      events: eventsFor(documentPathEvents) as unknown as (snapshot: unknown) => DocumentEvent[],
      serializeState: serialiseStateVia,
      serializeEvent: serialiseWithFiles,
    }),
  );
  expectEveryStateReached(
    documentMachine,
    paths.map((path) => path.state),
  );
});
