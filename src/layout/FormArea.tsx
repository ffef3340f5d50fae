import { Suspense, useDeferredValue, type ReactNode } from 'react';
import { useFormReadiness } from '../app/actors';
import { ChunkError } from '../app/chunks';
import { useFirstLocation } from '../app/firstScreen';
import { useBrowserLocation } from '../app/useBrowserLocation';
import { usePageTitle } from '../app/usePageTitle';
import { PAGES } from '../catalogue/pages';
import { Spinner } from '../ui/Spinner';
import { AccountMenu } from './AccountMenu';
import { Footer } from './Footer';
import { Header } from './Header';
import { MissingInformation } from './MissingInformation';
import { SkipLink } from './SkipLink';
import { StepNav } from './StepNav';
import { useQuestionFocus } from './useQuestionFocus';
import { WelcomeBanner } from './WelcomeBanner';

/**
 * The form area: header with the Account popover, step navigation, welcome banner,
 * missing-information summary, the step page (the route's, as `children`), footer. Staff (staff
 * link) never see it: their route shows only the print view (src/app/AppRoutes.tsx).
 */
export default function FormArea({ children }: { children: ReactNode }) {
  // The form actors (answers, validation…) load with the form area: the frame and the banner show
  // at once, the summary and the page once they are there.
  const { pathname } = useBrowserLocation();
  const form = useFormReadiness();
  // The page (hundreds of fields) renders in a second, interruptible pass: the frame and the
  // banner reach the screen first instead of waiting for the whole page's layout.
  // It goes at once, though, when the session's application stops (a logout): its actors are gone.
  // A page rendered on the server shows the page in its first pass, as the server did.
  const pageShown = useDeferredValue(form.ready, useFirstLocation() ? form.ready : false) && form.ready;
  // Their code could not be fetched (a lost connection): said here, with a retry, never the whole page.
  usePageTitle(PAGES.find((page) => page.route === pathname)?.title ?? 'Application');
  useQuestionFocus();
  return (
    <div className="frame">
      <SkipLink />
      <Header actions={<AccountMenu />} />
      <StepNav />
      <main id="main" tabIndex={-1} className="frame__main">
        <WelcomeBanner />
        {pageShown ? (
          <>
            <MissingInformation />
            <Suspense fallback={<Spinner size="large" label="Loading the page…" className="frame__loading" />}>{children}</Suspense>
          </>
        ) : form.failed ? (
          <ChunkError onRetry={form.retry} />
        ) : (
          <Spinner size="large" label="Loading your application…" className="frame__loading" />
        )}
      </main>
      <Footer />
    </div>
  );
}
