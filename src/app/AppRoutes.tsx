import { Route, Routes } from 'react-router-dom';
import { AUTH_CARDS, AUTH_CARD_NAMES, COMPLETION_ROUTE } from '../../machines/routes';
import { PAGES, type PageId } from '../catalogue/pages';
import { RootLayout } from '../layout/RootLayout';
import { AboutPage, AuthArea, CompletionArea, EducationPage, FinalStepsPage, FormArea } from './lazyRoutes';

const PAGE_VIEWS: Record<PageId, typeof AboutPage> = {
  about: AboutPage,
  education: EducationPage,
  'final-steps': FinalStepsPage,
};

/**
 * Section 2's routes. Which route may show is the navigation actor's decision (RootLayout's
 * location guard); unknown paths render nothing while it redirects to /about with the query.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<FormArea />}>
          {PAGES.map((page) => {
            const View = PAGE_VIEWS[page.id];
            return <Route key={page.id} path={page.route} element={<View />} />;
          })}
        </Route>
        <Route path={COMPLETION_ROUTE} element={<CompletionArea />} />
        {AUTH_CARD_NAMES.map((card) => (
          <Route key={card} path={AUTH_CARDS[card].route} element={<AuthArea card={card} />} />
        ))}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
