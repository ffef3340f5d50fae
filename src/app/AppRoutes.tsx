import { useSelector } from '@xstate/react';
import { AUTH_CARDS, AUTH_CARD_NAMES, COMPLETION_ROUTE } from '../../machines/routes';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { PAGES, type PageId } from '../catalogue/pages';
import { RootLayout } from '../layout/RootLayout';
import { useSystemActor } from './actors';
import type { NavigationActor } from './browserHistory';
import { AboutPage, AuthArea, CompletionArea, EducationPage, FinalStepsPage, FormArea } from './lazyRoutes';

const PAGE_VIEWS: Record<PageId, typeof AboutPage> = {
  about: AboutPage,
  education: EducationPage,
  'final-steps': FinalStepsPage,
};

/**
 * Section 2's routes. Which route may show is the navigation actor's decision: a path shows only
 * once the actor has judged that very path (while it redirects an unknown path, a submitted
 * applicant or a too-early /completion, nothing flashes).
 */
export function AppRoutes() {
  const navigation = useSystemActor<NavigationActor>(SYSTEM_IDS.navigation);
  const shown = useSelector(navigation, ({ context }) =>
    context.location !== null && context.location.pathname === context.pathname ? context.pathname : null,
  );
  return <RootLayout pathname={shown}>{shown === null ? null : <RouteView pathname={shown} />}</RootLayout>;
}

/** The form area keeps its frame mounted while its page changes: the same element type at the same place. */
function RouteView({ pathname }: { pathname: string }) {
  const page = PAGES.find((candidate) => candidate.route === pathname);
  if (page) {
    const Page = PAGE_VIEWS[page.id];
    return (
      <FormArea>
        <Page />
      </FormArea>
    );
  }
  if (pathname === COMPLETION_ROUTE) return <CompletionArea />;
  const card = AUTH_CARD_NAMES.find((name) => AUTH_CARDS[name].route === pathname);
  return card ? <AuthArea card={card} /> : null;
}
