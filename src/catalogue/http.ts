/*
 * What the page and the server agree on over HTTP, written once: the server, the machines, the
 * views and the development server import it, and it imports nothing of either side.
 */

/**
 * Path prefixes of the server's API. The development server forwards them to Koa (vite.config.ts);
 * the server answers them `no-store` and never with the page (server/http/securityHeaders.ts, spa.ts).
 */
export const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/', '/files/'] as const;

/** In any case: the routers answer `/API/profile` as `/api/profile`, so it is no-store all the same. */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return API_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** The admissions office's console: its page (staff.html) answers every path under /staff. */
export const CONSOLE_ROUTES = {
  home: '/staff',
  /** The sign-in's own address: any console address shows the sign-in until a staff member is signed in. */
  login: '/staff/login',
  invitation: '/staff/invitation',
  application: '/staff/applications/:id',
  dashboard: '/staff/dashboard',
  /** Admins only: the access log, and the staff accounts (invitations, roles, deactivation). */
  accessLog: '/staff/access-log',
  accounts: '/staff/accounts',
  /** Admins only: the college's settings, as the configuration file sets them. */
  settings: '/staff/settings',
  /** Admins only: the decision releases (rehearsal, preparation, a second admin's approval, recall). */
  releases: '/staff/releases',
  /** Reviewers: the applications waiting for a review, and their own. */
  reviews: '/staff/reviews',
} as const;
/** The application a console address shows (`/staff/applications/{id}`), if any. */
export function consoleApplicationId(pathname: string): number | null {
  const id = /^\/staff\/applications\/([1-9]\d{0,11})\/?$/.exec(pathname)?.[1];
  return id === undefined ? null : Number(id);
}
export const isConsolePath = (path: string) => path === CONSOLE_ROUTES.home || path.startsWith(`${CONSOLE_ROUTES.home}/`);

/** Readable by the page: "logged in" is detected by the presence of this cookie. */
export const LOGGED_IN_COOKIE = 'logged_in';

/** The id of the `<script type="application/json">` element in which the server hands the page its first answers. */
export const PRELOADED_ELEMENT_ID = 'preloaded-responses';
