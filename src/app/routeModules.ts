import { AUTH_ROUTES, COMPLETION_ROUTE } from '../../machines/routes';
import { PAGES, type PageId } from '../catalogue/pages';

/*
 * The modules each route loads on demand to render, beyond the first download, as the build's
 * manifest names them (source paths): ./lazyRoutes and the root machine import them. The server
 * announces them in the page (modulepreload, server/http/modulePreload.ts) so the browser fetches
 * them while it still runs the first chunk, and `npm run bench` weighs each route with them.
 */

/** The form area's frame and the form actors the root loads for it. */
const FORM_AREA = ['src/layout/FormArea.tsx', 'machines/formActors.ts'];
const PAGE_MODULES: Record<PageId, string> = {
  about: 'src/pages/AboutPage.tsx',
  education: 'src/pages/EducationPage.tsx',
  'final-steps': 'src/pages/FinalStepsPage.tsx',
};
/** An auth card needs none of the form actors, only its own actor. */
const AUTH_AREA = ['src/auth/AuthArea.tsx', 'machines/authCardMachine.ts'];
const COMPLETION = ['src/completion/CompletionArea.tsx', 'machines/formActors.ts'];

/** The on-demand modules of a route of section 2; none for a path the navigation rules redirect. */
export function routeModules(pathname: string): readonly string[] {
  const page = PAGES.find((candidate) => candidate.route === pathname);
  if (page) return [...FORM_AREA, PAGE_MODULES[page.id]];
  if (AUTH_ROUTES.includes(pathname)) return AUTH_AREA;
  if (pathname === COMPLETION_ROUTE) return COMPLETION;
  return [];
}
