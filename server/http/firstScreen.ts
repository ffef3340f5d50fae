import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreenRequest, RenderedFirstScreen } from '../../src/serverEntry';
import type { Logger } from '../log';

/**
 * Where the build puts the server's render of the first screen (vite.config.ts): a dot folder of
 * dist/, which the server never serves (./spa.ts).
 */
export const FIRST_SCREEN_BUILD = { entry: 'src/serverEntry.tsx', dir: '.server', file: 'firstScreen.js' } as const;

type Render = (request: FirstScreenRequest) => Promise<RenderedFirstScreen | undefined>;

/**
 * The first screen's HTML for a page request, rendered by the build's server entry
 * (src/serverEntry.tsx) from the same answers the page carries. Without that build (an older one,
 * the API-only tests), or when the render fails, the page goes out as before and the client
 * renders it: a failed render is logged, never the page's failure.
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
  return async (request) => {
    try {
      return await (
        await load()
      )?.(request);
    } catch (error) {
      logger.error('first_screen_failed', { path: request.pathname, error: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
}
