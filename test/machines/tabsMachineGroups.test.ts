import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../machines/api/httpClient';
import { TABS_MESSAGES } from '../../machines/tabsMachine';
import type { TabGroup } from '../../src/catalogue/questions';
import { flush } from './helpers/documentsKit';
import { fakeApi, startTabs, stubDocument, type StubState } from './helpers/tabsKit';

/*
 * The tabs machine reads its groups from the catalogue, which has one group today: a college that
 * adds groups (two documents in one, a tab that clears nothing) gets the same rules. The catalogue
 * is replaced here by such a one.
 */
// Answer keys the real catalogue does not have, hence the cast.
const GROUPS = vi.hoisted(
  () =>
    [
      {
        tabId: 'evidence',
        defaultTab: 'letter',
        tabs: [
          { id: 'letter', label: 'Upload a letter', keys: ['letter_doc'], clears: ['letter_doc'], documentKey: 'letter_doc' },
          {
            id: 'transcript',
            label: 'Upload a transcript',
            keys: ['transcript_doc'],
            clears: ['transcript_doc'],
            documentKey: 'transcript_doc',
          },
          { id: 'later', label: 'Send it later', keys: [], clears: [] },
        ],
      },
      {
        tabId: 'portfolio',
        defaultTab: 'link',
        tabs: [
          { id: 'link', label: 'Give a link', keys: ['portfolio_link'], clears: ['portfolio_link'] },
          {
            id: 'file',
            label: 'Upload it',
            keys: ['portfolio_doc', 'portfolio_note'],
            clears: ['portfolio_doc', 'portfolio_note'],
            documentKey: 'portfolio_doc',
          },
        ],
      },
      {
        tabId: 'interview',
        defaultTab: 'online',
        tabs: [
          { id: 'online', label: 'Online', keys: [], clears: [] },
          { id: 'campus', label: 'On campus', keys: [], clears: [] },
        ],
      },
    ] as unknown as TabGroup[],
);
vi.mock('../../src/catalogue/questions', async (original) => ({ ...(await original()), TAB_GROUPS: GROUPS }));

const serverError = new ApiError('The server is down.', 'http', 500);
const choose = (tabId: string, tab: string) => ({ type: 'tabs.choose', tabId, tab, answers: {} }) as const;

function start(states: Partial<Record<'letter_doc' | 'transcript_doc' | 'portfolio_doc', StubState>>, fake = fakeApi()) {
  const documents = {
    letter_doc: stubDocument(states.letter_doc ?? 'idle', 'letter_doc'),
    transcript_doc: stubDocument(states.transcript_doc ?? 'idle', 'transcript_doc'),
    portfolio_doc: stubDocument(states.portfolio_doc ?? 'idle', 'portfolio_doc'),
  };
  const run = startTabs({ input: { role: 'applicant' }, fake, documents: Object.values(documents) });
  return { ...run, documents };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a group with two documents', () => {
  it('asks both and switches only once both answered', async () => {
    const run = start({ letter_doc: 'silent', transcript_doc: 'silent' });
    await flush();
    await run.send(choose('evidence', 'later'));
    expect(run.documents.letter_doc.asked).toHaveLength(1);
    expect(run.documents.transcript_doc.asked).toHaveLength(1);
    expect(run.documents.portfolio_doc.asked).toEqual([]);
    await run.send({ type: 'document.inspected', answerKey: 'letter_doc', busy: false, attached: false });
    expect(run.snapshot().matches('checking')).toBe(true);
    expect(run.fake.saveTab).not.toHaveBeenCalled();
    await run.send({ type: 'document.inspected', answerKey: 'transcript_doc', busy: false, attached: false });
    expect(run.fake.saveTab).toHaveBeenCalledWith({ tabId: 'evidence', tab: 'later' });
    expect(run.snapshot().matches('idle')).toBe(true);
  });

  it('is blocked by the busy one as soon as it answers', async () => {
    const run = start({ letter_doc: 'silent', transcript_doc: 'silent' });
    await flush();
    await run.send(choose('evidence', 'later'));
    await run.send({ type: 'document.inspected', answerKey: 'transcript_doc', busy: true, attached: true });
    expect(run.snapshot().matches('blocked')).toBe(true);
  });

  it("deletes only the document of the tab left, not the group's other one", async () => {
    const run = start({ letter_doc: 'attached', transcript_doc: 'attached' });
    await flush();
    await run.send(choose('evidence', 'transcript'));
    expect(run.snapshot().context.losing).toEqual(['letter_doc']);
    await run.send({ type: 'tabs.confirm' });
    expect(run.fake.deleteDocument).toHaveBeenCalledWith({ answerKey: 'letter_doc' });
    expect(run.fake.deleteDocument).toHaveBeenCalledTimes(1);
    expect(run.documents.letter_doc.received).toEqual([{ type: 'document.cleared' }]);
    expect(run.documents.transcript_doc.received).toEqual([]);
  });
});

describe('what a switch clears', () => {
  it('clears the answers of every other tab of the group', async () => {
    const run = start({});
    await flush();
    await run.send(choose('evidence', 'later'));
    expect(run.answersReceived).toEqual([{ type: 'answers.clear', keys: ['letter_doc', 'transcript_doc'] }]);
  });

  it('sends no clearing when the tabs left clear nothing', async () => {
    const run = start({});
    await flush();
    await run.send(choose('interview', 'campus'));
    expect(run.snapshot().context.chosen.interview).toBe('campus');
    expect(run.answersReceived).toEqual([]);
  });
});

describe('a failed switch in one group', () => {
  it('names the default tab of that group only, and reloads only its documents', async () => {
    const fake = fakeApi();
    fake.saveTab.mockRejectedValueOnce(serverError);
    const run = start({}, fake);
    await flush();
    await run.send(choose('portfolio', 'file'));
    expect(run.snapshot().matches('failed')).toBe(true);
    expect(run.toasts).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: TABS_MESSAGES.failed('link') } },
    ]);
    await run.send({ type: 'tabs.reset' });
    expect(run.documents.portfolio_doc.received).toEqual([{ type: 'document.reload' }]);
    expect(run.documents.letter_doc.received).toEqual([]);
    expect(run.documents.transcript_doc.received).toEqual([]);
  });

  it('reloads the documents of every group when the choices could not be loaded', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockRejectedValueOnce(serverError);
    const run = start({}, fake);
    await flush();
    await run.send({ type: 'tabs.reset' });
    for (const stub of Object.values(run.documents)) expect(stub.received).toEqual([{ type: 'document.reload' }]);
  });
});

describe('a tab with a written answer and a document', () => {
  it('deletes the document too when the applicant confirms losing both', async () => {
    const fake = fakeApi();
    fake.loadTabs.mockResolvedValue({ portfolio: 'file' });
    const run = start({ portfolio_doc: 'attached' }, fake);
    await flush();
    await run.send({ type: 'tabs.choose', tabId: 'portfolio', tab: 'link', answers: { portfolio_note: 'My sketches' } });
    expect(run.snapshot().context.losing).toEqual(['portfolio_note', 'portfolio_doc']);
    await run.send({ type: 'tabs.confirm' });
    expect(fake.deleteConversion).toHaveBeenCalledWith({ answerKey: 'portfolio_doc' });
    expect(fake.deleteDocument).toHaveBeenCalledWith({ answerKey: 'portfolio_doc' });
    expect(run.snapshot().context.chosen.portfolio).toBe('link');
  });
});

describe('a reset after a reset', () => {
  it('reloads every group when the choices then failed to load, not only the group of an earlier failed switch', async () => {
    const fake = fakeApi();
    fake.saveTab.mockRejectedValueOnce(serverError);
    const run = start({}, fake);
    await flush();
    await run.send(choose('portfolio', 'file'));
    expect(run.snapshot().context.failedTabId).toBe('portfolio');
    fake.loadTabs.mockRejectedValueOnce(serverError);
    await run.send({ type: 'tabs.reset' });
    expect(run.snapshot().matches('failed')).toBe(true);
    await run.send({ type: 'tabs.reset' });
    expect(run.documents.portfolio_doc.received).toEqual([{ type: 'document.reload' }, { type: 'document.reload' }]);
    expect(run.documents.letter_doc.received).toEqual([{ type: 'document.reload' }]);
    expect(run.documents.transcript_doc.received).toEqual([{ type: 'document.reload' }]);
  });
});
