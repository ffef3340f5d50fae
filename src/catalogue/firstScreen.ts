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

/**
 * The attributes of the root element while the first screen is the server's HTML alone: the
 * screen says it is busy and its controls disabled, and takes no input at all (inert) until the
 * page's script listens. From then until the client has taken it over, with the actors that own
 * its controls running, a press is kept and pressed again afterwards and typing is refused
 * (src/app/earlyInput.ts).
 */
export const FIRST_SCREEN_BUSY = 'inert aria-busy="true" aria-disabled="true"';

/** The same attributes by name, for the client that removes them. */
export const FIRST_SCREEN_BUSY_ATTRIBUTES = ['inert', 'aria-busy', 'aria-disabled'] as const;
