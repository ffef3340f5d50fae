import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createActor } from 'xstate';
import { keepPreloadedResponses } from '../machines/api/preloadedResponses';
import { appMachine } from '../machines/appMachine';
import { SYSTEM_IDS } from '../machines/systemIds';
import { AppInRouter } from './app/App';
import type { FirstScreenRequest, RenderedFirstScreen } from './catalogue/firstScreen';
import { AppActorProvider } from './app/actors';
import { ErrorBoundary } from './app/ErrorBoundary';
import { FirstLocationProvider, firstLocation, firstScreenFingerprint, firstScreenOf, prepareFirstScreen } from './app/firstScreen';

/** How long a request waits for the actor to reach its first screen before the page goes out for the client to render. */
const RENDER_WAIT_MS = 2000;

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
    if (!(await prepareFirstScreen(actor, first, { search, timeoutMs: RENDER_WAIT_MS }))) return undefined;
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
