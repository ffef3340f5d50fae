import { assign, fromPromise, setup } from 'xstate';
import { api, type StaffAccess } from './api/endpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';

/** One page of the uploaded document as the staff print shows it: a PNG drawn in the browser. */
export interface PageImage {
  src: string;
  width: number;
  height: number;
}

export interface DocumentPagesInput {
  answerKey: string;
  /** How staff reach the document (their staff link or their console session): its link opens only so. */
  access: StaffAccess | null;
}

/** About 170 dpi on a Letter or A4 sheet: sharp on paper, light in memory. */
const SCALE = 2.4;
/** A page larger than a sheet (a poster) is drawn no larger than this on its longer side. */
const LONGEST_SIDE_PX = 2400;

/**
 * Draws every page of a PDF to a PNG with pdfjs-dist, which loads here, on the first document a
 * staff view prints: no applicant page downloads it. Its worker is built by Vite as a script of
 * its own (`?worker&url`), so it is served as JavaScript like the app's other scripts.
 */
async function drawPages(data: Uint8Array, signal: AbortSignal): Promise<PageImage[]> {
  const [{ getDocument, GlobalWorkerOptions }, { default: workerUrl }] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?worker&url'),
  ]);
  GlobalWorkerOptions.workerSrc = workerUrl;
  // No string evaluation: the page's Content-Security-Policy forbids it.
  const task = getDocument({ data, isEvalSupported: false });
  const stop = () => void task.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const pdf = await task.promise;
    const pages: PageImage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      signal.throwIfAborted();
      const page = await pdf.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(SCALE, LONGEST_SIDE_PX / Math.max(natural.width, natural.height)) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport, intent: 'print' }).promise;
      pages.push({ src: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height });
      page.cleanup();
    }
    return pages;
  } finally {
    signal.removeEventListener('abort', stop);
    await task.destroy();
  }
}

/**
 * The converted PDF of an uploaded document, through the staff link the Open button uses (signed,
 * short-lived, asked for afresh), drawn page by page.
 */
async function renderDocumentPages({ answerKey, access }: DocumentPagesInput, signal: AbortSignal): Promise<PageImage[]> {
  if (access === null) throw new Error(GENERIC_ERROR_MESSAGE);
  const link = await api.staffDocumentLink(answerKey, access, signal);
  if (link.status !== 'completed' || !link.url) throw new Error(GENERIC_ERROR_MESSAGE);
  const response = await fetch(link.url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(GENERIC_ERROR_MESSAGE);
  return drawPages(new Uint8Array(await response.arrayBuffer()), signal);
}

/**
 * The staff print's pages of one uploaded document (a child of the document actor while staff see
 * it attached): they are prepared once, then ready to print, or they could not be included.
 */
export const documentPagesMachine = setup({
  types: {
    context: {} as DocumentPagesInput & { pages: readonly PageImage[] },
    input: {} as DocumentPagesInput,
  },
  actors: {
    renderDocumentPages: fromPromise<readonly PageImage[], DocumentPagesInput>(({ input, signal }) => renderDocumentPages(input, signal)),
  },
  actions: {
    keepPages: assign({ pages: (_, pages: readonly PageImage[]) => pages }),
  },
}).createMachine({
  id: 'documentPages',
  initial: 'preparing',
  context: ({ input }) => ({ answerKey: input.answerKey, access: input.access, pages: [] }),
  states: {
    preparing: {
      invoke: {
        id: 'renderDocumentPages',
        src: 'renderDocumentPages',
        input: ({ context }) => ({ answerKey: context.answerKey, access: context.access }),
        onDone: { target: 'ready', actions: { type: 'keepPages', params: ({ event }) => event.output } },
        // The print says so and how to open the document instead: nothing else to do on screen.
        onError: 'failed',
      },
    },
    ready: {},
    failed: {},
  },
});
