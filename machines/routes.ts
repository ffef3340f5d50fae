import { DEFAULT_PAGE, PAGES } from '../src/catalogue/pages';

/*
 * Section 2's routes, in a module of their own: the navigation rules, the auth cards and the root
 * need them on every page, and importing them must not load the question catalogue.
 */

/** Spec section 2: the auth cards, their titles (also the '{card name}' of their error toasts) and routes. */
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
