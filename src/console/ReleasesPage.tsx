import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { consoleReleasesMachine } from '../../machines/consoleReleasesMachine';
import { connectConsoleReleases, type ConsoleReleasesView } from '../../machines/consoleReleasesView';
import { letterText } from '../catalogue/letters';
import type { ReleaseState, ReleaseSummary } from '../catalogue/schema/staffReviews';
import { formatStaffTime } from '../catalogue/staffWords';
import { useView } from '../app/viewApi';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { AdminsOnly } from './AdminsOnly';
import { ConsoleField, ConsoleTextArea } from './ConsoleField';
import { useConsoleReleases } from './consoleActors';
import { useOnOpen } from './useOnOpen';
import { PageState } from './PageState';

const STATE_LABELS: Record<ReleaseState, string> = {
  awaiting_approval: 'Awaiting a second admin’s approval',
  approved: 'Approved: goes out at its time',
  sending: 'Going out',
  sent: 'Sent',
  recalled: 'Recalled',
};

const PROBLEM_LABELS = {
  no_decision: 'No decision recorded',
  flagged: 'Flagged for committee',
  letter_fails: 'Letter fails to render',
  released_before: 'Released before',
  not_submitted: 'Not submitted',
} as const;

/** The decision releases, for admins: what went out and what is on its way, and a new release rehearsed first. */
export function ReleasesPage() {
  const actor = useConsoleReleases();
  if (!actor) return <Spinner label="Loading the releases…" />;
  return <Releases actor={actor} />;
}

function Releases({ actor }: { actor: ActorRefFrom<typeof consoleReleasesMachine> }) {
  const view = useView(actor, connectConsoleReleases);
  const titleId = useId();
  // Each opening of the page reads the releases afresh.
  useOnOpen(view.load);
  if (view.phase === 'refused') return <AdminsOnly title="Decision releases" message={view.message ?? ''} />;
  return (
    <section className="console-settings console-releases" aria-labelledby={titleId}>
      <h1 id={titleId}>Decision releases</h1>
      <p>
        A decision reaches an applicant only through a release: prepared after a rehearsal that finds nothing wrong, approved by a second
        admin, and sent at its time. Until then it can be recalled.
      </p>
      <div role="status">{view.notice ? <p className="console-notice">{view.notice}</p> : null}</div>
      <PageState phase={view.phase} message={view.message} loading="Loading the releases…" retry={view.retry} />
      {view.phase === 'ready' ? (
        <>
          <ReleaseList view={view} />
          <NewRelease view={view} />
        </>
      ) : null}
    </section>
  );
}

function ReleaseList({ view }: { view: ConsoleReleasesView }) {
  if (view.releases.length === 0) return <p className="console-notice">No release yet.</p>;
  return (
    <div className="console-table-scroll" role="region" aria-label="Releases" tabIndex={0}>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col">Goes out</th>
            <th scope="col">Letters</th>
            <th scope="col">State</th>
            <th scope="col">Who</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {view.releases.map((release) => (
            <ReleaseRow key={release.id} release={release} view={view} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReleaseRow({ release, view }: { release: ReleaseSummary; view: ConsoleReleasesView }) {
  const waiting = release.state === 'awaiting_approval';
  // Recallable until it starts going out: the server refuses a recall after its time.
  const recallable = waiting || release.state === 'approved';
  return (
    <tr>
      <td>{release.id}</td>
      <td>{formatStaffTime(release.scheduled_at)}</td>
      <td>
        {release.counts.map((count) => `${count.label}: ${count.letters}`).join(', ')}
        {release.state === 'sending' || release.state === 'sent' ? (
          <>
            <br />
            <progress max={release.total} value={release.sent} aria-label={`Release ${release.id} sent`} /> {release.sent} of{' '}
            {release.total} sent
          </>
        ) : null}
      </td>
      <td>{STATE_LABELS[release.state]}</td>
      <td>
        Prepared by {release.prepared_by}
        {release.approved_by ? `, approved by ${release.approved_by}` : ''}
        {release.recalled_by ? `, recalled by ${release.recalled_by}` : ''}
      </td>
      <td>
        <div className="console-actions">
          {waiting && !view.preparedByMe(release) ? (
            <Button busy={view.deciding} onClick={() => view.approve(release.id)}>
              Approve release {release.id}
            </Button>
          ) : null}
          {waiting && view.preparedByMe(release) ? <span className="console-hint">Another admin must approve it.</span> : null}
          {recallable ? (
            <Button variant="secondary" busy={view.deciding} onClick={() => view.recall(release.id)}>
              Recall release {release.id}
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function NewRelease({ view }: { view: ConsoleReleasesView }) {
  // Applications chosen in the list arrive in the address, one reference number per line here.
  const { search } = useLocation();
  const fromList = (new URLSearchParams(search).get('references') ?? '').split(',').filter(Boolean).join('\n');
  const [by, setBy] = useState<'decisions' | 'references'>(fromList ? 'references' : 'decisions');
  const [codes, setCodes] = useState<string[]>([]);
  const [references, setReferences] = useState(fromList);
  const [time, setTime] = useState('');
  const toggle = (code: string, on: boolean) => setCodes(on ? [...codes, code] : codes.filter((chosen) => chosen !== code));
  return (
    <div className="console-evaluation__part">
      <h2>Prepare a release</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (by === 'decisions') view.rehearse(codes, time);
          else view.rehearseSelection(references, time);
        }}
        noValidate
      >
        <fieldset className="console-review-form__recommendation">
          <legend>What to release</legend>
          <label>
            <input type="radio" name="release-by" checked={by === 'decisions'} onChange={() => setBy('decisions')} /> Decisions: every
            decided application not released yet
          </label>
          <label>
            <input type="radio" name="release-by" checked={by === 'references'} onChange={() => setBy('references')} /> Chosen applications,
            by reference number
          </label>
        </fieldset>
        {by === 'decisions' ? (
          <fieldset className="console-review-form__recommendation">
            <legend>Decisions to release</legend>
            {view.codes.map((option) => (
              <label key={option.code}>
                <input
                  type="checkbox"
                  checked={codes.includes(option.code)}
                  onChange={(event) => toggle(option.code, event.target.checked)}
                />{' '}
                {option.label}
              </label>
            ))}
            <p className="console-field__error" role="alert">
              {view.fieldErrors.codes ?? ''}
            </p>
          </fieldset>
        ) : (
          <ConsoleTextArea
            id="release-references"
            label="Reference numbers (one per line, or separated by commas)"
            error={view.fieldErrors.references}
            rows={4}
            value={references}
            spellCheck={false}
            onChange={(event) => setReferences(event.target.value)}
          />
        )}
        <ConsoleField
          id="release-time"
          label="Goes out at (your time)"
          error={view.fieldErrors.scheduled_at}
          type="datetime-local"
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={view.rehearsing}>
          Rehearse the release
        </Button>
      </form>
      {view.rehearsal ? <RehearsalReport view={view} /> : null}
    </div>
  );
}

function RehearsalReport({ view }: { view: ConsoleReleasesView }) {
  const rehearsal = view.rehearsal!;
  return (
    <section className="console-rehearsal" aria-labelledby="rehearsal-title">
      <h3 id="rehearsal-title">Rehearsal: {rehearsal.total === 1 ? '1 application' : `${rehearsal.total} applications`}</h3>
      <table className="console-table">
        <caption>Letters in this release, next to the decisions recorded and not yet released</caption>
        <thead>
          <tr>
            <th scope="col">Decision</th>
            <th scope="col">Letters in this release</th>
            <th scope="col">Decisions recorded, not released</th>
          </tr>
        </thead>
        <tbody>
          {rehearsal.counts.map((count) => (
            <tr key={count.code}>
              <th scope="row">{count.label}</th>
              <td>{count.letters}</td>
              <td>{count.recorded_unreleased}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rehearsal.problems.length > 0 ? (
        <>
          <h4>What would be wrong ({rehearsal.problems.length})</h4>
          <ul className="console-problems">
            {rehearsal.problems.map((problem) => (
              <li key={`${problem.application_id}-${problem.kind}`}>
                <strong>{PROBLEM_LABELS[problem.kind]}:</strong>{' '}
                <Link to={`/staff/applications/${problem.application_id}`}>{problem.name}</Link> — {problem.detail}
              </li>
            ))}
          </ul>
          <p>Nothing can be prepared while the rehearsal finds a problem.</p>
        </>
      ) : (
        <p className="console-notice">The rehearsal found nothing wrong.</p>
      )}
      {rehearsal.samples.map((sample) => (
        <details key={sample.code}>
          <summary>
            Read a {view.codes.find((option) => option.code === sample.code)?.label ?? sample.code} letter as it will go out
          </summary>
          <p className="console-review__comment">{letterText(sample.letter)}</p>
        </details>
      ))}
      <div className="console-actions">
        <Button busy={view.preparing} disabled={!view.canPrepare} onClick={view.prepare}>
          Prepare for approval
        </Button>
        <Button variant="secondary" onClick={view.discard}>
          Discard the rehearsal
        </Button>
      </div>
    </section>
  );
}
