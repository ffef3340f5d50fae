import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreenRequest, RenderedFirstScreen } from '../../src/catalogue/firstScreen';
import type { Logger } from '../log';

/**
 * Where the build puts the server's render of the first screen (vite.config.ts): a dot folder of
 * dist/, which the server never serves (./spa.ts).
 */
export const FIRST_SCREEN_BUILD = { entry: 'src/serverEntry.tsx', dir: '.server', file: 'firstScreen.js' } as const;

type Render = (request: FirstScreenRequest) => Promise<RenderedFirstScreen | undefined>;

/** How long a visitor's rendered first screen is reused: it shows the date (the season's note, the year). */
const REUSE_MS = 10_000;

/**
 * The first screen's HTML for a page request, rendered by the build's server entry
 * (src/serverEntry.tsx) from the same answers the page carries. Without that build (an older one,
 * the API-only tests), or when the render fails, the page goes out as before and the client
 * renders it: a failed render is logged, never the page's failure. A first visit (no cookie, no
 * query) of a route shows everyone the same screen, so its render is reused for a few seconds.
 */
export function firstScreenRenderer(
  distDir: string,
  logger: Logger,
): (request: FirstScreenRequest) => Promise<RenderedFirstScreen | undefined> {
  const file = join(distDir, FIRST_SCREEN_BUILD.dir, FIRST_SCREEN_BUILD.file);
  let render: Promise<Render | undefined> | undefined;
  const load = () =>
    (render ??= existsSync(file)
      ? import(pathToFileURL(file).href).then((module: { renderFirstScreen: Render }) => module.renderFirstScreen)
      : Promise.resolve(undefined));
  // Loaded as the server starts, so that the first page request does not wait for the module.
  void load().catch(() => undefined);
  const renderNow = async (request: FirstScreenRequest) => {
    try {
      return await (
        await load()
      )?.(request);
    } catch (error) {
      logger.error('first_screen_failed', { path: request.pathname, error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
  const reused = new Map<string, { until: number; rendered: Promise<RenderedFirstScreen | undefined> }>();
  return async (request) => {
    if (request.cookie !== '' || request.search !== '') return renderNow(request);
    const key = `${request.pathname}\n${request.preloaded}`;
    const now = performance.now();
    const kept = reused.get(key);
    if (kept && kept.until > now) return kept.rendered;
    const rendered = renderNow(request);
    reused.set(key, { until: now + REUSE_MS, rendered });
    // Only the product's routes are rendered: another path is not kept, so the map stays small.
    if ((await rendered) === undefined) reused.delete(key);
    return rendered;
  };
}
