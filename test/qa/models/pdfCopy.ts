import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { PDF_POLL_FIRST_MS, PDF_POLL_MS } from '../../../src/catalogue/limits';
import { SESSION_INVALID_MESSAGE } from '../../../src/catalogue/messages';
import { ApiError } from '../../../machines/api/httpClient';
import type { PdfCopy } from '../../../machines/api/responses';
import type { RoleInput } from '../../../machines/roles';
import { PDF_COPY_MESSAGES, pdfCopyMachine } from '../../../machines/pdfCopyMachine';
import { serialiseStateVia } from './document';
import { failures } from '../fixtures';
import type { PathModel } from '../model';
import type { Call, Expectation, PageCheck, PagePlan, Reply, StepPlan } from '../plan';

const copy = (status: PdfCopy['status'], url: string | null = null): PdfCopy => ({ status, url });
const outcomes = (id: string): AnyEventObject[] => [
  { type: `xstate.done.actor.${id}`, output: copy('in progress') },
  { type: `xstate.done.actor.${id}`, output: copy('completed', 'https://admissions.test/api/pdf/download/one') },
  { type: `xstate.done.actor.${id}`, output: copy('not answered') },
  { type: `xstate.done.actor.${id}`, output: copy('failed') },
  { type: `xstate.error.actor.${id}`, error: new ApiError('The server is down.', 'http', 500) },
];

/** A PDF copy actor is created for a visitor, an applicant or staff: only an applicant's asks for a copy. */
export const pdfCopyInputs: readonly RoleInput[] = [{ role: 'visitor' }, { role: 'applicant' }, { role: 'staff' }];
const applicantInput = pdfCopyInputs[1];

export const pdfCopyPathEvents: AnyEventObject[] = [
  ...outcomes('fetchPdfCopy'),
  ...outcomes('refreshPdfCopy'),
  ...outcomes('preparePdfCopy'),
  ...outcomes('downloadPdfCopy'),
  // The answers actor's replies to a download's `answers.save`.
  { type: 'answers.saved', answers: {} },
  { type: 'answers.saveFailed', reason: 'error', message: 'The server is down.' },
  { type: 'answers.saveFailed', reason: 'unauthorised', message: 'Your session is invalid.' },
];

/** Shortest paths: every transition once (states told apart by the event that led there too). */
export const pdfCopyModel: PathModel = {
  name: 'pdfCopy',
  machine: pdfCopyMachine,
  inputs: pdfCopyInputs,
  events: pdfCopyPathEvents,
  serializeState: serialiseStateVia,
};

/**
 * The polling alone, without the form area's download (whose saves and retries multiply the walks
 * by hundreds): the events of the simple paths.
 */
export const pdfCopyPollingEvents: AnyEventObject[] = [
  ...pdfCopyPathEvents.filter((event) => !event.type.startsWith('answers.') && !event.type.endsWith('.downloadPdfCopy')),
  { type: 'pdfCopy.refresh' },
  { type: 'pdfCopy.retry' },
];

/** Simple paths: every loop-free walk of the polling; by value and context only, or their number explodes. */
export const pdfCopySimpleModel: PathModel = {
  ...pdfCopyModel,
  events: pdfCopyPollingEvents,
  onlyListed: true,
  serializeState: undefined,
};

// --- The plan QA and the model-based browser tests follow -----------------------------------------

const PDF: Call = { method: 'GET', path: '/api/pdf' };
const SAVE: Call = { method: 'PUT', path: '/api/answer' };
const SERVER_DOWN = 'The server is down.';
const serverDown = { status: 500, body: { message: SERVER_DOWN } };
const BUTTON = 'Download a PDF copy of your application';
/** A copy the server is said to hold (the polls' answers are arranged: the real copy's timing is the server's). */
const LINK = '/api/pdf/download/copy';
/** The background checks' answers: all arranged, so that each path is the same on every run. */
const arranged = (id: string): AnyEventObject[] => [
  { type: `xstate.done.actor.${id}`, output: copy('completed', LINK) },
  { type: `xstate.done.actor.${id}`, output: copy('in progress') },
  { type: `xstate.done.actor.${id}`, output: copy('failed') },
  { type: `xstate.error.actor.${id}`, error: new ApiError(SERVER_DOWN, 'http', 500) },
];

/**
 * What Final Steps can cause: an applicant with a whole application opens it (the copy is checked
 * in the background: ready, still being made, failed, or the call fails), leaves it for the
 * 10-minute poll, and presses "Download a PDF copy": the answers are saved (or not), the copy is
 * asked for (the real one, or one still being made, or a failure) and downloaded.
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ active: 'loading' })) return arranged('fetchPdfCopy');
  if (snapshot.matches({ active: 'refreshing' })) return arranged('refreshPdfCopy');
  if (snapshot.matches({ active: { preparing: 'checking' } })) return arranged('preparePdfCopy');
  if (snapshot.matches({ active: { downloading: 'saving' } }))
    return [
      { type: 'answers.saved', answers: {} },
      { type: 'answers.saveFailed', reason: 'error', message: SERVER_DOWN },
      { type: 'answers.saveFailed', reason: 'unauthorised', message: failures.unauthorised.message },
    ];
  if (snapshot.matches({ active: { downloading: 'fetching' } })) return arranged('downloadPdfCopy');
  // A download from a state that lasts (the copy ready, or failed); the timers come by themselves.
  if (snapshot.matches({ active: 'ready' }) || snapshot.matches({ active: 'failed' })) return [{ type: 'pdfCopy.download' }];
  return [];
}

/** An applicant's PDF copy actor is created once they are logged in. */
const loggedInWithAnswers: StepPlan = {
  words: 'Log in as an applicant who filled in the whole application',
  actions: [
    { kind: 'setup', task: 'account' },
    { kind: 'setup', task: 'completeApplication' },
    { kind: 'setup', task: 'clock' },
  ],
};

function pdfCopyStep(event: AnyEventObject): StepPlan {
  const server = (call: Call, reply: Reply, words: string): StepPlan => ({ words, actions: [{ kind: 'server', call, reply }] });
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (actor) {
    const download = actor[2] === 'downloadPdfCopy';
    const what = download ? 'the copy asked for' : 'the background check';
    if (actor[1] === 'error') return server(PDF, serverDown, `the server fails (${what})`);
    const { status } = (event as unknown as { output: PdfCopy }).output;
    // The download's copy is the real one, made from the answers just saved.
    if (download && status === 'completed') return server(PDF, 'real', 'the server makes the copy and gives its link');
    return server(
      PDF,
      { status: 200, body: { status, url: status === 'completed' ? LINK : null, message: '' } },
      `the server says: copy ${status} (${what})`,
    );
  }
  switch (event.type) {
    case 'pdfCopy.download':
      return { words: `Press "${BUTTON}"`, actions: [{ kind: 'click', role: 'button', name: BUTTON }] };
    case 'answers.saved':
      return server(SAVE, 'real', 'the server saves the answers');
    case 'answers.saveFailed':
      return (event as unknown as { reason: string }).reason === 'unauthorised'
        ? server(
            SAVE,
            { status: 401, body: { message: failures.unauthorised.message } },
            'the server refuses the save: the session has ended',
          )
        : server(SAVE, serverDown, 'the server fails to save the answers');
    default:
      if (event.type.startsWith('xstate.after.poll.'))
        return { words: `Leave the page alone for ${PDF_POLL_MS / 60_000} minutes`, actions: [{ kind: 'wait', ms: PDF_POLL_MS }] };
      // A second later the page asks again by itself: its answer is arranged with the step before.
      return { words: `${PDF_POLL_FIRST_MS / 1000} second later, the page asks again`, actions: [] };
  }
}

const onPage: PageCheck[] = [
  { kind: 'url', path: '/final-steps' },
  { kind: 'heading', name: 'Final Steps' },
];
const offer: PageCheck[] = [...onPage, { kind: 'region', name: 'Your PDF copy' }];

function pdfCopyExpectation(snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined): Expectation {
  if (snapshot.matches('inactive')) return { words: 'a visitor on Final Steps', checks: onPage };
  if (snapshot.matches({ active: 'downloading' }))
    return {
      words: snapshot.matches({ active: { downloading: 'saving' } }) ? 'the answers are saved for the copy' : 'the copy is being made',
      checks: [...offer, { kind: 'button', name: BUTTON, state: 'busy' }, { kind: 'text', text: 'Preparing your PDF copy…' }],
      waitsFor: snapshot.matches({ active: { downloading: 'saving' } }) ? SAVE : PDF,
    };
  if (snapshot.matches({ active: 'failed' }))
    return {
      words: 'the error toast; the button can be pressed',
      checks: [...offer, { kind: 'alert', text: PDF_COPY_MESSAGES.failed }, { kind: 'button', name: BUTTON, state: 'enabled' }],
    };
  if (arrivedBy?.type === 'answers.saveFailed')
    return {
      words: 'the session has ended: back on Log In with the reason',
      checks: [
        { kind: 'url', path: '/login' },
        { kind: 'heading', name: 'Log In' },
        { kind: 'text', text: SESSION_INVALID_MESSAGE },
      ],
    };
  const ready: PageCheck[] = [...offer, { kind: 'button', name: BUTTON, state: 'enabled' }];
  if (arrivedBy?.type === 'xstate.done.actor.downloadPdfCopy')
    return { words: 'the copy is downloaded; the button can be pressed again', checks: [...ready, { kind: 'download' }] };
  // The background checks show nothing on Final Steps (the completion page shows the link): the button stays free.
  const waitsFor =
    snapshot.matches({ active: 'loading' }) ||
    snapshot.matches({ active: 'refreshing' }) ||
    snapshot.matches({ active: { preparing: 'checking' } })
      ? PDF
      : undefined;
  return { words: 'the offer of a PDF copy, its button free', checks: ready, ...(waitsFor ? { waitsFor } : {}) };
}

/** The PDF copy's plan on Final Steps (section 1 "download a PDF copy"); for a machine (the product's, or a broken copy). */
export function pdfCopyPagePlan(machine: AnyStateMachine = pdfCopyMachine): PagePlan {
  return {
    model: {
      name: 'pdfCopy',
      machine,
      // Final Steps shows a visitor's PDF copy actor (it asks nothing), or an applicant's.
      inputs: [pdfCopyInputs[0], applicantInput],
      onlyListed: true,
      events: pageEvents,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { url: string | null }).url !== null]),
    },
    start: '/final-steps',
    before: (input) => (input === applicantInput ? loggedInWithAnswers : undefined),
    step: pdfCopyStep,
    expect: pdfCopyExpectation,
    notDriven:
      'pdfCopy.refresh is the completion page\'s (test/e2e/pdfCopy.e2e.ts) and pdfCopy.retry its "Try again" (test/machines/pdfCopyMachine.test.ts); a download pressed while a check runs or during the one-second pause cannot be ordered by this page\'s steps (the check ends first), and a log-out stops the application with its PDF copy actor (test/machines/appFailures.test.ts).',
  };
}
