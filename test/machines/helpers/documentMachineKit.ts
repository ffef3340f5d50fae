/** The document actor among recording siblings, with network actors the tests steer (split from documentMachine.test.ts). */
import { afterEach, beforeEach, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../machines/api/httpClient';
import type { ConversionStatus, DocumentAnswer, DocumentLink, PresignedUpload } from '../../../machines/api/responses';
import type { StaffAccess } from '../../../machines/api/endpoints';
import { documentMachine, type DocumentEvent, type DocumentInfo, type DocumentInput } from '../../../machines/documentMachine';
import { connectDocument, connectStaffDocument } from '../../../machines/documentView';
import { staffDocumentMachine, type StaffDocumentInput } from '../../../machines/staffDocumentMachine';
import { documentPagesMachine, type DocumentPagesInput, type PageImage } from '../../../machines/documentPages';
import { documentSystemId, SYSTEM_IDS } from '../../../machines/systemIds';
import { DOCUMENT_KEYS } from '../../../src/catalogue/questions';
import type { AnswersSaveReply } from '../../../machines/events';
import { answersStandIn } from './answersStandIn';
import { flush, recordingSibling, startSystem } from './documentsKit';

export const KEY = DOCUMENT_KEYS[0] ?? 'personal_statement_doc';
export const PRESIGNED: PresignedUpload = { url: 'https://storage.test/upload', fields: { key: 'applicants/7/abc', policy: 'p' } };
export const SAVED: DocumentAnswer = { file_name: 'transcript.pdf', file_size: 2048 };
export const DOCUMENT_URL = '/files/document?ticket=1.2.abc.def';
export const serverError = new ApiError('The server is down.', 'http', 500);
export const unauthorised = new ApiError('Unauthorised', 'unauthorised', 401);

export const pdf = (name = 'essay.pdf', bytes = 1500) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
/** What the application gives a staff document actor: the staff copy's document and the staff link's token. */
export const staffWith = (document: DocumentInfo | null, serviceToken = 'staff-token'): Omit<StaffDocumentInput, 'answerKey'> => ({
  document,
  access: { serviceToken },
});

/**
 * Network actors backed by mocks the tests steer; each receives the invoke's input. `saveAnswers`
 * is the answers actor's save, which the upload asks for: it resolves, or its rejection is the
 * reply's failure.
 */
export function fakeApi() {
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
    fetchStaffDocumentLink: vi.fn<(input: { answerKey: string; access: StaffAccess }) => Promise<DocumentLink>>(() =>
      Promise.resolve({ status: 'completed', url: `${DOCUMENT_URL}&service_token=staff-token` }),
    ),
    /** The staff print's pages of the document, drawn from the converted PDF. */
    renderDocumentPages: vi.fn<(input: DocumentPagesInput, signal: AbortSignal) => Promise<readonly PageImage[]>>(() =>
      Promise.resolve([]),
    ),
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

const pagesOf = (fake: FakeApi) =>
  documentPagesMachine.provide({
    actors: {
      renderDocumentPages: fromPromise(({ input, signal }: { input: DocumentPagesInput; signal: AbortSignal }) =>
        fake.renderDocumentPages(input, signal),
      ),
    },
  });

export function provided(fake: FakeApi) {
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
    },
  });
}

function providedStaff(fake: FakeApi) {
  return staffDocumentMachine.provide({
    actors: {
      fetchStaffDocumentLink: fromPromise(({ input }: { input: { answerKey: string; access: StaffAccess } }) =>
        fake.fetchStaffDocumentLink(input),
      ),
      documentPages: pagesOf(fake),
    },
  });
}

/** The answers actor's reply to a save request, from the fake's `saveAnswers`. */
const replyOf = (fake: FakeApi) => async (): Promise<AnswersSaveReply> => {
  try {
    await fake.saveAnswers();
    return { type: 'answers.saved', answers: {} };
  } catch (error) {
    return { type: 'answers.saveFailed', reason: 'error', message: (error as Error).message };
  }
};

/** An applicant's document actor among recording siblings, as the application spawns it. */
export function start(fake = fakeApi()) {
  const siblings = {
    answers: answersStandIn(replyOf(fake)),
    toasts: recordingSibling(),
    session: recordingSibling(),
    tabs: recordingSibling(),
    app: recordingSibling(),
  };
  const { root, actor } = startSystem(
    { logic: provided(fake), systemId: documentSystemId(KEY), input: { answerKey: KEY } satisfies DocumentInput },
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
    /** What the document question shows, through its view API. */
    view: () => connectDocument(actor.getSnapshot(), (event) => actor.send(event)),
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

/** An applicant's document actor, its document answer loaded. */
export async function applicant(fake = fakeApi()) {
  const run = start(fake);
  await flush();
  return run;
}

/** A staff document actor among recording siblings, as the application of a staff link spawns it. */
export function startStaff(given: Omit<StaffDocumentInput, 'answerKey'>, fake = fakeApi()) {
  const toasts = recordingSibling();
  const session = recordingSibling();
  const { root, actor } = startSystem(
    { logic: providedStaff(fake), systemId: documentSystemId(KEY), input: { answerKey: KEY, ...given } satisfies StaffDocumentInput },
    { [SYSTEM_IDS.toasts]: toasts.logic, [SYSTEM_IDS.session]: session.logic },
  );
  const delivered: string[] = [];
  actor.on('document.deliver', (event: { url: string }) => void delivered.push(event.url));
  return {
    fake,
    root,
    actor,
    send: async (event: { type: 'document.download' }) => {
      actor.send(event);
      await flush();
    },
    snapshot: () => actor.getSnapshot(),
    /** What staff see of the document answer, through its view API. */
    view: () => connectStaffDocument(actor.getSnapshot(), (event) => actor.send(event)),
    toasts: toasts.received,
    sessionReceived: session.received,
    delivered,
  };
}

/** Each test on fake timers, its mocks cleared after. */
export function withFakeTimers() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });
}
