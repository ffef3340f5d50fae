import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { api } from '../../machines/api/endpoints';
import { ApiError } from '../../machines/api/httpClient';
import { DEFAULT_TABS, TABS_MESSAGES, tabsMachine, type TabsEvent } from '../../machines/tabsMachine';
import { connectTabs } from '../../machines/tabsView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { TAB_GROUPS } from '../../src/catalogue/questions';
import { flush } from './helpers/documentsKit';
import { getShortestPaths } from 'xstate/graph';
import { serialiseStateVia } from '../qa/models/document';
import { tabsInputs, tabsPathEvents } from '../qa/models/tabs';
import { eventsFor } from './helpers/documentsKit';
import { expectEveryStateReached } from './helpers/statePaths';
import { answered } from './helpers/system';
import type { Role } from '../../machines/roles';
import { fakeApi, provided, startTabs, stubDocument, type FakeApi, type StubState } from './helpers/tabsKit';

// Only the "default actors" test uses these; every other test provides its network actors.
vi.mock('../../machines/api/endpoints', () => ({
  api: { tabChoices: vi.fn(), saveTab: vi.fn(), deleteConversion: vi.fn(), deleteDocument: vi.fn() },
}));

// The group with a document tab (the personal statement: write it here, or upload a document).
const GROUP = TAB_GROUPS.find((group) => group.tabs.some((tab) => tab.documentKey)) ?? TAB_GROUPS[0]!;
const DOC_TAB = GROUP.tabs.find((tab) => tab.documentKey)!;
const OTHER_TAB = GROUP.tabs.find((tab) => tab.id !== DOC_TAB.id)!;
const DOC_KEY = DOC_TAB.documentKey!;
const TAB_ID = GROUP.tabId;

const serverError = new ApiError('The server is down.', 'http', 500);
const unauthorised = new ApiError('Unauthorised', 'unauthorised', 401);
/** The answers the page shows travel with the choice: the tabs actor tells what the switch would delete. */
const choose = (tab: string, answers: Record<string, string> = {}) => ({ type: 'tabs.choose', tabId: TAB_ID, tab, answers }) as const;
const ESSAY_KEY = OTHER_TAB.clears[0]!;
const WITH_ESSAY = { [ESSAY_KEY]: 'A'.repeat(6400) };
const failureToast = {
  type: 'toast.show',
  toast: { severity: 'error', title: 'Error', message: TABS_MESSAGES.failed(GROUP.defaultTab) },
};

interface StartOptions {
  role?: Role;
  tabs?: Record<string, string>;
  fake?: FakeApi;
  document?: StubState;
  logic?: AnyActorLogic;
}

/** The tabs actor created for `role` (a visitor unless said), with the group's document in the given state. */
function start(options: StartOptions = {}) {
  const document = stubDocument(options.document ?? 'idle', DOC_KEY);
  const input = { role: options.role ?? 'visitor', tabs: options.tabs };
  const run = startTabs({ input, fake: options.fake, logic: options.logic, documents: [document] });
  return { ...run, documentReceived: document.received, documentAsked: document.asked };
}

/** The tabs actor of a logged-in applicant, once its choices are loaded. */
async function applicant(options: Omit<StartOptions, 'role'> = {}) {
  const run = start({ ...options, role: 'applicant' });
  await flush();
  return run;
}

/** A switch that deletes a document, confirmed (issue 12: it asks first). */
async function chooseConfirmed(run: Awaited<ReturnType<typeof applicant>>, tab: string) {
  await run.send(choose(tab));
  expect(run.snapshot().matches('confirming')).toBe(true);
  await run.send({ type: 'tabs.confirm' });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('who sees which tab', () => {
  it('shows visitors only the default tabs, without switching', () =>
    answered(() => {
      const run = start();
      expect(connectTabs(run.snapshot(), run.actor.send)).toMatchObject({ visitor: true, switchable: false });
      expect(run.snapshot().context.chosen).toEqual(DEFAULT_TABS);
      expect(run.snapshot().can(choose(DOC_TAB.id))).toBe(false);
      expect(run.fake.loadTabs).not.toHaveBeenCalled();
    }));

  it("shows staff the staff copy's chosen tabs read-only, each group's default where a choice is unknown", () =>
    answered(() => {
      const run = start({ role: 'staff', tabs: { [TAB_ID]: DOC_TAB.id, unknown_group: 'x' } });
      expect(connectTabs(run.snapshot(), run.actor.send)).toMatchObject({ visitor: false, switchable: false });
      expect(run.snapshot().context.chosen).toEqual({ ...DEFAULT_TABS, [TAB_ID]: DOC_TAB.id });
      expect(run.snapshot().can(choose(OTHER_TAB.id))).toBe(false);
      expect(run.fake.loadTabs).not.toHaveBeenCalled();
      const unknownTab = start({ role: 'staff', tabs: { [TAB_ID]: 'no-such-tab' } });
      expect(unknownTab.snapshot().context.chosen).toEqual(DEFAULT_TABS);
    }));

  it('loads the choices of a logged-in applicant once', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    const run = start({ fake, role: 'applicant' });
    expect(run.snapshot().matches('loading')).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context.chosen[TAB_ID]).toBe(DOC_TAB.id);
    expect(fake.loadTabs).toHaveBeenCalledTimes(1);
  });

  it("sends the page to the root error screen when the choices cannot be loaded (the page's error, no toast), and a 401 ends the session instead", async () => {
    const fake = fakeApi();
    fake.loadTabs.mockRejectedValueOnce(serverError).mockRejectedValueOnce(unauthorised);
    const run = await applicant({ fake });
    expect(run.snapshot().matches('failed')).toBe(true);
    expect(run.appReceived).toEqual([{ type: 'app.pageFailed', message: serverError.message }]);
    expect(run.toasts).toEqual([]);
    await run.send({ type: 'tabs.reset' });
    expect(run.snapshot().matches('failed')).toBe(true);
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.appReceived).toHaveLength(1);
    expect(run.toasts).toEqual([]);
  });
});

describe('a failed load, and running alone', () => {
  it('reloads the documents of every group after the choices failed to load', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockRejectedValueOnce(serverError);
    const run = await applicant({ fake });
    expect(run.snapshot().context.failedTabId).toBeNull();
    await run.send({ type: 'tabs.reset' });
    expect(run.documentReceived).toEqual([{ type: 'document.reload' }]);
    expect(run.snapshot().matches('idle')).toBe(true);
  });

  it('still switches when it runs without siblings (alone, as the generated paths run it)', async () => {
    const fake = fakeApi();
    const alone = createActor(provided(fake), { input: { role: 'applicant' } }).start();
    await flush();
    alone.send(choose(DOC_TAB.id, WITH_ESSAY));
    alone.send({ type: 'document.inspected', answerKey: DOC_KEY, busy: false, attached: false });
    alone.send({ type: 'tabs.confirm' });
    await flush();
    expect(alone.getSnapshot().status).toBe('active');
    expect(alone.getSnapshot().matches('idle')).toBe(true);
    expect(alone.getSnapshot().context.chosen[TAB_ID]).toBe(DOC_TAB.id);
  });
});

describe('what Stately Inspect names (the request running in each busy state)', () => {
  it('names the loading, deleting and saving requests', async () => {
    const fake = fakeApi();
    const gates: Array<() => void> = [];
    const held = () => new Promise<unknown>((resolve) => gates.push(() => resolve({})));
    fake.loadTabs.mockImplementation(() => held().then(() => ({ [TAB_ID]: DOC_TAB.id })));
    fake.deleteConversion.mockImplementation(held);
    fake.deleteDocument.mockImplementation(held);
    fake.saveTab.mockImplementation(held);
    const run = await applicant({ fake, document: 'attached' });
    const running = () => Object.keys(run.snapshot().children);
    expect(running()).toEqual(['loadTabs']);
    gates.shift()?.();
    await flush();
    await chooseConfirmed(run, OTHER_TAB.id);
    const steps = [
      ['deletingConversion', 'deleteConversion'],
      ['deletingDocument', 'deleteDocument'],
      ['saving', 'saveTab'],
    ] as const;
    for (const [state, request] of steps) {
      expect(run.snapshot().matches(state)).toBe(true);
      expect(run.snapshot().hasTag('busy')).toBe(true);
      expect(running()).toEqual([request]);
      gates.shift()?.();
      await flush();
    }
    expect(run.snapshot().matches('idle')).toBe(true);
  });
});

describe('choosing another tab (spec section 4)', () => {
  it('ignores the current tab and unknown tabs', async () => {
    const run = await applicant();
    expect(run.snapshot().can(choose(GROUP.defaultTab))).toBe(false);
    expect(run.snapshot().can({ type: 'tabs.choose', tabId: TAB_ID, tab: 'nope', answers: {} })).toBe(false);
    expect(run.snapshot().can({ type: 'tabs.choose', tabId: 'nope', tab: DOC_TAB.id, answers: {} })).toBe(false);
    expect(run.snapshot().can(choose(DOC_TAB.id))).toBe(true);
  });

  it('saves the choice and clears the answers of the tab left', async () => {
    const fake = fakeApi();
    let finish = () => {};
    fake.saveTab.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({}))));
    const run = await applicant({ fake });
    const told: unknown[] = [];
    (run.actor as ActorRefFrom<typeof tabsMachine>).on('tabs.switched', (event) => void told.push(event));
    await run.send(choose(DOC_TAB.id));
    expect(run.snapshot().matches('saving')).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    expect(fake.saveTab).toHaveBeenCalledWith({ tabId: TAB_ID, tab: DOC_TAB.id });
    expect(fake.deleteConversion).not.toHaveBeenCalled();
    expect(told).toEqual([]);
    finish();
    await flush();
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context.chosen[TAB_ID]).toBe(DOC_TAB.id);
    expect(run.snapshot().context.pending).toBeNull();
    expect(run.answersReceived).toEqual([{ type: 'answers.clear', keys: OTHER_TAB.clears }]);
    // Only now, once saved, does the view move focus to the new tab and announce it.
    expect(told).toEqual([{ type: 'tabs.switched', tabId: TAB_ID, tab: DOC_TAB.id }]);
  });

  it.each(['attached', 'error'] as const)('deletes the conversion and then the document of the tab left (%s document)', async (state) => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    const gates: Array<() => void> = [];
    fake.deleteConversion.mockImplementation(() => new Promise((resolve) => gates.push(() => resolve({}))));
    fake.deleteDocument.mockImplementation(() => new Promise((resolve) => gates.push(() => resolve({}))));
    const run = await applicant({ fake, document: state });
    await run.send(choose(OTHER_TAB.id));
    // Issue 12: nothing is deleted before the applicant confirms.
    expect(run.snapshot().matches('confirming')).toBe(true);
    expect(fake.deleteConversion).not.toHaveBeenCalled();
    await run.send({ type: 'tabs.confirm' });
    expect(run.snapshot().matches('deletingConversion')).toBe(true);
    expect(fake.deleteConversion).toHaveBeenCalledWith({ answerKey: DOC_KEY });
    gates.shift()?.();
    await flush();
    expect(run.snapshot().matches('deletingDocument')).toBe(true);
    expect(fake.deleteDocument).toHaveBeenCalledWith({ answerKey: DOC_KEY });
    gates.shift()?.();
    await flush();
    expect(run.documentReceived).toEqual([{ type: 'document.cleared' }]);
    expect(fake.saveTab).toHaveBeenCalledWith({ tabId: TAB_ID, tab: OTHER_TAB.id });
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.answersReceived).toEqual([{ type: 'answers.clear', keys: DOC_TAB.clears }]);
  });

  it('blocks the switch while an upload or fetch runs, with a closable dialog', async () => {
    const run = await applicant({ document: 'busy' });
    await run.send(choose(DOC_TAB.id));
    expect(run.snapshot().matches('blocked')).toBe(true);
    expect(TABS_MESSAGES.uploadInProgressTitle).toBe('File Upload in Progress');
    expect(TABS_MESSAGES.uploadInProgress).toBe('Please wait until the file upload has completed.');
    expect(run.snapshot().can(choose(DOC_TAB.id))).toBe(false);
    await run.send({ type: 'tabs.closeDialog' });
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context.chosen).toEqual(DEFAULT_TABS);
    expect(run.snapshot().context.pending).toBeNull();
    expect(run.fake.saveTab).not.toHaveBeenCalled();
  });

  it('shows the upload-in-progress dialog when the conversion cannot be deleted (spec section 8)', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    fake.deleteConversion.mockRejectedValueOnce(serverError).mockRejectedValueOnce(unauthorised);
    const run = await applicant({ fake, document: 'attached' });
    await chooseConfirmed(run, OTHER_TAB.id);
    expect(run.snapshot().matches('blocked')).toBe(true);
    expect(run.toasts).toEqual([]);
    expect(fake.deleteDocument).not.toHaveBeenCalled();
    await run.send({ type: 'tabs.closeDialog' });
    await chooseConfirmed(run, OTHER_TAB.id);
    expect(run.snapshot().matches('blocked')).toBe(true);
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
  });

  it('fails with the tabs toast when the document cannot be deleted', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    fake.deleteDocument.mockRejectedValue(serverError);
    const run = await applicant({ fake, document: 'attached' });
    await chooseConfirmed(run, OTHER_TAB.id);
    expect(run.snapshot().matches('failed')).toBe(true);
    expect(run.toasts).toEqual([failureToast]);
    expect(fake.saveTab).not.toHaveBeenCalled();
  });

  it.each(['deleteDocument', 'saveTab'] as const)('ends the session without the tabs toast when %s answers 401', async (request) => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    fake[request].mockRejectedValue(unauthorised);
    const run = await applicant({ fake, document: 'attached' });
    await chooseConfirmed(run, OTHER_TAB.id);
    expect(run.snapshot().matches('failed')).toBe(true);
    expect(run.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(run.toasts).toEqual([]);
  });

  it('fails with the tabs toast when saving fails; the reset reloads the tabs and the documents', async () => {
    const fake = fakeApi();
    fake.saveTab.mockRejectedValue(serverError);
    const run = await applicant({ fake });
    await run.send(choose(DOC_TAB.id));
    expect(run.snapshot().matches('failed')).toBe(true);
    expect(run.snapshot().hasTag('error')).toBe(true);
    expect(run.snapshot().context).toMatchObject({ chosen: DEFAULT_TABS, pending: null, losing: [], failedTabId: TAB_ID });
    expect(run.toasts).toEqual([failureToast]);
    expect(run.answersReceived).toEqual([]);
    await run.send({ type: 'tabs.reset' });
    expect(run.documentReceived).toEqual([{ type: 'document.reload' }]);
    expect(fake.loadTabs).toHaveBeenCalledTimes(2);
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context.failedTabId).toBeNull();
  });

  it('asks the documents of the group by event and waits for their answers before switching', async () => {
    const run = await applicant({ document: 'silent' });
    await run.send(choose(DOC_TAB.id));
    expect(run.documentAsked).toEqual([{ type: 'document.inspect', replyTo: SYSTEM_IDS.tabs }]);
    expect(run.snapshot().matches('checking')).toBe(true);
    expect(run.snapshot().hasTag('busy')).toBe(true);
    expect(run.fake.saveTab).not.toHaveBeenCalled();
    await run.send({ type: 'document.inspected', answerKey: DOC_KEY, busy: false, attached: false });
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.fake.saveTab).toHaveBeenCalledWith({ tabId: TAB_ID, tab: DOC_TAB.id });
  });

  it('ignores the answer of a document it did not ask about', async () => {
    const run = await applicant({ document: 'silent' });
    await run.send(choose(DOC_TAB.id));
    await run.send({ type: 'document.inspected', answerKey: 'another_doc', busy: true, attached: true });
    expect(run.snapshot().matches('checking')).toBe(true);
  });
});

describe('asking before a switch deletes answers (issue 12)', () => {
  it('asks before a switch deletes a written answer; Cancel keeps everything', async () => {
    const run = await applicant();
    await run.send(choose(DOC_TAB.id, WITH_ESSAY));
    expect(run.snapshot().matches('confirming')).toBe(true);
    expect(run.snapshot().context.losing).toEqual([ESSAY_KEY]);
    expect(run.snapshot().hasTag('busy')).toBe(false);
    expect(run.fake.saveTab).not.toHaveBeenCalled();

    await run.send({ type: 'tabs.cancel' });
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context).toMatchObject({ chosen: DEFAULT_TABS, pending: null, losing: [] });
    expect(run.fake.saveTab).not.toHaveBeenCalled();
    expect(run.answersReceived).toEqual([]);
  });

  it('switches and clears the written answer once the applicant confirms', async () => {
    const run = await applicant();
    await run.send(choose(DOC_TAB.id, WITH_ESSAY));
    expect(run.snapshot().can({ type: 'tabs.confirm' })).toBe(true);
    await run.send({ type: 'tabs.confirm' });
    expect(run.fake.saveTab).toHaveBeenCalledWith({ tabId: TAB_ID, tab: DOC_TAB.id });
    // The tab left has no document: nothing to delete before saving.
    expect(run.fake.deleteConversion).not.toHaveBeenCalled();
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context.chosen[TAB_ID]).toBe(DOC_TAB.id);
    expect(run.snapshot().context.losing).toEqual([]);
    expect(run.answersReceived).toEqual([{ type: 'answers.clear', keys: OTHER_TAB.clears }]);
  });

  it.each([
    ['an empty answer', { [ESSAY_KEY]: '' }],
    ['only whitespace', { [ESSAY_KEY]: ' \n ' }],
    ['no answer at all', {}],
  ])('switches without asking when the tab left holds %s', async (_what, answers) => {
    const run = await applicant();
    await run.send(choose(DOC_TAB.id, answers));
    expect(run.fake.saveTab).toHaveBeenCalledWith({ tabId: TAB_ID, tab: DOC_TAB.id });
    expect(run.snapshot().matches('idle')).toBe(true);
  });

  it('asks before a switch deletes an uploaded document, and deletes nothing on Cancel', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    const run = await applicant({ fake, document: 'attached' });
    await run.send(choose(OTHER_TAB.id, { [DOC_KEY]: 'ANSWERED' }));
    expect(run.snapshot().matches('confirming')).toBe(true);
    expect(run.snapshot().context.losing).toEqual([DOC_KEY]);
    await run.send({ type: 'tabs.cancel' });
    expect(run.snapshot().context.chosen[TAB_ID]).toBe(DOC_TAB.id);
    expect(fake.deleteConversion).not.toHaveBeenCalled();
    expect(fake.deleteDocument).not.toHaveBeenCalled();
    expect(run.documentReceived).toEqual([]);
  });

  it('switches without asking when the tab left has no document attached', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    const run = await applicant({ fake, document: 'idle' });
    await run.send(choose(OTHER_TAB.id));
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context.chosen[TAB_ID]).toBe(OTHER_TAB.id);
    expect(fake.deleteConversion).not.toHaveBeenCalled();
    expect(fake.deleteDocument).not.toHaveBeenCalled();
  });

  it("does not count the chosen tab's document as lost", async () => {
    const run = await applicant({ document: 'attached' });
    await run.send(choose(DOC_TAB.id));
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.snapshot().context.chosen[TAB_ID]).toBe(DOC_TAB.id);
    expect(run.fake.deleteDocument).not.toHaveBeenCalled();
  });

  it('an upload in progress still blocks the switch before anything is asked', async () => {
    const run = await applicant({ document: 'busy' });
    await run.send(choose(DOC_TAB.id, WITH_ESSAY));
    expect(run.snapshot().matches('blocked')).toBe(true);
  });

  it('takes no other choice while asking', async () => {
    const run = await applicant();
    await run.send(choose(DOC_TAB.id, WITH_ESSAY));
    expect(run.snapshot().can(choose(DOC_TAB.id, WITH_ESSAY))).toBe(false);
  });
});

describe('default actors call the API of section 7', () => {
  it('GET and PUT /api/tabs, DELETE the conversion and the document', async () => {
    vi.mocked(api.tabChoices).mockResolvedValue({ [TAB_ID]: DOC_TAB.id });
    vi.mocked(api.deleteConversion).mockResolvedValue({ message: '' });
    vi.mocked(api.deleteDocument).mockResolvedValue({ message: '' });
    vi.mocked(api.saveTab).mockResolvedValue({ message: 'Saved.' });
    const run = await applicant({ logic: tabsMachine, document: 'attached' });
    expect(api.tabChoices).toHaveBeenCalledWith(expect.any(AbortSignal));
    await chooseConfirmed(run, OTHER_TAB.id);
    expect(api.deleteConversion).toHaveBeenCalledWith(DOC_KEY, expect.any(AbortSignal));
    expect(api.deleteDocument).toHaveBeenCalledWith(DOC_KEY, expect.any(AbortSignal));
    expect(api.saveTab).toHaveBeenCalledWith(TAB_ID, OTHER_TAB.id, expect.any(AbortSignal));
    expect(vi.mocked(api.deleteConversion).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(api.deleteDocument).mock.invocationCallOrder[0]!,
    );
  });
});

// What `npm run paths -- tabs` prints for QA: its paths must reach every state.
it('the generated tabs paths reach every state', () => {
  const paths = tabsInputs.flatMap((input) =>
    getShortestPaths(tabsMachine, {
      input,
      events: eventsFor(tabsPathEvents) as unknown as (snapshot: unknown) => TabsEvent[],
      serializeState: serialiseStateVia,
    }),
  );
  expectEveryStateReached(
    tabsMachine,
    paths.map((path) => path.state),
  );
});
