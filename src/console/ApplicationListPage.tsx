import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { consoleListMachine } from '../../machines/consoleListMachine';
import { connectConsoleList, type ConsoleListView } from '../../machines/consoleListView';
import { APPLICATION_STATUSES, DECISION_FILTERS, REVIEW_FILTERS, type ApplicationStatus } from '../catalogue/schema/staffApplications';
import { APPLICATION_STATUS_LABELS } from '../catalogue/staffWords';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useView, useViewValue } from '../app/viewApi';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { ExportButton } from './ExportDialog';
import { useConsoleList, useConsoleSession } from './consoleActors';
import { ApplicationTable } from './ApplicationTable';
import { ListPages } from './ListPages';

/** The console's first page: every application, filtered, sorted and paged by the server. */
export function ApplicationListPage() {
  const list = useConsoleList();
  if (!list) return <Spinner label="Loading the applications…" />;
  return <ApplicationList list={list} />;
}

function ApplicationList({ list }: { list: ActorRefFrom<typeof consoleListMachine> }) {
  const view = useView(list, connectConsoleList);
  const titleId = useId();
  return (
    <section className="console-list" aria-labelledby={titleId}>
      <div className="console-list__head">
        <h1 id={titleId}>Applications</h1>
        <AdminExport view={view} />
      </div>
      <StatusCounts view={view} />
      <ListFilters view={view} />
      <p className="console-list__found" role="status">
        {view.phase === 'loading' ? 'Loading the applications…' : found(view)}
      </p>
      {view.phase === 'failed' ? (
        <div className="console-message console-message--error" role="alert">
          <p>{view.message}</p>
          <Button onClick={view.retry}>Try again</Button>
        </div>
      ) : null}
      {view.counts && view.applications.length === 0 && view.phase === 'ready' ? (
        <p className="console-list__empty">No application matches these filters.</p>
      ) : null}
      {view.canChoose ? <ChosenForRelease view={view} /> : null}
      {view.applications.length > 0 ? <ApplicationTable view={view} /> : null}
      {view.pageCount > 1 ? <ListPages page={view.page} pageCount={view.pageCount} goToPage={view.goToPage} /> : null}
    </section>
  );
}

/** What an admin chose for a release (the box beside each submitted application's name), and where it goes. */
function ChosenForRelease({ view }: { view: ConsoleListView }) {
  const count = view.chosen.length;
  return (
    <div className="console-chosen">
      <p aria-live="polite">
        {count === 0
          ? 'Tick submitted applications to release their decisions together.'
          : `${count === 1 ? '1 application' : `${count} applications`} chosen for a release.`}
      </p>
      {view.releaseAddress ? (
        <div className="console-actions">
          <Link className="ui-button ui-button--primary ui-button--default" to={view.releaseAddress}>
            Release the chosen applications
          </Link>
          <Button variant="secondary" onClick={view.clearChosen}>
            Clear the choice
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function found(view: ConsoleListView): string {
  if (!view.counts) return '';
  const shown = `${view.total} application${view.total === 1 ? '' : 's'} found`;
  return view.pageCount > 1 ? `${shown}, page ${view.page} of ${view.pageCount}` : shown;
}

/** The counts per status of the current search and days, each a filter; "All" takes every status. */
function StatusCounts({ view }: { view: ConsoleListView }) {
  const counts = view.counts;
  const all = counts ? APPLICATION_STATUSES.reduce((sum, status) => sum + counts[status], 0) : null;
  const choices: { status: ApplicationStatus | null; label: string; count: number | null }[] = [
    { status: null, label: 'All', count: all },
    ...APPLICATION_STATUSES.map((status) => ({ status, label: APPLICATION_STATUS_LABELS[status], count: view.counts?.[status] ?? null })),
  ];
  return (
    <div className="console-counts" role="group" aria-label="Status">
      {choices.map(({ status, label, count }) => (
        <button
          key={label}
          type="button"
          className="console-counts__choice"
          aria-pressed={view.query.status === status}
          onClick={() => view.chooseStatus(status)}
        >
          <span className="console-counts__count">{count ?? '–'}</span>
          <span className="console-counts__label">{label}</span>
        </button>
      ))}
    </div>
  );
}

/** The search box and the two days of submission; the list follows once the typing rests, or at Enter. */
function ListFilters({ view }: { view: ConsoleListView }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.apply();
  };
  return (
    <form className="console-filters" role="search" aria-label="Applications" noValidate onSubmit={submit}>
      <div className="console-field console-filters__search">
        <label htmlFor="list-search">Name, e-mail or reference number</label>
        <input
          id="list-search"
          name="q"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={view.draft.q}
          onChange={(event) => view.type({ q: event.target.value })}
        />
      </div>
      <fieldset className="console-filters__days">
        <legend>Submitted between</legend>
        <div className="console-field">
          <label htmlFor="list-from">From</label>
          <input
            id="list-from"
            name="submitted_from"
            type="date"
            value={view.draft.submittedFrom}
            onChange={(event) => view.type({ submittedFrom: event.target.value })}
          />
        </div>
        <div className="console-field">
          <label htmlFor="list-to">To</label>
          <input
            id="list-to"
            name="submitted_to"
            type="date"
            value={view.draft.submittedTo}
            onChange={(event) => view.type({ submittedTo: event.target.value })}
          />
        </div>
      </fieldset>
      <div className="console-field">
        <label htmlFor="list-review">Reviews</label>
        <select
          id="list-review"
          value={view.query.review ?? ''}
          onChange={(event) => view.chooseReview(REVIEW_FILTERS.find((filter) => filter === event.target.value) ?? null)}
        >
          <option value="">Any</option>
          <option value="unreviewed">Not reviewed</option>
          <option value="reviewed">Reviewed</option>
          <option value="flagged">Flagged for committee</option>
        </select>
      </div>
      <div className="console-field">
        <label htmlFor="list-decision">Decision</label>
        <select id="list-decision" value={view.query.decision ?? ''} onChange={(event) => view.chooseDecision(event.target.value || null)}>
          <option value="">Any</option>
          <option value={DECISION_FILTERS.none}>None recorded</option>
          {view.decisionCodes.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
          <option value={DECISION_FILTERS.released}>Released</option>
        </select>
      </div>
      <Button type="submit" variant="secondary" className="console-filters__apply">
        Search
      </Button>
    </form>
  );
}

/** Admins export what the list shows; readers are offered no export. */
function AdminExport({ view }: { view: ConsoleListView }) {
  const isAdmin = useViewValue(useConsoleSession(), connectConsoleSession, (session) => session.isAdmin);
  return isAdmin ? <ExportButton filters={view.exportFilters} /> : null;
}
