import { DEFAULT_PAGE, PAGES, type PageId } from './pages';

/*
 * The product's routes, in the shared catalogue: the navigation rules, the router's route table, the
 * auth cards and the server's page hints all read them here, and importing them loads neither the
 * question catalogue nor any view.
 */

/** The auth cards, their titles (also the '{card name}' of their error toasts) and routes. */
export const AUTH_CARDS = {
  login: { title: 'Log In', route: '/login' },
  signup: { title: 'Sign Up', route: '/signup' },
  confirm: { title: 'Confirm Your Account', route: '/confirm' },
  forgot: { title: 'Forgot Password', route: '/forgot' },
  reset: { title: 'Reset Password', route: '/reset' },
} as const;
export type AuthCard = keyof typeof AUTH_CARDS;
export const AUTH_CARD_NAMES = Object.keys(AUTH_CARDS) as AuthCard[];

/** The form area's default page; also "the default route after auth". */
export const DEFAULT_ROUTE = PAGES.find((page) => page.id === DEFAULT_PAGE)!.route;
export const COMPLETION_ROUTE = '/completion';
export const LOGIN_ROUTE = AUTH_CARDS.login.route;
export const SIGNUP_ROUTE = AUTH_CARDS.signup.route;
export const FORM_ROUTES: readonly string[] = PAGES.map((page) => page.route);
export const AUTH_ROUTES: readonly string[] = Object.values(AUTH_CARDS).map((card) => card.route);

export const isFormRoute = (pathname: string) => FORM_ROUTES.includes(pathname);
export const isAuthRoute = (pathname: string) => AUTH_ROUTES.includes(pathname);

/*
 * What each route loads on demand beyond the first download, as the build's manifest names the
 * lazily imported modules (their `name`: the module's file name without extension). The server
 * announces them in the page (server/http/modulePreload.ts) so the browser fetches them while it
 * still runs the first chunk, and `npm run bench` weighs each route with them. A renamed module
 * fails the bundle test (test/src/app/bundleBudget.test.ts) until this table follows.
 */
/** The form area's frame (src/layout/FormArea.tsx) and the session's application (machines/applicationMachine.ts) the root loads for it. */
const FORM_AREA = ['FormArea', 'applicationMachine'];
const PAGE_ENTRIES: Record<PageId, string> = { about: 'AboutPage', education: 'EducationPage', 'final-steps': 'FinalStepsPage' };
/** An auth card (src/auth/AuthArea.tsx) needs none of the form actors, only its own actor. */
const AUTH_AREA = ['AuthArea', 'authCardMachine'];
const COMPLETION = ['CompletionArea', 'applicationMachine'];

/** The entry names of a route's on-demand modules; none for a path the navigation rules redirect. */
export function routeEntryNames(pathname: string): readonly string[] {
  const page = PAGES.find((candidate) => candidate.route === pathname);
  if (page) return [...FORM_AREA, PAGE_ENTRIES[page.id]];
  if (isAuthRoute(pathname)) return AUTH_AREA;
  if (pathname === COMPLETION_ROUTE) return COMPLETION;
  return [];
}
