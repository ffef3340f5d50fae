import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ApplicationSummary } from '../../machines/api/consoleEndpoints';
import type { ConsoleListView } from '../../machines/consoleListView';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { APPLICATION_COLUMNS } from '../catalogue/schema/staffApplications';
import { APPLICATION_STATUS_LABELS, formatStaffTime } from '../catalogue/staffWords';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, ApplicationSummary>();

/** A moment, readable, with the machine-readable one beside it. */
const Moment = ({ iso }: { iso: string | null }) =>
  iso === null ? <span className="console-table__none">Not yet</span> : <time dateTime={iso}>{formatStaffTime(iso)}</time>;

/** An admin's choice of applications for a release: the reference numbers ticked, and how to tick one. */
interface Choice {
  chosen: readonly string[];
  choose: (reference: string, on: boolean) => void;
}

/** The columns, each sorted by the server under the same name. A submitted application's name has its box to choose it, for admins. */
const columns = (decisionLabel: (code: string) => string, choice: Choice | null) =>
  column.columns([
    column.accessor('name', {
      header: 'Name',
      cell: ({ row }) => {
        const { id, name, reference } = row.original;
        return (
          <>
            {choice && reference !== null ? (
              <input
                type="checkbox"
                className="console-table__choose"
                aria-label={`Choose ${name || reference} for a release`}
                checked={choice.chosen.includes(reference)}
                onChange={(event) => choice.choose(reference, event.target.checked)}
              />
            ) : null}
            <Link to={`${CONSOLE_ROUTES.home}/applications/${id}`}>{name || 'No name given'}</Link>
          </>
        );
      },
    }),
    column.accessor('email', { header: 'E-mail' }),
    column.accessor('reference', {
      header: 'Reference number',
      cell: ({ getValue }) => getValue() ?? <span className="console-table__none">None yet</span>,
    }),
    column.accessor('status', { header: 'Status', cell: ({ getValue }) => APPLICATION_STATUS_LABELS[getValue()] }),
    column.accessor('step', {
      header: 'Step reached',
      cell: ({ getValue }) => getValue() ?? <span className="console-table__none">None yet</span>,
    }),
    column.accessor('last_change', { header: 'Last change', cell: ({ getValue }) => <Moment iso={getValue()} /> }),
    column.accessor('submitted_at', { header: 'Submitted at', cell: ({ getValue }) => <Moment iso={getValue()} /> }),
    column.accessor('reviews', {
      header: 'Reviews',
      cell: ({ row }) => (
        <>
          {row.original.reviews}
          {row.original.flagged ? <span className="console-flag"> · Flagged</span> : null}
        </>
      ),
    }),
    column.accessor('decision', {
      header: 'Decision',
      cell: ({ row }) =>
        row.original.decision === null ? (
          <span className="console-table__none">None yet</span>
        ) : (
          `${decisionLabel(row.original.decision)}${row.original.released ? ' (released)' : ''}`
        ),
    }),
  ]);

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * One page of applications. The server sorts and pages: each column's header is a button that asks
 * the list for that order, and says which order the rows are in. At a narrow width the table
 * scrolls sideways inside its own region, which the keyboard reaches too.
 */
export function ApplicationTable({ view }: { view: ConsoleListView }) {
  const captionId = useId();
  const { sort, order } = view.query;
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: order === 'desc' }], [sort, order]);
  const { decisionCodes, canChoose, chosen, choose } = view;
  const tableColumns = useMemo(
    () => columns((code) => decisionCodes.find((option) => option.code === code)?.label ?? code, canChoose ? { chosen, choose } : null),
    // The view's functions are made anew with each snapshot; what they do is the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [decisionCodes, canChoose, chosen],
  );
  const table = useTable({
    features,
    columns: tableColumns,
    data: view.applications,
    getRowId: (row) => String(row.id),
    manualSorting: true,
    state: { sorting },
  });
  return (
    // A region that scrolls sideways takes the keyboard's focus, so that the arrow keys scroll it.
    <div className="console-table" role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={view.phase === 'loading'}>
      <table>
        <caption id={captionId}>
          Applications, page {view.page} of {view.pageCount}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const sort = APPLICATION_COLUMNS.find((name) => name === header.column.id);
                if (!sort) {
                  return (
                    <th key={header.id} scope="col">
                      <table.FlexRender header={header} />
                    </th>
                  );
                }
                return (
                  <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                    <button type="button" className="console-table__sort" onClick={() => view.sortBy(sort)}>
                      <table.FlexRender header={header} />
                      <span className="console-table__arrow" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) =>
                cell.column.id === 'name' ? (
                  <th key={cell.id} scope="row">
                    <table.FlexRender cell={cell} />
                  </th>
                ) : (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
