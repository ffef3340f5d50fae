import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { consoleAccessLogMachine } from '../../machines/consoleAccessLogMachine';
import { connectConsoleAccessLog, type ConsoleAccessLogView } from '../../machines/consoleAccessLogView';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { ACCESS_KINDS } from '../catalogue/schema/staffAccessLog';
import { accessKindLabel, formatStaffTime } from '../catalogue/staffWords';
import { useView } from '../app/viewApi';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { AdminsOnly } from './AdminsOnly';
import { useConsoleAccessLog } from './consoleActors';
import { ListPages } from './ListPages';

/** The access log, for admins: every staff access, newest first, filtered by person, applicant and kind. */
export function AccessLogPage() {
  const actor = useConsoleAccessLog();
  if (!actor) return <Spinner label="Loading the access log…" />;
  return <AccessLog actor={actor} />;
}

const applicationAddress = (id: number) => CONSOLE_ROUTES.application.replace(':id', String(id));

function AccessLog({ actor }: { actor: ActorRefFrom<typeof consoleAccessLogMachine> }) {
  const view = useView(actor, connectConsoleAccessLog);
  const titleId = useId();
  if (view.phase === 'refused') return <AdminsOnly title="Access log" message={view.message ?? ''} />;
  return (
    <section className="console-list" aria-labelledby={titleId}>
      <h1 id={titleId}>Access log</h1>
      <p>Every sign-in, every view and download of an application, every export and every change to a staff account, newest first.</p>
      <AccessLogFilters view={view} />
      <p className="console-list__found" role="status">
        {view.phase === 'loading'
          ? 'Loading the access log…'
          : `${view.total.toLocaleString('en-US')} ${view.total === 1 ? 'entry' : 'entries'}`}
      </p>
      {view.phase === 'failed' ? (
        <div className="console-message console-message--error" role="alert">
          <p>{view.message}</p>
          <Button onClick={view.retry}>Try again</Button>
        </div>
      ) : null}
      {view.phase === 'ready' && view.entries.length === 0 ? <p className="console-list__empty">No entry matches these filters.</p> : null}
      {view.entries.length > 0 ? <AccessLogTable view={view} /> : null}
      {view.pageCount > 1 ? (
        <ListPages page={view.page} pageCount={view.pageCount} goToPage={view.goToPage} label="Pages of the access log" />
      ) : null}
    </section>
  );
}

function AccessLogFilters({ view }: { view: ConsoleAccessLogView }) {
  const { query } = view;
  const known = view.people.some((person) => person.id === query.staffId);
  return (
    <div className="console-filters" role="group" aria-label="Filters">
      <div className="console-field">
        <label htmlFor="log-person">Person</label>
        <select
          id="log-person"
          value={query.staffId === null ? '' : String(query.staffId)}
          onChange={(event) => view.filterByPerson(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">Everyone</option>
          {query.staffId !== null && !known ? <option value={String(query.staffId)}>Staff account {query.staffId}</option> : null}
          {view.people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.email}
              {person.status === 'deactivated' ? ' (deactivated)' : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor="log-kind">What</label>
        <select
          id="log-kind"
          value={query.kind ?? ''}
          onChange={(event) => view.filterByKind(ACCESS_KINDS.find((kind) => kind === event.target.value) ?? null)}
        >
          <option value="">Everything</option>
          {ACCESS_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {accessKindLabel(kind)}
            </option>
          ))}
        </select>
      </div>
      {query.applicationId !== null ? (
        <p className="console-filters__applicant">
          Only application {query.applicationId}
          {view.entries[0]?.applicant_email ? <> ({view.entries[0].applicant_email})</> : null}.{' '}
          <button type="button" className="link-button" onClick={() => view.filterByApplicant(null)}>
            Show every applicant
          </button>
        </p>
      ) : null}
    </div>
  );
}

function AccessLogTable({ view }: { view: ConsoleAccessLogView }) {
  const captionId = useId();
  return (
    <div className="console-table console-log" role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={view.phase === 'loading'}>
      <table>
        <caption id={captionId} className="visually-hidden">
          Access log, page {view.page} of {view.pageCount}
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Application</th>
            <th scope="col">From</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {view.entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.created_at}>{formatStaffTime(entry.created_at)}</time>
              </td>
              <td>{entry.staff_email ?? <span className="console-table__none">Unknown address</span>}</td>
              <td>{accessKindLabel(entry.kind)}</td>
              <td>
                {entry.application_id !== null ? (
                  <span className="console-log__applicant">
                    <Link to={applicationAddress(entry.application_id)}>
                      {entry.applicant_email ?? `Application ${entry.application_id}`}
                    </Link>
                    {view.query.applicationId === null ? (
                      <button type="button" className="link-button" onClick={() => view.filterByApplicant(entry.application_id)}>
                        Only this applicant<span className="visually-hidden"> ({entry.applicant_email ?? entry.application_id})</span>
                      </button>
                    ) : null}
                  </span>
                ) : (
                  <span className="console-table__none">—</span>
                )}
              </td>
              <td>{entry.client}</td>
              <td>{details(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How many applications a list or an export held, and what else names the act (an address, a role). */
function details(entry: ConsoleAccessLogView['entries'][number]): string {
  const parts: string[] = [];
  if (entry.count !== null) parts.push(`${entry.count.toLocaleString('en-US')} ${entry.count === 1 ? 'application' : 'applications'}`);
  if (entry.detail) parts.push(entry.detail);
  return parts.join(' · ') || '—';
}
