/*
 * The routes live in the shared catalogue (src/catalogue/routes.ts), which the server reads
 * too; the machines keep importing them from here.
 */
export {
  AUTH_CARDS,
  AUTH_CARD_NAMES,
  AUTH_ROUTES,
  COMPLETION_ROUTE,
  DEFAULT_ROUTE,
  FORM_ROUTES,
  LOGIN_ROUTE,
  SIGNUP_ROUTE,
  isAuthRoute,
  isFormRoute,
  type AuthCard,
} from '../src/catalogue/routes';
