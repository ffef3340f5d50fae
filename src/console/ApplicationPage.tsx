import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { consoleApplicationMachine } from '../../machines/consoleApplicationMachine';
import { connectConsoleApplication, type PdfCopyPhase } from '../../machines/consoleApplicationView';
import { APPLICATION_STATUS_LABELS, accessKindLabel, formatStaffTime, stepLabel } from '../catalogue/staffWords';
import { useView, useViewValue } from '../app/viewApi';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { useConsoleSession } from './consoleActors';
import { ApplicationPrint } from '../service/ApplicationPrint';
import { Button } from '../ui/Button';
import { EvaluationPanel } from './EvaluationPanel';
import { Spinner } from '../ui/Spinner';

export type ConsoleApplicationActor = ActorRefFrom<typeof consoleApplicationMachine>;

/**
 * One application in the console: its facts and what staff can do with it (the PDF copy, a
 * read-only link, print) above the application itself in the staff view's print layout, and who
 * has read it below. On paper only the application prints.
 */
export function ApplicationPage({ actor, title }: { actor: ConsoleApplicationActor; title: string }) {
  const view = useView(actor, connectConsoleApplication);
  if (view.phase === 'loading') return <Spinner size="large" label="Loading the application…" />;
  if (view.phase !== 'ready' || !view.summary)
    return (
      <section className="console-card" aria-labelledby="application-failed">
        <h1 id="application-failed">{view.phase === 'notFound' ? 'Application not found' : 'The application could not be loaded'}</h1>
        <p role="alert">{view.message}</p>
        {view.phase === 'failed' ? <Button onClick={view.retry}>Try again</Button> : null}
        <p>
          <Link to="/staff">Back to the applications</Link>
        </p>
      </section>
    );
  const { summary } = view;
  return (
    <div className="console-application">
      <nav className="console-application__back console-screen-only" aria-label="Breadcrumb">
        <Link to="/staff">Applications</Link>
      </nav>
      <section className="console-application__facts console-screen-only" aria-labelledby="application-facts">
        <h1 id="application-facts">
          <bdi>{summary.name || summary.email}</bdi>
        </h1>
        <dl className="console-facts">
          <div>
            <dt>Status</dt>
            <dd>{APPLICATION_STATUS_LABELS[summary.status]}</dd>
          </div>
          <div>
            <dt>Reference number</dt>
            <dd>{summary.reference ?? '—'}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{summary.email}</dd>
          </div>
          <div>
            <dt>Step reached</dt>
            <dd>{stepLabel(summary.step)}</dd>
          </div>
          <div>
            <dt>Submitted</dt>
            <dd>{formatStaffTime(summary.submitted_at)}</dd>
          </div>
          <div>
            <dt>Last change</dt>
            <dd>{formatStaffTime(summary.last_change)}</dd>
          </div>
        </dl>
        <div className="console-actions">
          {view.pdfCopy === 'available' ? (
            <a className="ui-button ui-button--secondary ui-button--default" href={view.pdfCopyUrl} download>
              Download the PDF copy
            </a>
          ) : null}
          <Button variant="secondary" busy={view.sharing} onClick={view.share}>
            Share a read-only link
          </Button>
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        </div>
        <PdfCopyNotice phase={view.pdfCopy} message={view.pdfCopyMessage} onRetry={view.checkCopyAgain} />
        {view.sharedLink ? (
          <div className="console-field">
            <label htmlFor="shared-link">Read-only link (anyone with it can read this application)</label>
            <input id="shared-link" readOnly value={view.sharedLink.url} onFocus={(event) => event.currentTarget.select()} />
          </div>
        ) : null}
        {view.message ? (
          <p role="alert" className="console-error">
            {view.message}
          </p>
        ) : null}
      </section>
      <EvaluationPanel />
      <ApplicationPrint title={title} submission={view.submission} landmark="div" />
      <section className="console-application__history console-screen-only" aria-labelledby="application-history">
        <h2 id="application-history">Access history</h2>
        <div className="console-table-scroll" role="region" aria-labelledby="application-history" tabIndex={0}>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {view.history.map((entry, index) => (
                <tr key={`${entry.created_at}-${index}`}>
                  <td>{formatStaffTime(entry.created_at)}</td>
                  <td>{entry.staff_email ?? '—'}</td>
                  <td>{accessKindLabel(entry.kind)}</td>
                  <td>{entry.client}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <FullHistoryLink id={view.summary?.id ?? null} />
      </section>
    </div>
  );
}

/** Admins read the whole access log: from an application's newest entries to all of them. */
function FullHistoryLink({ id }: { id: number | null }) {
  const isAdmin = useViewValue(useConsoleSession(), connectConsoleSession, (view) => view.isAdmin);
  if (!isAdmin || id === null) return null;
  return (
    <p>
      <Link to={`${CONSOLE_ROUTES.accessLog}?application_id=${id}`}>Everything about this application in the access log</Link>
    </p>
  );
}

/** Why there is no PDF copy to download yet; while it is made, the page asks again by itself and the link appears. */
function PdfCopyNotice({ phase, message, onRetry }: { phase: PdfCopyPhase; message: string | null; onRetry: () => void }) {
  if (phase === 'preparing')
    return (
      <p role="status" className="console-notice">
        The PDF copy is being prepared. Its download link appears here in a moment.
      </p>
    );
  if (phase === 'nothingToPrint')
    return <p className="console-notice">There is no PDF copy: the applicant has not answered anything yet.</p>;
  if (phase === 'failed')
    return (
      <div role="alert" className="console-error">
        <p>The PDF copy could not be made{message ? `: ${message}` : '.'}</p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  return null;
}
