import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { consoleQueueMachine } from '../../machines/consoleQueueMachine';
import { connectConsoleQueue } from '../../machines/consoleQueueView';
import type { QueueItem } from '../catalogue/schema/staffReviews';
import { formatStaffTime } from '../catalogue/staffWords';
import { useView } from '../app/viewApi';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useConsoleQueue } from './consoleActors';
import { useOnOpen } from './useOnOpen';
import { PageState } from './PageState';

/** The review queue: the reviewer's own reviews to write, and the submitted applications waiting for a read. */
export function ReviewQueuePage() {
  const actor = useConsoleQueue();
  if (!actor) return <Spinner label="Loading the review queue…" />;
  return <Queue actor={actor} />;
}

function QueueTable({ items, label }: { items: readonly QueueItem[]; label: string }) {
  return (
    <div className="console-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">Applicant</th>
            <th scope="col">Reference number</th>
            <th scope="col">Submitted</th>
            <th scope="col">Reviews</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={`/staff/applications/${item.id}`}>
                  <bdi>{item.name || `Application ${item.id}`}</bdi>
                </Link>
              </td>
              <td>{item.reference ?? '—'}</td>
              <td>{formatStaffTime(item.submitted_at)}</td>
              <td>{item.review_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Queue({ actor }: { actor: ActorRefFrom<typeof consoleQueueMachine> }) {
  const view = useView(actor, connectConsoleQueue);
  const titleId = useId();
  // Each opening of the page reads the queue afresh.
  useOnOpen(view.load);
  return (
    <section className="console-settings console-queue" aria-labelledby={titleId}>
      <h1 id={titleId}>Reviews</h1>
      <PageState phase={view.phase} message={view.message} loading="Loading the review queue…" retry={view.retry} />
      {view.phase === 'ready' ? (
        <>
          <h2>Your reviews to write ({view.mine.length})</h2>
          {view.mine.length > 0 ? <QueueTable items={view.mine} label="Your reviews to write" /> : <p className="console-notice">None.</p>}
          <h2>Waiting for a read ({view.waitingTotal})</h2>
          <p>
            Submitted applications still short of their reads, the longest-waiting first. Your first read is blind: other reviews show once
            yours is in.
          </p>
          <Button busy={view.claiming} disabled={view.waitingTotal === 0} onClick={view.next}>
            Review the next application
          </Button>
          {view.waiting.length > 0 ? <QueueTable items={view.waiting} label="Waiting for a read" /> : null}
        </>
      ) : null}
    </section>
  );
}
