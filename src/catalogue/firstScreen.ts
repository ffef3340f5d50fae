/*
 * What the server and its render of the first screen (src/serverEntry.tsx, built into dist/.server/)
 * hand each other: the server loads that build at run time and imports none of its code.
 */

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
  /** The answers the screen shows, in short: the client hydrates only a first screen rendered from what it shows. */
  fingerprint: string;
}
