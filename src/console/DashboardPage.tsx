import { connectConsoleDashboard } from '../../machines/consoleDashboardView';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { DASHBOARD_MEASURES, PROMISE_DAYS, WAITING_AFTER_DAYS, type StaffDashboard } from '../catalogue/schema/staffDashboard';
import { useView } from '../app/viewApi';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useConsoleDashboard } from './consoleActors';
import { DashboardChart } from './DashboardChart';
import { dayOf, longDay, shortDay } from '../catalogue/staffWords';
import './dashboard.css';
import { useOnOpen } from './useOnOpen';

/**
 * The dashboard: how the cycle goes, day by day, as a chart and as a table with the same figures,
 * and the submitted applications waiting longer than the welcome banner's promise allows. Its
 * module, with the chart library, loads only when the page opens.
 */
export function DashboardPage() {
  const dashboard = useConsoleDashboard();
  if (!dashboard) return <Spinner label="Loading the dashboard…" />;
  // A new sign-in spawns a new dashboard actor: the page starts over with it.
  return <Dashboard key={dashboard.sessionId} actor={dashboard} />;
}

function Dashboard({ actor }: { actor: NonNullable<ReturnType<typeof useConsoleDashboard>> }) {
  const { phase, dashboard, message, load, retry } = useView(actor, connectConsoleDashboard);
  // Each opening of the page reads the figures afresh.
  useOnOpen(load);
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      {phase === 'loading' ? <Spinner label="Loading the dashboard…" /> : null}
      {phase === 'failed' ? (
        <div className="console-card">
          <h2>The dashboard could not be loaded</h2>
          <p role="alert">{message}</p>
          <Button onClick={retry}>Try again</Button>
        </div>
      ) : null}
      {dashboard ? <Figures dashboard={dashboard} /> : null}
    </section>
  );
}

function Figures({ dashboard }: { dashboard: StaffDashboard }) {
  return (
    <>
      <p className="dashboard__lede">
        Counts per day (UTC) from {longDay(dashboard.opened_on)}, the day the first account was created (the college&apos;s settings give no
        opening day of the cycle), to today, {longDay(dashboard.today)}.
      </p>
      <h2>Totals</h2>
      <dl className="dashboard__totals">
        {DASHBOARD_MEASURES.map((measure) => (
          <div key={measure.key} className="dashboard__total">
            <dt>{measure.label}</dt>
            <dd>{dashboard.totals[measure.key]}</dd>
          </div>
        ))}
      </dl>
      <h2>Day by day</h2>
      <p>The chart shows the figures of the table below it.</p>
      <DashboardChart days={dashboard.days} />
      <DailyTable dashboard={dashboard} />
      <Waiting waiting={dashboard.waiting} />
    </>
  );
}

function DailyTable({ dashboard }: { dashboard: StaffDashboard }) {
  return (
    // The table scrolls sideways on a narrow screen: the region takes the keyboard's focus so that it can be scrolled without a mouse.

    <div className="dashboard__scroll" role="region" aria-labelledby="dashboard-days" tabIndex={0}>
      <table className="dashboard__table">
        <caption id="dashboard-days">Counts per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {DASHBOARD_MEASURES.map((measure) => (
              <th key={measure.key} scope="col">
                {measure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dashboard.days.map((entry) => (
            <tr key={entry.day}>
              <th scope="row">
                <time dateTime={entry.day}>{shortDay(entry.day)}</time>
              </th>
              {DASHBOARD_MEASURES.map((measure) => (
                <td key={measure.key}>{entry.counts[measure.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {DASHBOARD_MEASURES.map((measure) => (
              <td key={measure.key}>{dashboard.totals[measure.key]}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Waiting({ waiting }: { waiting: StaffDashboard['waiting'] }) {
  const shown = waiting.applications.length;
  return (
    <>
      <h2 id="dashboard-waiting">Submitted more than {WAITING_AFTER_DAYS} days ago, no decision released</h2>
      <p>
        The welcome banner promises a decision within {PROMISE_DAYS} days. Oldest first;{' '}
        {waiting.past_promise === 1 ? '1 application is' : `${waiting.past_promise} applications are`} past the {PROMISE_DAYS} days.
      </p>
      {shown === 0 ? (
        <p className="dashboard__empty">
          No application is waiting: every application submitted before {longDay(waiting.submitted_before)} has its decision released.
        </p>
      ) : (
        <>
          {waiting.total > shown ? (
            <p>
              The {shown} oldest of {waiting.total} applications.
            </p>
          ) : null}
          <div className="dashboard__scroll" role="region" aria-labelledby="dashboard-waiting-caption">
            <table className="dashboard__table dashboard__table--waiting">
              <caption id="dashboard-waiting-caption">
                Applications submitted before {longDay(waiting.submitted_before)} ({waiting.total})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Reference number</th>
                  <th scope="col">Submitted</th>
                  <th scope="col">Days since</th>
                </tr>
              </thead>
              <tbody>
                {waiting.applications.map((application) => (
                  <tr key={application.id}>
                    <th scope="row">
                      <a href={`${CONSOLE_ROUTES.home}/applications/${application.id}`}>{application.name || application.email}</a>
                    </th>
                    <td>{application.email}</td>
                    <td>{application.reference}</td>
                    <td>
                      <time dateTime={application.submitted_at}>{dayOf(application.submitted_at)}</time>
                    </td>
                    <td>
                      {application.days_since}
                      {application.days_since > PROMISE_DAYS ? <strong className="console-flag"> · past the promise</strong> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
