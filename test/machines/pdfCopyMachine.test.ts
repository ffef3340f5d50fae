import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { api } from '../../machines/api/endpoints';
import { ApiError } from '../../machines/api/httpClient';
import type { PdfCopy } from '../../machines/api/responses';
import { PDF_COPY_MESSAGES, pdfCopyMachine, type PdfCopyEvent } from '../../machines/pdfCopyMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import type { Role } from '../../machines/roles';
import { PDF_POLL_FIRST_MS, PDF_POLL_MS } from '../../src/catalogue/limits';
import { flush, recordingSibling, startSystem } from './helpers/documentsKit';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { serialiseStateVia } from '../qa/models/document';
import { pdfCopyInputs, pdfCopyPathEvents, pdfCopyPollingEvents } from '../qa/models/pdfCopy';
import { eventsFor } from './helpers/documentsKit';
import { expectEveryStateReached } from './helpers/statePaths';

// Only the "default actor" test uses this; every other test provides its own actor.
vi.mock('../../machines/api/endpoints', () => ({ api: { pdfCopy: vi.fn() } }));

const URL_1 = 'https://admissions.test/api/pdf/download/one';
const URL_2 = 'https://admissions.test/api/pdf/download/two';
const copy = (status: PdfCopy['status'], url: string | null = null): PdfCopy => ({ status, url });
const serverError = new ApiError('The server is down.', 'http', 500);
const unauthorised = new ApiError('Unauthorised', 'unauthorised', 401);
const failureToast = { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: PDF_COPY_MESSAGES.failed } };

/** The PDF copy actor created for `role` (an applicant unless said). */
function start(
  fetch = vi.fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_1))),
  logic = pdfCopyMachine,
  role: Role = 'applicant',
) {
  const toasts = recordingSibling();
  const session = recordingSibling();
  const answers = recordingSibling();
  const provided = logic === pdfCopyMachine ? logic.provide({ actors: { fetchPdfCopy: fromPromise(() => fetch()) } }) : logic;
  const { root, actor } = startSystem(
    { logic: provided, systemId: SYSTEM_IDS.pdfCopy, input: { role } },
    { [SYSTEM_IDS.toasts]: toasts.logic, [SYSTEM_IDS.session]: session.logic, [SYSTEM_IDS.answers]: answers.logic },
  );
  const delivered: string[] = [];
  actor.on('pdfCopy.deliver', (event: { url: string }) => void delivered.push(event.url));
  const send = async (event: PdfCopyEvent) => {
    actor.send(event);
    await flush();
  };
  return {
    fetch,
    root,
    actor,
    send,
    snapshot: () => actor.getSnapshot(),
    toasts: toasts.received,
    sessionReceived: session.received,
    answersReceived: answers.received,
    delivered,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('who gets a PDF copy', () => {
  it.each<Role>(['visitor', 'staff'])('asks nothing for a %s, and offers no download', async (role) => {
    const run = start(undefined, undefined, role);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS * 2);
    expect(run.snapshot().matches('inactive')).toBe(true);
    expect(run.snapshot().can({ type: 'pdfCopy.download' })).toBe(false);
    expect(run.fetch).not.toHaveBeenCalled();
  });

  it("asks for an applicant's copy once, and stops polling when the session ends (its actor stops)", async () => {
    const run = start();
    await flush();
    expect(run.snapshot().context.url).toBe(URL_1);
    expect(run.fetch).toHaveBeenCalledTimes(1);
    run.root.stop();
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS * 2);
    expect(run.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('polling (spec section 4)', () => {
  it('polls every second until the first result, then every 10 minutes', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2)))
      .mockResolvedValueOnce(copy('unprocessed'))
      .mockResolvedValueOnce(copy('in progress'))
      .mockResolvedValueOnce(copy('completed', URL_1));
    const run = start(fetch);
    expect(run.snapshot().matches({ active: 'loading' })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(run.snapshot().matches({ active: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(run.snapshot().matches({ active: 'ready' })).toBe(true);
    expect(run.snapshot().context.url).toBe(URL_1);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(run.snapshot().context.url).toBe(URL_2);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  // Issue 13: this test used to expect the old link kept after a refresh found a rebuild under way;
  // that link answers 404 once the rebuild replaces the copy. The link now goes, and comes back new.
  it('drops the old link when asked at once (a submission), shows preparing, polls every second, ends with the new link', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockResolvedValueOnce(copy('unprocessed'))
      .mockResolvedValueOnce(copy('in progress'));
    const run = start(fetch);
    await flush();
    expect(run.snapshot().context.url).toBe(URL_1);
    run.actor.send({ type: 'pdfCopy.refresh' });
    // The copy may have changed: the old link is not shown while the server is asked.
    expect(run.snapshot().context.url).toBeNull();
    expect(run.snapshot().hasTag('preparing')).toBe(true);
    await flush();
    expect(run.snapshot().matches({ active: 'preparing' })).toBe(true);
    expect(run.snapshot().hasTag('preparing')).toBe(true);
    expect(run.snapshot().context.url).toBeNull();
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(run.snapshot().matches({ active: 'preparing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(run.snapshot().matches({ active: 'ready' })).toBe(true);
    expect(run.snapshot().hasTag('preparing')).toBe(false);
    expect(run.snapshot().context.url).toBe(URL_2);
  });

  it('keeps the link while the 10-minute check runs, and drops it when that check finds a rebuild under way', async () => {
    let answerCheck: (copy: PdfCopy) => void = () => undefined;
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockImplementationOnce(() => new Promise<PdfCopy>((resolve) => (answerCheck = resolve)));
    const run = start(fetch);
    await flush();
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(run.snapshot().matches({ active: 'refreshing' })).toBe(true);
    // Nothing says the copy changed yet: the link stays usable during the check.
    expect(run.snapshot().context.url).toBe(URL_1);
    answerCheck(copy('in progress'));
    await flush();
    expect(run.snapshot().matches({ active: 'preparing' })).toBe(true);
    expect(run.snapshot().context.url).toBeNull();
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(run.snapshot().context.url).toBe(URL_2);
    expect(run.snapshot().matches({ active: 'ready' })).toBe(true);
  });

  it('counts "not answered" as a result without a link', async () => {
    const run = start(vi.fn(() => Promise.resolve(copy('not answered'))));
    await flush();
    expect(run.snapshot().matches({ active: 'ready' })).toBe(true);
    expect(run.snapshot().context.url).toBeNull();
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS * 5);
    expect(run.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('a refresh or a download while the copy is being asked for', () => {
  const never = () => new Promise<PdfCopy>(() => undefined);
  /** Each state before a result or while the 10-minute check runs, as the applicant may meet it. */
  const reach = {
    loading: async () => {
      const run = start(vi.fn(never));
      await flush();
      return run;
    },
    waiting: async () => {
      const run = start(vi.fn((): Promise<PdfCopy> => Promise.resolve(copy('in progress'))));
      await flush();
      return run;
    },
    refreshing: async () => {
      const run = start(vi.fn((): Promise<PdfCopy> => never()).mockResolvedValueOnce(copy('completed', URL_1)));
      await flush();
      await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
      return run;
    },
  };

  it.each(Object.keys(reach) as (keyof typeof reach)[])('in %s: a refresh drops any link and prepares the new copy', async (state) => {
    const run = await reach[state]();
    expect(run.snapshot().matches({ active: state })).toBe(true);
    await run.send({ type: 'pdfCopy.refresh' });
    expect(run.snapshot().matches({ active: 'preparing' })).toBe(true);
    expect(run.snapshot().context.url).toBeNull();
  });

  it.each(Object.keys(reach) as (keyof typeof reach)[])('in %s: a download saves the answers first', async (state) => {
    const run = await reach[state]();
    await run.send({ type: 'pdfCopy.download' });
    expect(run.snapshot().matches({ active: { downloading: 'saving' } })).toBe(true);
    expect(run.answersReceived).toEqual([{ type: 'answers.save', replyTo: SYSTEM_IDS.pdfCopy }]);
  });
});

describe('errors (spec section 8)', () => {
  it('raises the error on a failed status: toast, error state, no link', async () => {
    const fetch = vi.fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2))).mockResolvedValueOnce(copy('failed'));
    const run = start(fetch);
    await flush();
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    expect(run.snapshot().hasTag('error')).toBe(true);
    expect(run.snapshot().context.url).toBeNull();
    expect(run.toasts).toEqual([failureToast]);
    // It tries again at the slow pace.
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(run.snapshot().context.url).toBe(URL_2);
  });

  it('raises it when a refresh reports failed, and a retry asks again at once', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockResolvedValueOnce(copy('failed'));
    const run = start(fetch);
    await flush();
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    expect(run.snapshot().context.url).toBeNull();
    await run.send({ type: 'pdfCopy.retry' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(run.snapshot().context.url).toBe(URL_2);
  });

  it('raises it when the call fails, first or later', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_1)))
      .mockRejectedValueOnce(serverError)
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockRejectedValueOnce(serverError);
    const run = start(fetch);
    await flush();
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    await run.send({ type: 'pdfCopy.retry' });
    expect(run.snapshot().matches({ active: 'ready' })).toBe(true);
    await run.send({ type: 'pdfCopy.refresh' });
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    expect(run.toasts).toEqual([failureToast, failureToast]);
  });

  it('hands a 401 to the session actor instead of a toast', async () => {
    const run = start(vi.fn(async () => Promise.reject(unauthorised)));
    await flush();
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.toasts).toEqual([]);
  });
});

describe('downloading from the form area (issue 13)', () => {
  const SAVE_ASKED = { type: 'answers.save', replyTo: SYSTEM_IDS.pdfCopy };

  it('saves the answers first, asks for the copy of what was saved, waits while it is prepared, then hands over its link', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockResolvedValueOnce(copy('unprocessed'))
      .mockResolvedValueOnce(copy('in progress'));
    const run = start(fetch);
    await flush();
    expect(run.snapshot().can({ type: 'pdfCopy.download' })).toBe(true);
    await run.send({ type: 'pdfCopy.download' });
    expect(run.snapshot().hasTag('downloading')).toBe(true);
    expect(run.snapshot().can({ type: 'pdfCopy.download' })).toBe(false);
    expect(run.answersReceived).toEqual([SAVE_ASKED]);
    // Nothing is asked of the server before the answers are there.
    expect(fetch).toHaveBeenCalledTimes(1);
    await run.send({ type: 'answers.saved', answers: {} });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(run.snapshot().hasTag('downloading')).toBe(true);
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(run.delivered).toEqual([]);
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(run.delivered).toEqual([URL_2]);
    expect(run.snapshot().hasTag('downloading')).toBe(false);
    expect(run.snapshot().matches({ active: 'ready' })).toBe(true);
    expect(run.snapshot().context.url).toBe(URL_2);
    expect(run.toasts).toEqual([]);
  });

  it('hands over a copy that is already current at once', async () => {
    const run = start();
    await flush();
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saved', answers: {} });
    expect(run.delivered).toEqual([URL_1]);
  });

  it('shows the error toast when the copy fails, the call fails or the save fails, and hands over nothing', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_1)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockResolvedValueOnce(copy('failed'))
      .mockRejectedValueOnce(serverError);
    const run = start(fetch);
    await flush();
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saved', answers: {} });
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saved', answers: {} });
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saveFailed', reason: 'error', message: 'The server is down.' });
    expect(run.toasts).toEqual([failureToast, failureToast, failureToast]);
    expect(run.delivered).toEqual([]);
    expect(run.snapshot().hasTag('downloading')).toBe(false);
  });

  it('leaves a lost session to the session actor: no toast', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_1)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockRejectedValueOnce(unauthorised);
    const run = start(fetch);
    await flush();
    await run.send({ type: 'pdfCopy.download' });
    // The answers actor has told the session actor itself.
    await run.send({ type: 'answers.saveFailed', reason: 'unauthorised', message: 'Your session is invalid.' });
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saved', answers: {} });
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.toasts).toEqual([]);
    expect(run.delivered).toEqual([]);
  });
});

describe('what the completion page shows meanwhile (issue 14)', () => {
  it('shows the copy as being prepared during the 10-minute check and while a rebuild is made', async () => {
    let answerCheck: (copy: PdfCopy) => void = () => undefined;
    const fetch = vi
      .fn((): Promise<PdfCopy> => new Promise<PdfCopy>((resolve) => (answerCheck = resolve)))
      .mockResolvedValueOnce(copy('completed', URL_1));
    const run = start(fetch);
    await flush();
    expect(run.snapshot().hasTag('busy')).toBe(false);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(run.snapshot().matches({ active: 'refreshing' })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    answerCheck(copy('in progress'));
    await flush();
    expect(run.snapshot().matches({ active: { preparing: 'waiting' } })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(run.snapshot().matches({ active: { preparing: 'checking' } })).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    answerCheck(copy('completed', URL_2));
    await flush();
    expect(run.snapshot().hasTag('busy')).toBe(false);
    expect(run.snapshot().context.url).toBe(URL_2);
  });

  it('says the error when a rebuild fails or the call fails while it is made', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockResolvedValueOnce(copy('failed'))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockRejectedValueOnce(serverError);
    const run = start(fetch);
    await flush();
    await run.send({ type: 'pdfCopy.refresh' });
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    expect(run.toasts).toEqual([failureToast]);
    await run.send({ type: 'pdfCopy.retry' });
    expect(run.snapshot().context.url).toBe(URL_1);
    await run.send({ type: 'pdfCopy.refresh' });
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    expect(run.toasts).toEqual([failureToast, failureToast]);
    // A copy asked for again after an error (a submission) is prepared like any other.
    await run.send({ type: 'pdfCopy.refresh' });
    expect(run.snapshot().matches({ active: 'ready' })).toBe(true);
    expect(run.snapshot().context.url).toBe(URL_2);
  });

  it('hands a 401 during the 10-minute check or a rebuild to the session actor', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.reject(unauthorised))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockRejectedValueOnce(unauthorised)
      .mockResolvedValueOnce(copy('completed', URL_1));
    const run = start(fetch);
    await flush();
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    await run.send({ type: 'pdfCopy.retry' });
    await run.send({ type: 'pdfCopy.refresh' });
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }, { type: 'session.unauthorised' }]);
    expect(run.toasts).toEqual([]);
  });

  it('offers no old link while a download waits for the copy of the saved answers', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_2)))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockResolvedValueOnce(copy('in progress'));
    const run = start(fetch);
    await flush();
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saved', answers: {} });
    expect(run.snapshot().hasTag('downloading')).toBe(true);
    expect(run.snapshot().context.url).toBeNull();
  });

  it('says the error when a download finds no copy to hand over (no link, or nothing answered)', async () => {
    const fetch = vi
      .fn((): Promise<PdfCopy> => Promise.resolve(copy('not answered')))
      .mockResolvedValueOnce(copy('completed', URL_1))
      .mockResolvedValueOnce(copy('completed', null));
    const run = start(fetch);
    await flush();
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saved', answers: {} });
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    await run.send({ type: 'pdfCopy.download' });
    await run.send({ type: 'answers.saved', answers: {} });
    expect(run.snapshot().matches({ active: 'failed' })).toBe(true);
    expect(run.toasts).toEqual([failureToast, failureToast]);
    expect(run.delivered).toEqual([]);
  });
});

it('default actor calls GET /api/pdf', async () => {
  vi.mocked(api.pdfCopy).mockResolvedValue(copy('completed', URL_1));
  const run = start(undefined, pdfCopyMachine.provide({}));
  await flush();
  expect(api.pdfCopy).toHaveBeenCalledWith(expect.any(AbortSignal));
  expect(run.snapshot().context.url).toBe(URL_1);
});

// What `npm run paths -- pdfCopy` prints for QA: its paths must reach every state, and the simple
// walks of the polling must add to the shortest ones.
it('the generated PDF copy paths reach every state', () => {
  const shortest = pdfCopyInputs.flatMap((input) =>
    getShortestPaths(pdfCopyMachine, {
      input,
      events: eventsFor(pdfCopyPathEvents) as unknown as (snapshot: unknown) => PdfCopyEvent[],
      serializeState: serialiseStateVia,
    }),
  );
  const listed = new Set(pdfCopyPollingEvents.map((event) => event.type));
  const pollingEvents = (snapshot: unknown) =>
    (eventsFor(pdfCopyPollingEvents) as unknown as (snapshot: unknown) => PdfCopyEvent[])(snapshot).filter(
      (event) => listed.has(event.type) || event.type.startsWith('xstate.after.'),
    );
  const simple = getSimplePaths(pdfCopyMachine, { input: { role: 'applicant' }, events: pollingEvents });
  expectEveryStateReached(
    pdfCopyMachine,
    shortest.map((path) => path.state),
  );
  expect(simple.length).toBeGreaterThan(shortest.length);
});
