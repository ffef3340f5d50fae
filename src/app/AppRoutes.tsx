import { useSelector } from '@xstate/react';
import { Suspense, useMemo } from 'react';
import { Outlet, Route, Routes, type Location } from 'react-router-dom';
import { connectApp } from '../../machines/appView';
import { PAGES, type PageId } from '../catalogue/pages';
import { AUTH_CARDS, AUTH_CARD_NAMES, COMPLETION_ROUTE } from '../catalogue/routes';
import { RootLayout } from '../layout/RootLayout';
import { Spinner } from '../ui/Spinner';
import { useAppActor, useNavigation, useViewValue, useFormReadiness } from './actors';
import { AboutPage, AuthArea, CompletionArea, EducationPage, FinalStepsPage, FormArea, ServiceView } from './lazyRoutes';
import { useFirstLocation } from './firstScreen';
import { usePageTitle } from './usePageTitle';

const PAGE_VIEWS: Record<PageId, typeof AboutPage> = {
  about: AboutPage,
  education: EducationPage,
  'final-steps': FinalStepsPage,
};

/**
 * The product's routes, rendered by the router. Which route may show is the navigation actor's
 * decision (`allowed`): the routes match the router's location once the actor let it stand; while
 * the router performs a move the actor asked for, the last allowed one (the form area's frame does
 * not blink); while the actor redirects an unknown path, a submitted applicant or a too-early
 * /completion, nothing, so nothing flashes.
 */
export function AppRoutes() {
  const navigation = useNavigation();
  // A hydrating page shows the route the server rendered until the router's first report.
  const first = useFirstLocation();
  const heard = useSelector(navigation, ({ context }) => context.location !== null);
  const accepted = useSelector(navigation, ({ context }) => context.allowed) ?? (heard ? null : first);
  const pathname = accepted?.pathname;
  const search = accepted?.search;
  const hash = accepted?.hash;
  const state = accepted?.state;
  const visit = accepted?.visit;
  // Made from its values: the location the server rendered and the actor's first one are the same
  // visit, and the routes below are not rendered again when the first takes over from the other.
  const location = useMemo<Location | null>(
    () => (pathname === undefined ? null : { pathname, search: search ?? '', hash: hash ?? '', state: state ?? null, key: String(visit) }),
    [pathname, search, hash, state, visit],
  );
  return useMemo(
    () => (
      <RootLayout pathname={location?.pathname ?? null}>
        {location === null ? null : (
          <Routes location={location}>
            {/* The form area keeps its frame mounted while its page changes. */}
            <Route element={<FormRoute />}>
              {PAGES.map((page) => {
                const Page = PAGE_VIEWS[page.id];
                return <Route key={page.id} path={page.route} element={<Page />} />;
              })}
            </Route>
            <Route path={COMPLETION_ROUTE} element={<CompletionArea />} />
            {AUTH_CARD_NAMES.map((card) => (
              <Route key={card} path={AUTH_CARDS[card].route} element={<AuthArea card={card} />} />
            ))}
          </Routes>
        )}
      </RootLayout>
    ),
    [location],
  );
}

/**
 * The form routes: the form area around the step page, or, for staff (service link), only the
 * print view: no frame at all, not even the skip link, and none of the form area's code.
 */
function FormRoute() {
  const staff = useViewValue(useAppActor(), connectApp, (view) => view.staff);
  if (staff) return <StaffRoute />;
  return (
    <FormArea>
      <Outlet />
    </FormArea>
  );
}

function StaffRoute() {
  // The print view reads the form actors' answers, tabs and documents, which load on demand.
  const formReady = useFormReadiness().ready;
  usePageTitle('Application (staff view)');
  const loading = <Spinner overlay size="large" label="Loading the application…" />;
  if (!formReady) return loading;
  return (
    <Suspense fallback={loading}>
      <ServiceView />
    </Suspense>
  );
}
