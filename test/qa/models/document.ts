import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { LOSS_MESSAGES } from '../../../src/catalogue/answerMessages';
import { ApiError } from '../../../machines/api/httpClient';
import type { ConversionStatus, DocumentAnswer, PresignedUpload } from '../../../machines/api/responses';
import { DOCUMENT_MESSAGES, documentMachine, type DocumentInput } from '../../../machines/documentMachine';
import { staffDocumentMachine, type StaffDocumentInput } from '../../../machines/staffDocumentMachine';
import { DOCUMENT_KEYS, TAB_GROUPS } from '../../../src/catalogue/questions';
import { DOCUMENT_POLL_MS, FILE_MAX_BYTES } from '../../../src/catalogue/limits';
import { failures } from '../fixtures';
import type { PathModel, SnapshotState } from '../model';
import type { Call, Expectation, PageCheck, PagePlan, Reply, StepPlan, UploadFile } from '../plan';

/** Outcomes the document paths give to the calls and to the file dialog. */
const documentFixtures = {
  answerKey: DOCUMENT_KEYS[0] ?? 'personal_statement_doc',
  saved: { file_name: 'transcript.pdf', file_size: 2048 } satisfies DocumentAnswer,
  presigned: { url: 'https://storage.test/upload', fields: { key: 'applicants/7/abc', policy: 'p' } } satisfies PresignedUpload,
  file: new File([new Uint8Array(3000)], 'essay.pdf', { type: 'application/pdf' }),
  tooBig: new File([new Uint8Array(FILE_MAX_BYTES + 1)], 'big.pdf', { type: 'application/pdf' }),
  serverError: new ApiError('The server is down.', 'http', 500),
};

const { saved, presigned, file, tooBig, serverError } = documentFixtures;
const status = (value: ConversionStatus['status'], message = '') => ({
  type: 'xstate.done.actor.checkConversion',
  output: { status: value, message },
});

/** An applicant's document actor is created with its answer key only: it loads the rest. */
export const documentInputs: readonly DocumentInput[] = [{ answerKey: documentFixtures.answerKey }];

/** Staff's, with the staff copy's document and the link's token (to open the converted PDF), or with none. */
export const staffDocumentInputs: readonly StaffDocumentInput[] = [
  { answerKey: documentFixtures.answerKey, document: saved, access: { serviceToken: 'staff-token' } },
  { answerKey: documentFixtures.answerKey, document: null, access: { serviceToken: 'staff-token' } },
];

export const documentPathEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadDocument', output: null },
  { type: 'xstate.done.actor.loadDocument', output: { ...saved, status: 'completed' } },
  { type: 'xstate.done.actor.loadDocument', output: { ...saved, status: 'in progress' } },
  { type: 'xstate.done.actor.loadDocument', output: { ...saved, status: 'failed' } },
  { type: 'xstate.error.actor.loadDocument', error: serverError },
  { type: 'document.choose', files: [file] },
  { type: 'document.choose', files: [tooBig] },
  { type: 'document.choose', files: [] },
  // The answers actor's replies to the upload's `answers.save`.
  { type: 'answers.saved' },
  { type: 'answers.saveFailed', reason: 'error', message: serverError.message },
  { type: 'answers.saveFailed', reason: 'unauthorised', message: 'Your session is invalid.' },
  { type: 'xstate.done.actor.requestUploadUrl', output: presigned },
  { type: 'xstate.error.actor.requestUploadUrl', error: serverError },
  { type: 'xstate.done.actor.uploadFile' },
  { type: 'xstate.error.actor.uploadFile', error: serverError },
  { type: 'xstate.done.actor.requestConversion' },
  { type: 'xstate.error.actor.requestConversion', error: serverError },
  status('unprocessed'),
  status('in progress'),
  status('completed'),
  status('failed', 'The PDF is encrypted.'),
  status('not answered'),
  { type: 'xstate.error.actor.checkConversion', error: serverError },
  { type: 'xstate.done.actor.deleteDocument' },
  { type: 'xstate.error.actor.deleteDocument', error: serverError },
  { type: 'xstate.done.actor.fetchDocumentLink', output: { status: 'completed', url: '/files/document?ticket=t' } },
  { type: 'xstate.done.actor.fetchDocumentLink', output: { status: 'not answered', url: null } },
  { type: 'xstate.error.actor.fetchDocumentLink', error: serverError },
  { type: 'xstate.done.actor.deleteConversion' },
  { type: 'xstate.error.actor.deleteConversion', error: serverError },
];

/** JSON that tells File objects apart (JSON.stringify makes each one `{}`). */
export function serialiseWithFiles(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof File ? { file: item.name, size: item.size, type: item.type } : item,
  );
}

/**
 * A state is its value, its context and the type of the event that led there, so the shortest
 * paths take every transition once, not only reach every state.
 */
export const serialiseStateVia = (snapshot: SnapshotState, event: EventObject | undefined) =>
  serialiseWithFiles({ value: snapshot.value, context: snapshot.context, via: event?.type });

export const documentModel: PathModel = {
  name: 'document',
  machine: documentMachine,
  inputs: documentInputs,
  events: documentPathEvents,
  serializeState: serialiseStateVia,
};

/** What staff can cause: open the document, and the server's answers to the link and the printed pages. */
export const staffDocumentPathEvents: AnyEventObject[] = [
  { type: 'document.download' },
  { type: 'xstate.done.actor.fetchStaffDocumentLink', output: { status: 'completed', url: '/files/document?ticket=t&service_token=s' } },
  { type: 'xstate.done.actor.fetchStaffDocumentLink', output: { status: 'not answered', url: null } },
  { type: 'xstate.error.actor.fetchStaffDocumentLink', error: serverError },
];

export const staffDocumentModel: PathModel = {
  name: 'staffDocument',
  machine: staffDocumentMachine,
  inputs: staffDocumentInputs,
  events: staffDocumentPathEvents,
  serializeState: serialiseStateVia,
};

// --- The plan QA and the model-based browser tests follow -----------------------------------------

const key = documentFixtures.answerKey;
const LOAD: Call = { method: 'GET', path: '/api/document-answer' };
const SAVE: Call = { method: 'PUT', path: '/api/answer' };
const PRESIGN: Call = { method: 'POST', path: '/api/presigned-url' };
const UPLOAD: Call = { method: 'POST', path: '/files/upload' };
/** The conversion's request (POST), its status and link (GET) and the reset of a failed one (DELETE). */
const CONVERSION = (method: Call['method']): Call => ({ method, path: `/api/pdf/document-answer/${key}` });
const DELETE_DOCUMENT: Call = { method: 'DELETE', path: `/api/document-answer/${key}` };
const SERVER_DOWN = 'The server is down.';
const serverDown = { status: 500, body: { message: SERVER_DOWN } };
const pageError = new ApiError(SERVER_DOWN, 'http', 500);

/** The question as it stands on Your Academics, on the "Upload a document" tab. */
const LABEL = 'Personal statement document';
const group = TAB_GROUPS.find((candidate) => candidate.tabs.some((tab) => tab.documentKey === key));
const uploadTab = group?.tabs.find((tab) => tab.documentKey === key);
const writeTab = group?.tabs.find((tab) => tab !== uploadTab);
/** A document of an earlier visit, as the server's answer names it (no such file is on the server). */
const EARLIER = 'earlier.pdf';
const STATEMENT: UploadFile = { name: 'statement.pdf', mimeType: 'application/pdf', content: { pdf: 'My personal statement.' } };
const NOTES: UploadFile = { name: 'notes.txt', mimeType: 'text/plain', content: { text: 'Some notes.' } };
const asFile = (file: UploadFile) =>
  new File([new Uint8Array(3000)], file.name, { type: file.mimeType === 'text/plain' ? 'text/plain' : file.mimeType });
const loaded = (status: DocumentAnswer['status'] | null) => ({
  type: 'xstate.done.actor.loadDocument',
  output: status === null ? null : { file_name: EARLIER, file_size: 2048, status },
});

const documentContext = (snapshot: AnyMachineSnapshot) =>
  snapshot.context as { document: { file_name: string; file_size: number } | null; error: string | null; fileProblem: string | null };
const fileName = (snapshot: AnyMachineSnapshot) => documentContext(snapshot).document?.file_name;

/**
 * What the page can cause: an applicant with the upload tab chosen opens the page (with nothing
 * stored, or with an earlier visit's document still converting, failed or done), chooses a file
 * (a PDF, or a text file the rules refuse), the server answers each call of the upload; then
 * Delete and its question, Download, "Choose another file" after a failure, and the switch to the
 * other tab that deletes the document. A document of an earlier visit named by a reply is not on
 * the server (deleting it is still the server's real answer); the one downloaded is uploaded on the way.
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading'))
    // Nothing stored first: the page with nothing stored is the way on (an error screen is not).
    return [
      loaded(null),
      loaded('in progress'),
      loaded('failed'),
      loaded('completed'),
      { type: 'xstate.error.actor.loadDocument', error: pageError },
    ];
  const choose = [
    { type: 'document.choose', files: [asFile(STATEMENT)] },
    { type: 'document.choose', files: [asFile(NOTES)] },
  ];
  // The tab group's "Try again" after a failed switch fetches the document again.
  const reload = { type: 'document.reload' };
  if (snapshot.matches('empty')) return [...choose, reload];
  if (snapshot.matches('rejected')) return [...choose.slice(0, 1), reload];
  if (snapshot.matches({ uploading: { answers: 'saving' } }))
    return [{ type: 'answers.saved' }, { type: 'answers.saveFailed', reason: 'error', message: SERVER_DOWN }];
  if (snapshot.matches('uploading'))
    return [
      { type: 'xstate.done.actor.requestUploadUrl', output: documentFixtures.presigned },
      { type: 'xstate.error.actor.requestUploadUrl', error: pageError },
    ];
  if (snapshot.matches('sending'))
    // The upload is a cross-origin form post whose answer cannot be read: only a network failure shows.
    return [{ type: 'xstate.done.actor.uploadFile' }, { type: 'xstate.error.actor.uploadFile', error: failures.network }];
  if (snapshot.matches('requestingConversion'))
    return [{ type: 'xstate.done.actor.requestConversion' }, { type: 'xstate.error.actor.requestConversion', error: pageError }];
  if (snapshot.matches({ converting: 'checking' }))
    return fileName(snapshot) === EARLIER
      ? // The server holds no such document: it says so.
        [status('not answered')]
      : [
          status('completed'),
          status('in progress'),
          status('failed', 'The PDF is encrypted.'),
          { type: 'xstate.error.actor.checkConversion', error: pageError },
        ];
  if (snapshot.matches('failed')) return [{ type: 'document.resetError' }, { type: 'document.cleared' }];
  if (snapshot.matches('resetting'))
    return [{ type: 'xstate.done.actor.deleteConversion' }, { type: 'xstate.error.actor.deleteConversion', error: pageError }];
  if (snapshot.matches({ attached: 'idle' }))
    // Downloading needs the converted file on the server: the one uploaded on the way. Deleting
    // (here or by the switch) does not: the server deletes what it holds, nothing for the earlier one.
    return fileName(snapshot) === EARLIER ? [{ type: 'document.delete' }, { type: 'document.cleared' }] : [{ type: 'document.download' }];
  if (snapshot.matches({ attached: 'confirmingDelete' })) return [{ type: 'document.cancelDelete' }, { type: 'document.confirmDelete' }];
  if (snapshot.matches({ attached: 'deleting' }))
    return [{ type: 'xstate.done.actor.deleteDocument' }, { type: 'xstate.error.actor.deleteDocument', error: pageError }];
  if (snapshot.matches({ attached: 'fetchingLink' }))
    return [
      { type: 'xstate.done.actor.fetchDocumentLink', output: { status: 'completed', url: '/files/document' } },
      { type: 'xstate.error.actor.fetchDocumentLink', error: pageError },
    ];
  return [];
}

function documentStep(event: AnyEventObject, before: AnyMachineSnapshot): StepPlan {
  const server = (call: Call, reply: Reply, words: string): StepPlan => ({ words, actions: [{ kind: 'server', call, reply }] });
  switch (event.type) {
    case 'xstate.done.actor.loadDocument': {
      const output = (event as unknown as { output: DocumentAnswer | null }).output;
      if (output === null) return server(LOAD, 'real', 'the server has no document for the question');
      return server(
        LOAD,
        { status: 200, body: { [key]: output } },
        `the server names "${EARLIER}" of an earlier visit, its conversion ${output.status}`,
      );
    }
    case 'xstate.error.actor.loadDocument':
      return server(LOAD, serverDown, 'the server fails to give the document');
    case 'document.choose': {
      const file = (event as unknown as { files: File[] }).files[0]?.name === NOTES.name ? NOTES : STATEMENT;
      return { words: `Choose the file "${file.name}"`, actions: [{ kind: 'upload', label: LABEL, file }] };
    }
    case 'answers.saved':
      return server(SAVE, 'real', 'the server saves the answers');
    case 'answers.saveFailed':
      return server(SAVE, serverDown, 'the server fails to save the answers');
    case 'xstate.done.actor.requestUploadUrl':
      return server(PRESIGN, 'real', 'the server gives the address to upload to');
    case 'xstate.error.actor.requestUploadUrl':
      return server(PRESIGN, serverDown, 'the server fails to give the address to upload to');
    case 'xstate.done.actor.uploadFile':
      return server(UPLOAD, 'real', 'the file is uploaded');
    case 'xstate.error.actor.uploadFile':
      return server(UPLOAD, 'network', 'the network fails during the upload');
    case 'xstate.done.actor.requestConversion':
      return server(CONVERSION('POST'), 'real', 'the server starts the conversion to PDF');
    case 'xstate.error.actor.requestConversion':
      return server(CONVERSION('POST'), serverDown, 'the server fails to start the conversion');
    case 'xstate.done.actor.checkConversion': {
      const { status: value, message } = (event as unknown as { output: ConversionStatus }).output;
      if (value === 'completed') return server(CONVERSION('GET'), 'real', 'the server converts the file (completed)');
      if (value === 'not answered') return server(CONVERSION('GET'), 'real', 'the server says it holds no such document');
      return server(
        CONVERSION('GET'),
        { status: 200, body: { status: value, message } },
        value === 'failed' ? `the conversion fails: "${message}"` : 'the conversion is still in progress',
      );
    }
    case 'xstate.error.actor.checkConversion':
      return server(CONVERSION('GET'), serverDown, "the server fails to give the conversion's status");
    case 'document.resetError':
      return { words: 'Press "Choose another file"', actions: [{ kind: 'click', role: 'button', name: 'Choose another file' }] };
    case 'xstate.done.actor.deleteConversion':
      return server(CONVERSION('DELETE'), 'real', 'the server deletes the failed conversion');
    case 'xstate.error.actor.deleteConversion':
      return server(CONVERSION('DELETE'), serverDown, 'the server fails to delete the failed conversion');
    case 'document.cleared':
      return {
        words: `Choose the tab "${writeTab?.label ?? ''}" and press "${LOSS_MESSAGES.tabSwitchConfirm}"`,
        actions: [
          { kind: 'click', role: 'tab', name: writeTab?.label ?? '' },
          { kind: 'await', check: { kind: 'dialog', name: LOSS_MESSAGES.tabSwitchTitle(writeTab?.label ?? '') } },
          { kind: 'click', role: 'button', name: LOSS_MESSAGES.tabSwitchConfirm },
        ],
      };
    case 'document.reload':
      return {
        words: `Choose the tab "${writeTab?.label ?? ''}": the server fails to save the choice; press "Try again"`,
        actions: [
          // Arranged before the click that saves the choice.
          { kind: 'server', call: { method: 'PUT', path: '/api/tabs' }, reply: serverDown },
          { kind: 'click', role: 'tab', name: writeTab?.label ?? '' },
          { kind: 'await', check: { kind: 'alert', text: 'We could not switch right now.' } },
          { kind: 'click', role: 'button', name: 'Try again' },
        ],
      };
    case 'document.delete':
      return { words: 'Press Delete', actions: [{ kind: 'click', role: 'button', name: `Delete ${fileName(before) ?? ''}` }] };
    case 'document.cancelDelete':
      return { words: `Press ${DOCUMENT_MESSAGES.cancel}`, actions: [{ kind: 'click', role: 'button', name: DOCUMENT_MESSAGES.cancel }] };
    case 'document.confirmDelete':
      return {
        words: `Press ${DOCUMENT_MESSAGES.delete} in the dialog`,
        actions: [{ kind: 'click', role: 'button', name: DOCUMENT_MESSAGES.delete }],
      };
    case 'xstate.done.actor.deleteDocument':
      return server(DELETE_DOCUMENT, 'real', 'the server deletes the document');
    case 'xstate.error.actor.deleteDocument':
      return server(DELETE_DOCUMENT, serverDown, 'the server fails to delete the document');
    case 'document.download':
      return { words: 'Press Download', actions: [{ kind: 'click', role: 'button', name: `Download ${fileName(before) ?? ''} as a PDF` }] };
    case 'xstate.done.actor.fetchDocumentLink':
      return server(CONVERSION('GET'), 'real', 'the server gives the link of the converted PDF');
    case 'xstate.error.actor.fetchDocumentLink':
      return server(CONVERSION('GET'), serverDown, 'the server fails to give the link');
    default:
      // The poll: the page asks again by itself (its replies are arranged with the step before).
      if (event.type.startsWith('xstate.after.'))
        return { words: `${DOCUMENT_POLL_MS / 1000} seconds later, the page asks for the status again`, actions: [] };
      return { words: `(${event.type})`, actions: [] };
  }
}

const onPage: PageCheck[] = [{ kind: 'url', path: '/education' }];
const uploadFailedToast: PageCheck = { kind: 'alert', text: DOCUMENT_MESSAGES.uploadFailed(key) };

/** What the applicant sees of the question in each state (Your Academics, the upload tab). */
function documentExpectation(snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined): Expectation {
  const { document, error, fileProblem: problem } = documentContext(snapshot);
  const name = document?.file_name ?? '';
  const via = arrivedBy?.type ?? '';
  const chooser: PageCheck[] = [...onPage, { kind: 'text', text: 'Choose a file' }];
  const uploading = (words: string, waitsFor?: Call): Expectation => ({
    words: `${words}: the upload's progress`,
    checks: [...onPage, { kind: 'text', text: `Uploading ${name}… This can take a moment.` }],
    ...(waitsFor ? { waitsFor } : {}),
  });
  if (snapshot.matches('loading'))
    return { words: 'the document is loading', checks: [...onPage, { kind: 'text', text: 'Loading your document…' }], waitsFor: LOAD };
  if (snapshot.matches('empty')) {
    if (via === 'xstate.error.actor.loadDocument')
      return { words: "the page's error screen", checks: [{ kind: 'heading', name: 'Something went wrong.' }] };
    if (via === 'document.cleared')
      return {
        words: `the tab "${writeTab?.label ?? ''}" is chosen, the document is gone`,
        checks: [...onPage, { kind: 'tab', name: writeTab?.label ?? '', state: 'selected' }, { kind: 'noDialog' }],
      };
    if (via === 'xstate.error.actor.deleteConversion')
      return { words: 'a file can be chosen; an error toast', checks: [...chooser, { kind: 'alert', text: SERVER_DOWN }] };
    return { words: 'a file can be chosen', checks: [...chooser, { kind: 'noDialog' }] };
  }
  if (snapshot.matches('rejected'))
    return { words: 'the file is refused, with the rule it breaks', checks: [...chooser, { kind: 'text', text: problem ?? '' }] };
  if (snapshot.matches({ uploading: { answers: 'saving' } })) return uploading('the answers are being saved', SAVE);
  if (snapshot.matches('uploading')) return uploading('the upload address is asked for', PRESIGN);
  if (snapshot.matches('sending')) return uploading('the file is being sent', UPLOAD);
  if (snapshot.matches('requestingConversion')) return uploading('the conversion is asked for', CONVERSION('POST'));
  if (snapshot.matches({ converting: 'checking' })) return uploading('the conversion is being checked', CONVERSION('GET'));
  if (snapshot.matches('converting')) return uploading('the conversion is in progress');
  if (snapshot.matches('failed'))
    return {
      words: 'the upload failed: why, and a way to choose another file',
      checks: [
        ...onPage,
        { kind: 'text', text: error ?? '' },
        { kind: 'button', name: 'Choose another file', state: 'enabled' },
        // A failure of this visit is also an error toast; one found on loading is not.
        ...(via === 'xstate.done.actor.loadDocument' ? [] : [uploadFailedToast]),
      ],
    };
  if (snapshot.matches('resetting'))
    return {
      words: 'the failed conversion is being deleted',
      checks: [...onPage, { kind: 'button', name: 'Choose another file', state: 'busy' }],
      waitsFor: CONVERSION('DELETE'),
    };
  const download = `Download ${name} as a PDF`;
  const remove = `Delete ${name}`;
  if (snapshot.matches({ attached: 'confirmingDelete' }))
    return {
      words: 'the question before the document is deleted',
      checks: [...onPage, { kind: 'dialog', name: DOCUMENT_MESSAGES.deleteTitle }],
    };
  if (snapshot.matches({ attached: 'deleting' }))
    return {
      words: 'the document is being deleted',
      checks: [...onPage, { kind: 'button', name: remove, state: 'busy' }],
      waitsFor: DELETE_DOCUMENT,
    };
  if (snapshot.matches({ attached: 'fetchingLink' }))
    return {
      words: 'the link is being asked for',
      checks: [...onPage, { kind: 'button', name: download, state: 'busy' }],
      waitsFor: CONVERSION('GET'),
    };
  const attached: PageCheck[] = [
    ...onPage,
    { kind: 'text', text: name },
    { kind: 'button', name: download, state: 'enabled' },
    { kind: 'button', name: remove, state: 'enabled' },
    { kind: 'noDialog' },
  ];
  if (via === 'xstate.done.actor.fetchDocumentLink')
    return { words: 'the converted PDF is downloaded', checks: [...attached, { kind: 'download' }] };
  if (via === 'xstate.error.actor.fetchDocumentLink')
    return {
      words: 'the download failed: an error toast',
      checks: [...attached, { kind: 'alert', text: DOCUMENT_MESSAGES.downloadFailed(name) }],
    };
  if (via === 'xstate.error.actor.deleteDocument')
    return {
      words: 'the deletion failed: an error toast, the document stays',
      checks: [...attached, { kind: 'alert', text: SERVER_DOWN }],
    };
  return { words: 'the document with its name, size, Download and Delete', checks: attached };
}

/** The document question's plan (section 4 "Documents"); for a machine (the product's, or a broken copy). */
export function documentPagePlan(machine: AnyStateMachine = documentMachine): PagePlan {
  return {
    model: {
      name: 'document',
      machine,
      inputs: [{ answerKey: key } satisfies DocumentInput],
      onlyListed: true,
      events: pageEvents,
      serializeState: (snapshot) => {
        const { document, error, fileProblem: problem } = documentContext(snapshot);
        return JSON.stringify([snapshot.value, document?.file_name ?? null, error, problem]);
      },
    },
    start: '/education',
    // The page's document actor is an applicant's: every path starts logged in, with the upload tab chosen.
    before: {
      words: `Log in as an applicant who chose the tab "${uploadTab?.label ?? ''}"`,
      actions: [
        { kind: 'setup', task: 'account' },
        {
          kind: 'setup',
          task: 'request',
          call: { method: 'PUT', path: '/api/tabs' },
          body: { tab_id: group?.tabId ?? '', chosen_tab: uploadTab?.id ?? '' },
        },
      ],
    },
    step: documentStep,
    expect: documentExpectation,
    notDriven:
      'document.reload from a failed upload or an attached document (the switch before it asks first and deletes the document) is left to test/machines/documentMachine.test.ts and tabsMachine.test.ts.',
  };
}
