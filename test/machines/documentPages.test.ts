import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { api, type StaffAccess } from '../../machines/api/endpoints';
import { ApiError } from '../../machines/api/httpClient';
import { documentPagesMachine, type DocumentPagesInput, type PageImage } from '../../machines/documentPages';
import { connectDocument, connectDocumentPages, connectStaffDocument } from '../../machines/documentView';
import { fakeApi, KEY, SAVED, staffWith, start, startStaff, withFakeTimers } from './helpers/documentMachineKit';

/*
 * The staff print holds the uploaded document's pages: the staff document actor, while a document
 * is attached, runs a child that fetches the converted PDF through the staff link and draws its
 * pages; the view reads where that stands through connectStaffDocument / connectDocumentPages.
 */

vi.mock('../../machines/api/endpoints', () => ({ api: { staffDocumentLink: vi.fn() } }));

withFakeTimers();
/** These checks read what the view shows; they send nothing. */
const ignore = () => {};
afterEach(() => vi.unstubAllGlobals());

const PAGES: readonly PageImage[] = [
  { src: 'data:image/png;base64,AAAA', width: 1469, height: 1901 },
  { src: 'data:image/png;base64,BBBB', width: 1469, height: 1901 },
];

/** The pages actor alone, its render actor swapped for `render`. */
function pagesActor(
  render: (input: DocumentPagesInput, signal: AbortSignal) => Promise<readonly PageImage[]>,
  access: StaffAccess | null = { serviceToken: 'staff-token' },
) {
  return createActor(
    documentPagesMachine.provide({
      actors: {
        renderDocumentPages: fromPromise(({ input, signal }: { input: DocumentPagesInput; signal: AbortSignal }) => render(input, signal)),
      },
    }),
    { input: { answerKey: KEY, access } },
  ).start();
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the pages actor', () => {
  it('prepares the pages with the answer key and the staff token, then holds them ready to print', async () => {
    const render = vi.fn((_input: DocumentPagesInput, _signal: AbortSignal) => Promise.resolve(PAGES));
    const actor = pagesActor(render);
    expect(connectDocumentPages(actor.getSnapshot()).status).toBe('preparing');
    expect(connectDocumentPages(actor.getSnapshot()).pages).toEqual([]);
    await settle();
    expect(render).toHaveBeenCalledWith({ answerKey: KEY, access: { serviceToken: 'staff-token' } }, expect.any(AbortSignal));
    expect(connectDocumentPages(actor.getSnapshot()).status).toBe('ready');
    expect(connectDocumentPages(actor.getSnapshot()).pages).toEqual(PAGES);
  });

  it('says the pages could not be included when fetching or drawing them fails', async () => {
    const actor = pagesActor(() => Promise.reject(new Error('The PDF could not be read.')));
    await settle();
    expect(connectDocumentPages(actor.getSnapshot()).status).toBe('failed');
    expect(connectDocumentPages(actor.getSnapshot()).pages).toEqual([]);
  });

  it('stops fetching and drawing when it is stopped', async () => {
    let signal: AbortSignal | undefined;
    const actor = pagesActor((_input, given) => {
      signal = given;
      return new Promise(() => {});
    });
    await settle();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('reads as preparing before the actor exists', () => {
    expect(connectDocumentPages(undefined).status).toBe('preparing');
    expect(connectDocumentPages(undefined).pages).toEqual([]);
  });
});

describe('the default render actor', () => {
  it('asks for the staff link with the token and stops when the converted PDF is not there, fetching nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.mocked(api.staffDocumentLink).mockResolvedValue({ status: 'failed', url: null });
    const actor = createActor(documentPagesMachine, { input: { answerKey: KEY, access: { serviceToken: 'staff-token' } } }).start();
    await settle();
    expect(api.staffDocumentLink).toHaveBeenCalledWith(KEY, { serviceToken: 'staff-token' }, expect.any(AbortSignal));
    expect(fetch).not.toHaveBeenCalled();
    expect(connectDocumentPages(actor.getSnapshot()).status).toBe('failed');
  });

  it('fetches the PDF the staff link names, and fails with the link refused or the file missing', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('gone', { status: 404 })));
    vi.stubGlobal('fetch', fetch);
    vi.mocked(api.staffDocumentLink).mockResolvedValue({ status: 'completed', url: '/files/document?ticket=t&service_token=s' });
    const missing = createActor(documentPagesMachine, { input: { answerKey: KEY, access: { serviceToken: 's' } } }).start();
    await settle();
    expect(fetch).toHaveBeenCalledWith(
      '/files/document?ticket=t&service_token=s',
      expect.objectContaining({ signal: expect.any(AbortSignal) as unknown }),
    );
    expect(connectDocumentPages(missing.getSnapshot()).status).toBe('failed');

    vi.mocked(api.staffDocumentLink).mockRejectedValue(new ApiError('Forbidden', 'http', 403));
    const refused = createActor(documentPagesMachine, { input: { answerKey: KEY, access: { serviceToken: 's' } } }).start();
    await settle();
    expect(connectDocumentPages(refused.getSnapshot()).status).toBe('failed');
  });

  it('asks for nothing without a way to the document', async () => {
    const actor = createActor(documentPagesMachine, { input: { answerKey: KEY, access: null } }).start();
    await settle();
    expect(api.staffDocumentLink).not.toHaveBeenCalled();
    expect(connectDocumentPages(actor.getSnapshot()).status).toBe('failed');
  });
});

describe('the staff document actor runs the pages actor', () => {
  it('starts it when staff see the document attached, with the page’s service token, and stops it when the actor stops', async () => {
    const fake = fakeApi();
    let signal: AbortSignal | undefined;
    fake.renderDocumentPages.mockImplementation((_input, given) => {
      signal = given;
      return new Promise(() => {});
    });
    const empty = startStaff(staffWith(null, 'staff-token'), fake);
    await settle();
    expect(connectStaffDocument(empty.snapshot(), ignore).printPages).toBeUndefined();
    expect(fake.renderDocumentPages).not.toHaveBeenCalled();
    const run = startStaff(staffWith(SAVED, 'staff-token'), fake);
    await settle();
    expect(connectStaffDocument(run.snapshot(), ignore).document).toEqual(SAVED);
    expect(fake.renderDocumentPages).toHaveBeenCalledWith(
      { answerKey: KEY, access: { serviceToken: 'staff-token' } },
      expect.any(AbortSignal),
    );
    expect(connectDocumentPages(connectStaffDocument(run.snapshot(), ignore).printPages?.getSnapshot()).status).toBe('preparing');
    // The root stops the session's actors when the staff page goes: the drawing stops with them.
    run.root.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('gives the view the pages once drawn, and the Open button keeps working beside them', async () => {
    const fake = fakeApi();
    fake.renderDocumentPages.mockResolvedValue(PAGES);
    const run = startStaff(staffWith(SAVED, 'staff-token'), fake);
    await settle();
    const pages = connectStaffDocument(run.snapshot(), ignore).printPages;
    expect(connectDocumentPages(pages?.getSnapshot()).status).toBe('ready');
    expect(connectDocumentPages(pages?.getSnapshot()).pages).toEqual(PAGES);
    await run.send({ type: 'document.download' });
    expect(fake.fetchStaffDocumentLink).toHaveBeenCalledTimes(1);
    expect(run.delivered).toHaveLength(1);
  });

  it('never draws pages for an applicant', async () => {
    const fake = fakeApi();
    fake.loadDocument.mockResolvedValue({ ...SAVED, status: 'completed' });
    const run = start(fake);
    await settle();
    expect(connectDocument(run.snapshot(), ignore).phase).toBe('attached');
    expect(fake.renderDocumentPages).not.toHaveBeenCalled();
  });
});
