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
 * The answers the page's first calls would get, written into index.html: the first screen then
 * renders without a round trip. Only what the same request could read through the API: the public
 * college configuration, and the profile of the caller's own valid session.
 */
export function pagePreload(deps: PagePreloadDeps): (ctx: Context) => string {
  const college = `"/public/college":{"status":200,"body":${deps.collegeJson}}`;
  return (ctx) => {
    const session = (ctx.state as SessionState).session;
    const entries = session ? `${college},"/api/profile":{"status":200,"body":${deps.profileJson(session)}}` : college;
    // No '<' may reach the HTML: JSON allows \u003c wherever '<' can appear (inside strings).
    const json = `{${entries}}`.replace(/</g, '\\u003c');
    return `<script type="application/json" id="${PRELOADED_ELEMENT_ID}">${json}</script>`;
  };
}
