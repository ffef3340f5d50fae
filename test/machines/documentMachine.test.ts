import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { documentInputs, documentPathEvents, serialiseStateVia, serialiseWithFiles } from '../qa/models/document';
import { expectEveryStateReached } from './helpers/statePaths';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import { documentSystemId } from '../../machines/systemIds';
import { DOCUMENT_MESSAGES, documentMachine, fileProblem, formatFileSize, type DocumentEvent } from '../../machines/documentMachine';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILE_NAME_MAX_LENGTH } from '../../src/catalogue/limits';
import { eventsFor, flush } from './helpers/documentsKit';
import {
  APPLICANT,
  applicant,
  fakeApi,
  KEY,
  pdf,
  SAVED,
  serverError,
  staffWith,
  start,
  unauthorised,
  VISITOR,
  withFakeTimers,
} from './helpers/documentMachineKit';

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
 * Who is using the app is decided by the root, once per session: each document actor is created for
 * an applicant, a visitor or staff and never changes role (a login or logout stops it and creates
 * another). What a role change used to do is what an actor created for the new role does.
 */
describe('who it is created for', () => {
  it('does nothing for a visitor: nothing can be uploaded or downloaded, nothing is fetched, nothing is held', async () => {
    const run = start(VISITOR);
    await flush();
    expect(run.snapshot().matches('visitor')).toBe(true);
    expect(run.snapshot().can({ type: 'document.choose', files: [pdf()] })).toBe(false);
    expect(run.snapshot().can({ type: 'document.download' })).toBe(false);
    expect(run.snapshot().context).toMatchObject({ document: null, error: null, file: null, upload: null });
    expect(run.fake.loadDocument).not.toHaveBeenCalled();
  });

  it("loads an applicant's document answer once, busy meanwhile", async () => {
    const run = start(APPLICANT);
    expect(run.snapshot().matches({ applicant: 'loading' })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(run.fake.loadDocument).toHaveBeenCalledWith({ answerKey: KEY });
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(1);
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
  });

  it("shows staff the staff copy's document as a read-only note, opened with the link's token, without loading anything", async () => {
    const run = start(staffWith(SAVED, 'staff-token'));
    await flush();
    expect(run.snapshot().matches({ staff: 'attached' })).toBe(true);
    expect(run.snapshot().hasTag('attached')).toBe(true);
    expect(run.snapshot().context.document).toEqual(SAVED);
    expect(run.snapshot().can({ type: 'document.delete' })).toBe(false);
    expect(run.snapshot().can({ type: 'document.choose', files: [pdf()] })).toBe(false);
    await run.send({ type: 'document.download' });
    expect(run.fake.fetchServiceDocumentLink).toHaveBeenCalledWith({ answerKey: KEY, serviceToken: 'staff-token' });
    expect(run.fake.loadDocument).not.toHaveBeenCalled();
  });

  it('shows staff an empty read-only note when the staff copy holds no document', async () => {
    for (const given of [staffWith(null, 'staff-token'), staffWith(null), { role: 'staff' } as const]) {
      const run = start(given);
      await flush();
      expect(run.snapshot().matches({ staff: 'empty' })).toBe(true);
      expect(run.snapshot().context.document).toBeNull();
      expect(run.snapshot().can({ type: 'document.download' })).toBe(false);
      expect(run.fake.loadDocument).not.toHaveBeenCalled();
    }
  });
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
    expect(run.snapshot().matches({ applicant: 'failed' })).toBe(true);
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
    expect(run.snapshot().matches({ applicant: 'attached' })).toBe(true);
    await run.send({ type: 'document.delete' });
    await run.send({ type: 'document.confirmDelete' });
    expect(running()).toEqual(['deleteDocument']);
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
  expect(run.snapshot().matches({ applicant: 'converting' })).toBe(true);
  expect(run.snapshot().context.document).toEqual(SAVED);
});

describe('choosing a file', () => {
  it('refuses an invalid file with its message and accepts another choice', async () => {
    const run = await applicant();
    await run.send({ type: 'document.choose', files: [pdf('a.pdf', FILE_MAX_BYTES + 1)] });
    expect(run.snapshot().matches({ applicant: 'rejected' })).toBe(true);
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.tooLarge);
    await run.send({ type: 'document.choose', files: [pdf('a.gif')] });
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.wrongType);
    await run.send({ type: 'document.choose', files: [] });
    expect(run.snapshot().context.fileProblem).toBe(FILE_MESSAGES.wrongType);
    await run.send({ type: 'document.reload' });
    expect(run.fake.loadDocument).toHaveBeenCalledTimes(2);
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
    expect(run.snapshot().context.fileProblem).toBeNull();
    await run.send({ type: 'document.choose', files: [pdf('a.pdf', 0)] });
    run.fake.checkConversion.mockResolvedValue({ status: 'in progress', message: '' });
    await run.send({ type: 'document.choose', files: [pdf()] });
    expect(run.snapshot().matches({ applicant: 'converting' })).toBe(true);
    expect(run.snapshot().context.fileProblem).toBeNull();
  });

  it('ignores an empty choice (the file dialog was cancelled)', async () => {
    const run = await applicant();
    await run.send({ type: 'document.choose', files: [] });
    expect(run.snapshot().matches({ applicant: 'empty' })).toBe(true);
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
// The paths start from each way the actor is created (an applicant, a visitor, staff with or without a document).
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
