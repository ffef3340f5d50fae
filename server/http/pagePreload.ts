import type { Context } from 'koa';
import { PRELOADED_ELEMENT_ID } from '../../src/catalogue/http';
import type { SessionState } from './session';

export interface PagePreloadDeps {
  /** The body GET /public/college answers, already serialised. */
  collegeJson: string;
  /** The body GET /api/profile answers for a session, already serialised. */
  profileJson: (session: NonNullable<SessionState['session']>) => string;
}

/**
 * The answers the page's first calls would get, as JSON, written into index.html (`preloadScript`):
 * the first screen then renders without a round trip, and the server renders it from the same
 * answers (./firstScreen.ts). Only what the same request could read through the API: the public
 * college configuration, and the profile of the caller's own valid session.
 */
export function pagePreload(deps: PagePreloadDeps): (ctx: Context) => string {
  const college = `"/public/college":{"status":200,"body":${deps.collegeJson}}`;
  return (ctx) => {
    const session = (ctx.state as SessionState).session;
    const entries = session ? `${college},"/api/profile":{"status":200,"body":${deps.profileJson(session)}}` : college;
    // No '<' may reach the HTML: JSON allows \u003c wherever '<' can appear (inside strings).
    return `{${entries}}`.replace(/</g, '\\u003c');
  };
}

/** The preloaded answers' element in the page, which the client reads (src/main.tsx). */
export const preloadScript = (json: string) => `<script type="application/json" id="${PRELOADED_ELEMENT_ID}">${json}</script>`;
