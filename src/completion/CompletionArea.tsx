import { useEffect } from 'react';
import { connectApp } from '../../machines/appView';
import { connectPdfCopy } from '../../machines/pdfCopyView';
import { SUBMITTED_MESSAGE } from '../catalogue/messages';
import { currentView, useAppActor, usePdfCopy, useView, useViewValue, useFormReadiness } from '../app/actors';
import { useCollege } from '../app/useApp';
import { SUBMISSION_LABELS, formatSubmittedAt, localSubmittedAt } from '../catalogue/submission';
import { usePageTitle } from '../app/usePageTitle';
import { AccountMenu } from '../layout/AccountMenu';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { SkipLink } from '../layout/SkipLink';
import { WelcomeBanner } from '../layout/WelcomeBanner';
import { Spinner } from '../ui/Spinner';
import { DecisionLetter } from './DecisionLetter';
import { connectDecisionLetter } from '../../machines/decisionLetterView';
import { useDecisionLetter } from '../app/actors';
import './completion.css';

/** The completion page, outside the form layout: the success message and the PDF copy. */
export default function CompletionArea() {
  // The PDF copy actor is one of the page-specific form actors (machines/pageActors), loaded on demand.
  const formReady = useFormReadiness().ready;
  if (!formReady) return <Spinner overlay size="large" label="Loading your application…" />;
  return <CompletionPage />;
}

function CompletionPage() {
  const college = useCollege();
  usePageTitle('Application submitted');
  const pdfCopy = usePdfCopy();
  const { url, preparing, failed, retry } = useView(pdfCopy, connectPdfCopy);
  const submission = useViewValue(useAppActor(), connectApp, (view) => view.submission);
  const localTime = submission ? localSubmittedAt(submission.submittedAt) : null;
  const released = useViewValue(useDecisionLetter(), connectDecisionLetter, (view) => view.letter !== null);

  // The copy the actor holds may predate the submission: ask for the current one now.
  useEffect(() => currentView(pdfCopy, connectPdfCopy).refresh(), [pdfCopy]);

  return (
    <div className="frame frame--completion">
      <SkipLink />
      <Header actions={<AccountMenu />} />
      <main id="main" tabIndex={-1} className="frame__main">
        <WelcomeBanner />
        <section className="completion" aria-labelledby="completion-title">
          <svg className="completion__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="22" fill="currentColor" />
            <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <h1 id="completion-title" className="completion__title">
            {SUBMITTED_MESSAGE}
          </h1>
          {released ? (
            <DecisionLetter />
          ) : (
            <p className="completion__text">
              {/* The banner above thanks the applicant; this says what happens next, until the decision is released. */}
              We will e-mail you about your admission decision. If you have questions in the meantime, write to{' '}
              <a href={`mailto:${college?.admissionsEmail}`}>{college?.admissionsEmail}</a>.
            </p>
          )}
          {submission ? (
            // When, and the number to quote to the admissions office (the same in the PDF copy and the staff view).
            <dl className="completion__facts">
              <div>
                <dt>{SUBMISSION_LABELS.submitted}</dt>
                <dd>
                  {formatSubmittedAt(submission.submittedAt)}
                  {localTime ? <span className="completion__local"> Your time: {localTime}</span> : null}
                </dd>
              </div>
              <div>
                <dt>{SUBMISSION_LABELS.reference}</dt>
                <dd className="completion__reference">{submission.reference}</dd>
              </div>
            </dl>
          ) : null}
          <div className="completion__pdf" aria-live="polite">
            {url ? (
              <a className="completion__download" href={url} download>
                Download a PDF copy of your application
              </a>
            ) : failed ? (
              <p className="completion__note">
                Your PDF copy is not available right now.{' '}
                <button type="button" className="link-button" onClick={retry}>
                  Try again
                </button>
              </p>
            ) : preparing ? (
              <p className="completion__note">
                <Spinner type="circles" size="small" decorative /> Preparing a PDF copy of your application…
              </p>
            ) : null}
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}
