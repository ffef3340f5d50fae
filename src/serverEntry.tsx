import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createActor } from 'xstate';
import { keepPreloadedResponses } from '../machines/api/preloadedResponses';
import { appMachine } from '../machines/appMachine';
import { SYSTEM_IDS } from '../machines/systemIds';
import { AppInRouter } from './app/App';
import { AppActorProvider } from './app/actors';
import { ErrorBoundary } from './app/ErrorBoundary';
import { FirstLocationProvider, firstLocation, firstScreenFingerprint, firstScreenOf, prepareFirstScreen } from './app/firstScreen';

/** How long a request waits for the actor to reach its first screen before the page goes out for the client to render. */
const RENDER_WAIT_MS = 2000;

/** What the page's request brings the render. */
export interface FirstScreenRequest {
  pathname: string;
  search: string;
  /** The request's Cookie header: the page reads the same login cookie. */
  cookie: string;
  /** The answers the page carries for its first calls (server/http/pagePreload.ts), as JSON. */
  preloaded: string;
}

export interface RenderedFirstScreen {
  /** What React hoists out of the body (the preload of the logo image): it belongs in <head>. */
  head: string;
  html: string;
  /** See firstScreenFingerprint: the client hydrates only a first screen rendered from what it shows. */
  fingerprint: string;
}

/**
 * The server's render of the page's first screen (built by Vite into dist/.server/, loaded by
 * server/http/firstScreen.ts): the client's root actor and components, given the page's address
 * and the answers the page carries, so that the first calls are answered by those and no call
 * goes to the network. Undefined when the first screen is the client's alone (see firstScreenOf),
 * or the actor could not reach it.
 */
export async function renderFirstScreen(request: FirstScreenRequest): Promise<RenderedFirstScreen | undefined> {
  const { pathname, search, cookie } = request;
  const first = firstScreenOf(pathname, search, cookie);
  if (!first) return undefined;
  // The actor takes the preloaded answers as it starts, before any other request can replace them.
  keepPreloadedResponses(request.preloaded);
  const actor = createActor(appMachine, { input: { pathname, search, cookie }, systemId: SYSTEM_IDS.app });
  actor.start();
  try {
    if (!(await prepareFirstScreen(actor, first, { pathname, search, timeoutMs: RENDER_WAIT_MS }))) return undefined;
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppActorProvider actor={actor}>
          <FirstLocationProvider location={firstLocation(pathname, search, '')}>
            <ErrorBoundary>
              <StaticRouter location={pathname + search}>
                <AppInRouter />
              </StaticRouter>
            </ErrorBoundary>
          </FirstLocationProvider>
        </AppActorProvider>
      </StrictMode>,
      // The whole first screen in place, never a large part sent apart to be moved in by an inline
      // script: the page allows no inline script, and a page without JavaScript shows it too.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    const rendered = Buffer.concat(chunks).toString('utf8');
    const head = /^(?:<link [^<>]*>)*/.exec(rendered)![0];
    return { head, html: rendered.slice(head.length), fingerprint: await firstScreenFingerprint(actor) };
  } finally {
    actor.stop();
  }
}
