import { LOGIN_ROUTE } from '../../machines/routes';
import { connectAnswers } from '../../machines/answersView';
import { currentView, useOptionalAnswers } from '../app/actors';
import { useClient, useCollege } from '../app/useApp';
import { bannerShown, bannerVariant, inBannerWindow, isoDay } from './banner';

/** The welcome banner: who is here decides the text; the date window adds its note. */
export function WelcomeBanner() {
  const college = useCollege();
  // The banner shows with the frame, before the form actors arrive; until then the link waits for them.
  const answers = useOptionalAnswers();
  const facts = {
    webStatus: useClient('webStatus'),
    isLoggedIn: useClient('isLoggedIn'),
    hasChangedPage: useClient('hasChangedPage'),
    numLogins: useClient('numLogins'),
  };
  if (!college || !bannerShown(facts)) return null;
  const variant = bannerVariant(facts);
  // After the submission the season's call to complete the application no longer applies.
  const seasonOpen = facts.webStatus !== 'submitted' && inBannerWindow(college.banner, isoDay(new Date()));
  return (
    <section className={`banner banner--${variant}`} aria-labelledby="banner-title" data-testid="welcome-banner" data-variant={variant}>
      {variant === 'submitted' ? (
        <>
          <h2 id="banner-title" className="banner__title">
            Thank you for applying to {college.name}!
          </h2>
          <p className="banner__text">Your application is complete; there is nothing more to do. We will be in touch with our decision.</p>
        </>
      ) : variant === 'firstLogin' ? (
        <>
          <h2 id="banner-title" className="banner__title">
            Welcome to {college.name}!
          </h2>
          <ul className="banner__points">
            <li>There is no application fee.</li>
            <li>You will receive your admission decision within three weeks of completing your application.</li>
            <li>You are automatically considered for merit scholarships; there is nothing extra to fill in.</li>
          </ul>
        </>
      ) : variant === 'returning' ? (
        <>
          <h2 id="banner-title" className="banner__title">
            Welcome back!
          </h2>
          <p className="banner__text">
            You're almost finished. Pick up where you left off and submit your application when it is complete.
          </p>
        </>
      ) : (
        <>
          <h2 id="banner-title" className="banner__title">
            Welcome to the {college.name} application
          </h2>
          <p className="banner__text">
            Already started?{' '}
            <a
              href={LOGIN_ROUTE}
              onClick={(event) => {
                event.preventDefault();
                if (answers) currentView(answers, connectAnswers).carryTo(LOGIN_ROUTE);
              }}
            >
              Log in
            </a>{' '}
            to continue where you left off. New here? Start below; you will create an account when you save.
          </p>
        </>
      )}
      {seasonOpen ? (
        <p className="banner__season" data-testid="banner-season">
          The application season is open: complete your application now to hear from us sooner.
        </p>
      ) : null}
    </section>
  );
}
